/** The military service's front door: what other services may use of it, and the only file they import. */
export { CROSS_STRAIT_ACTIVITY } from './cross-strait/datasets/cross-strait-activity.js';
export { MILITARY_FLIGHTS, militaryFlightsDataset, parseMilitaryFlights } from './flights/datasets/military-flights.js';
export type { MilitaryFlightsInfo } from './flights/datasets/military-flights.js';
export { THEATERS } from './flights/rules.js';
export type { MilitaryFlight } from './flights/schemas.js';
