/** The supply-chain service's front door: what other services may use of it, and the only file they import. */
export { composeCorridorTowers, corridorBreadth } from './china/compose.js';
export { CHINA_PORTS, chinaPortsDataset } from './china/datasets/china-ports.js';
export type { ChinaPortsInfo } from './china/datasets/china-ports.js';
export { chinaCorridorsDataset } from './china/datasets/corridors.js';
export type { CorridorDef, CorridorId, Family } from './china/datasets/corridors.js';
export { CORRIDOR_INPUT_DATASETS, corridorComposition } from './china/queries.js';
export { hubBalance } from './china/rules.js';
export type { Trend } from './china/rules.js';
export type { CorridorInputs } from './china/signals.js';
export { CHOKEPOINTS, chokepointsDataset, parseChokepointRegistry } from './chokepoints/datasets/chokepoints.js';
export type { ChokepointDef, ChokepointRegistryInfo } from './chokepoints/datasets/chokepoints.js';
export { getChokepointStatus, STATUS_DATASETS } from './chokepoints/queries.js';
export { OIL_BALANCES, oilBalancesDataset } from './energy/datasets/oil-balances.js';
export type { OilBalanceRow, OilRecord } from './energy/datasets/oil-balances.js';
export { CHOKEPOINT_CRUDE_EXPOSURE, GULF_SHARE_PROXY, MAX_COVER_DAYS, PRODUCT_YIELDS } from './energy/rules.js';
export { SHIPPING_RATES, shippingRatesDataset } from './freight/datasets/shipping-rates.js';
export type { ShippingIndex } from './freight/schemas.js';
export { LANE_DATASETS, laneView, statusById } from './routes/queries.js';
