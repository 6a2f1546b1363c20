/** The natural service's front door: what other services may use of it, and the only file they import. */
export { NATURAL_EVENTS, naturalEventsDataset } from './datasets/natural-events.js';
export type { NaturalEvent } from './schemas.js';
