/** The aviation service's front door: what other services may use of it, and the only file they import. */
export { FLIGHTS, flightsDataset } from './flights/datasets/flights.js';
export type { FlightInstance } from './flights/schemas.js';
export { FAA_STATUS } from './delays/datasets/faa-status.js';
export type { FaaDelay } from './delays/datasets/faa-status.js';
