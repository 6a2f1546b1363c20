/** The climate service's front door: what other services may use of it, and the only file they import. */
export { AIR_QUALITY } from './datasets/air-quality.js';
export { airQualityStations } from './queries.js';
export { airQualityFields } from './schemas.js';
export { ZONE_NORMALS } from './datasets/zone-normals.js';
export { ZONE_WEATHER } from './datasets/zone-weather.js';
export type { ZoneWeek } from './datasets/zone-weather.js';
export type { ZoneNormal } from './normals.js';
export { anomaliesOf } from './queries.js';
