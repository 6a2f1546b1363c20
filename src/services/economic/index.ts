/** The economic service's front door: what other services may use of it, and the only file they import. */
export { EMBER_MONTHLY } from './energy/datasets/ember-monthly.js';
export type { ElectricityMixRow } from './energy/datasets/ember-monthly.js';
export { ENTSOE_PRICES } from './energy/datasets/entsoe-prices.js';
export type { ElectricityPriceRow } from './energy/datasets/entsoe-prices.js';
export { GIE_COUNTRY_STORAGE } from './energy/datasets/gie-country-storage.js';
export { IEA_OIL_STOCKS } from './energy/datasets/iea-oil-stocks.js';
export type { IeaStocksInfo } from './energy/datasets/iea-oil-stocks.js';
export { JODI_GAS, JODI_GAS_FLOWS } from './energy/datasets/jodi-gas.js';
export type { GasBalanceRow } from './energy/datasets/jodi-gas.js';
export { OWID_ENERGY_MIX } from './energy/datasets/owid-mix.js';
export type { EnergyMixRow } from './energy/datasets/owid-mix.js';
export { SPR_POLICIES } from './energy/datasets/spr-policies.js';
export type { SprPolicy, SprRegistryInfo } from './energy/datasets/spr-policies.js';
export type { MemberStocks } from './energy/rules.js';
export { NBS_MONTHLY } from './macro/datasets/nbs-monthly.js';
