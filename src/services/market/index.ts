/** The market service's front door: what other services may use of it, and the only file they import. */
export { COMMODITIES_SNAPSHOT } from './commodities/datasets/commodities.js';
export type { StoredInstrument } from './commodities/datasets/commodities.js';
export { CHINA_DISCLOSURES } from './equities/datasets/china-disclosures.js';
export { INDEX_BOARDS } from './equities/datasets/index-boards.js';
export type { BoardInstrument } from './equities/datasets/index-boards.js';
export { MARKET_QUOTES } from './equities/datasets/quotes.js';
