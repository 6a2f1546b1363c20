/** The forecast service's front door: what other services may use of it, and the only file they import. */
export { FORECASTS } from './datasets/predictions.js';
