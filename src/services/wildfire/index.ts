/** The wildfire service's front door: what other services may use of it, and the only file they import. */
export { FIRE_DETECTIONS } from './datasets/fire-detections.js';
export { FIRE_REGIONS } from './rules.js';
export type { FireDetection } from './schemas.js';
