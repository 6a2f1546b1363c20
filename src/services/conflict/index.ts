/** The conflict service's front door: what other services may use of it, and the only file they import. */
export { ACLED_EVENTS } from './datasets/acled.js';
export { acledReferenceTime, parseAcledPayload } from './datasets/acled-format.js';
export { UCDP_EVENTS } from './datasets/ucdp.js';
export {
  checkRange,
  countryFilter,
  DAY_MS,
  DEFAULT_PAGE_SIZE,
  effectivePageSize,
  MAX_PAGE_SIZE,
  pageOfRange,
  windowStart,
} from './rules.js';
export type { AcledConflictEvent, UcdpViolenceEvent } from './schemas.js';
