/** The sanctions service's front door: what other services may use of it, and the only file they import. */
export { SANCTIONS_SDN } from './datasets/sdn.js';
export type { SdnRecord } from './datasets/sdn.js';
export { sanctionsByCountry } from './queries.js';
