/** The climate service's front door: what other services may use of it, and the only file they import. */
export { AIR_QUALITY } from './datasets/air-quality.js';
export { airQualityStations } from './queries.js';
export { airQualityFields } from './schemas.js';
