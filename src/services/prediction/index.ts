/** The prediction service's front door: what other services may use of it, and the only file they import. */
export { PREDICTION_MARKETS } from './datasets/markets.js';
export type { StoredMarket } from './datasets/markets.js';
