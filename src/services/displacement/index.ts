/** The displacement service's front door: what other services may use of it, and the only file they import. */
export { DISPLACEMENT_SUMMARY } from './datasets/unhcr-population.js';
export type { StoredRow as DisplacementRow } from './datasets/unhcr-population.js';
