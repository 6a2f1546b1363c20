/** The seismology service's front door: what other services may use of it, and the only file they import. */
export { EARTHQUAKES } from './datasets/earthquakes.js';
export type { Earthquake } from './schemas.js';
