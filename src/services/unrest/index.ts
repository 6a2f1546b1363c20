/** The unrest service's front door: what other services may use of it, and the only file they import. */
export { UNREST_EVENTS } from './datasets/unrest-events.js';
export type { UnrestEvent } from './schemas.js';
