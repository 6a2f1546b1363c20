/** The trade service's front door: what other services may use of it, and the only file they import. */
export { COMTRADE_FLOWS, comtradeFlowsDataset } from './datasets/comtrade-flows.js';
export type { ComtradeFlow } from './datasets/comtrade-flows.js';
