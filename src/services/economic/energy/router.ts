import { markDegraded, type RequestContext } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { EIA_CAPACITY } from './datasets/eia-capacity.js';
import { EIA_WEEKLY } from './datasets/eia-weekly.js';
import { CRISIS_POLICIES } from './datasets/crisis-policies.js';
import { GIE_EU_STORAGE } from './datasets/gie-storage.js';
import { IEA_OIL_STOCKS } from './datasets/iea-oil-stocks.js';
import {
  getCrudeInventories,
  getEnergyCapacity,
  getEnergyCrisisPolicies,
  getEnergyPrices,
  getEuGasStorage,
  getNatGasStorage,
  getOilInventories,
  getOilStocksAnalysis,
  OIL_INVENTORY_DATASETS,
  type Flagged,
} from './queries.js';
import {
  GetCrudeInventoriesRequest,
  GetCrudeInventoriesResponse,
  GetEnergyCapacityRequest,
  GetEnergyCapacityResponse,
  GetEnergyCrisisPoliciesRequest,
  GetEnergyCrisisPoliciesResponse,
  GetEnergyPricesRequest,
  GetEnergyPricesResponse,
  GetNatGasStorageRequest,
  GetEuGasStorageRequest,
  GetEuGasStorageResponse,
  GetNatGasStorageResponse,
  GetOilInventoriesRequest,
  GetOilInventoriesResponse,
  GetOilStocksAnalysisRequest,
  GetOilStocksAnalysisResponse,
} from './schemas.js';

function answer<T>(ctx: RequestContext, { response, degraded }: Flagged<T>): T {
  if (degraded) markDegraded(ctx);
  return response;
}

const NO_DATA = 'An empty answer with caching disabled means the data is not available right now.';

/** Oil, gas and power: EIA weekly statistics and generating capacity, EU gas storage, IEA oil stocks. */
export const energyProcedures = {
  getEnergyPrices: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-energy-prices',
        operationId: 'GetEnergyPrices',
        tags: ['economic'],
        summary: 'Get crude oil benchmark prices',
        description:
          'Latest weekly spot price of WTI (Cushing) and Brent with the percent change from the week before, from the ' +
          'EIA weekly spot price series RWTC and RBRTE. `commodities` narrows the list; an unknown commodity is a 400. ' +
          NO_DATA,
      },
      cacheTier: 'static',
      datasets: [EIA_WEEKLY],
    })
    .input(GetEnergyPricesRequest)
    .output(GetEnergyPricesResponse)
    .query(({ ctx, input }) => answer(ctx, getEnergyPrices(ctx.deps.store, input))),

  getCrudeInventories: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-crude-inventories',
        operationId: 'GetCrudeInventories',
        tags: ['economic'],
        summary: 'Get US commercial crude oil inventories',
        description:
          'The last eight weeks of US crude oil stocks excluding the Strategic Petroleum Reserve (EIA series WCRSTUS1, ' +
          'converted to million barrels), newest first, each with its change from the week before. ' +
          NO_DATA,
      },
      cacheTier: 'daily',
      datasets: [EIA_WEEKLY],
    })
    .input(GetCrudeInventoriesRequest)
    .output(GetCrudeInventoriesResponse)
    .query(({ ctx }) => answer(ctx, getCrudeInventories(ctx.deps.store))),

  getNatGasStorage: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-nat-gas-storage',
        operationId: 'GetNatGasStorage',
        tags: ['economic'],
        summary: 'Get US natural gas storage',
        description:
          'The last eight weeks of working gas in underground storage in the Lower 48 states (EIA series ' +
          'NW2_EPG0_SWO_R48_BCF, billion cubic feet), newest first, each with the net injection or withdrawal of the week. ' +
          NO_DATA,
      },
      cacheTier: 'daily',
      datasets: [EIA_WEEKLY],
    })
    .input(GetNatGasStorageRequest)
    .output(GetNatGasStorageResponse)
    .query(({ ctx }) => answer(ctx, getNatGasStorage(ctx.deps.store))),

  getEnergyCapacity: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-energy-capacity',
        operationId: 'GetEnergyCapacity',
        tags: ['economic'],
        summary: 'Get US solar, wind and coal generating capacity',
        description:
          'Net summer generating capacity per year for solar, wind and coal, summed over the states from the EIA state ' +
          'electricity profiles (about twenty years). Coal counts the sum of its sub-types where EIA gives no coal total. ' +
          '`energy_sources` narrows the series (unknown values are a 400); `years` keeps the newest N years. ' +
          NO_DATA,
      },
      cacheTier: 'daily',
      datasets: [EIA_CAPACITY],
    })
    .input(GetEnergyCapacityRequest)
    .output(GetEnergyCapacityResponse)
    .query(({ ctx, input }) => answer(ctx, getEnergyCapacity(ctx.deps.store, input))),

  getEuGasStorage: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-eu-gas-storage',
        operationId: 'GetEuGasStorage',
        tags: ['economic'],
        summary: 'Get EU gas storage',
        description:
          'EU aggregate gas storage fill level with its daily change and trend, the stored gas as days of average ' +
          'consumption, and the last five gas days, from GIE AGSI+. unavailable is true when there is no data.',
      },
      cacheTier: 'slow',
      datasets: [GIE_EU_STORAGE],
    })
    .input(GetEuGasStorageRequest)
    .output(GetEuGasStorageResponse)
    .query(({ ctx }) => getEuGasStorage(ctx.deps.store)),

  getOilStocksAnalysis: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-oil-stocks-analysis',
        operationId: 'GetOilStocksAnalysis',
        tags: ['economic'],
        summary: 'Get IEA members’ oil stocks against the 90-day obligation',
        description:
          'Emergency oil stocks of IEA member countries in days of net imports for the newest month the IEA publishes: ' +
          'ranking, who is below the 90-day obligation, and regional summaries (Europe, Asia-Pacific, North America). ' +
          'Net exporters carry no obligation; totals over 500 days are treated as reporting errors and left out. ' +
          'Computed once per snapshot. unavailable is true when there is no data.',
      },
      cacheTier: 'static',
      datasets: [IEA_OIL_STOCKS],
    })
    .input(GetOilStocksAnalysisRequest)
    .output(GetOilStocksAnalysisResponse)
    .query(({ ctx }) => getOilStocksAnalysis(ctx.deps.store)),

  getOilInventories: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-oil-inventories',
        operationId: 'GetOilInventories',
        tags: ['economic'],
        summary: 'Get oil and gas inventories in one answer',
        description:
          'US commercial crude stocks, the Strategic Petroleum Reserve, refinery crude input and Lower 48 gas storage ' +
          '(EIA), EU gas storage (GIE AGSI+) and IEA members’ oil stocks. A block whose data is missing is left out; ' +
          'when every block is missing the answer is not cached.',
      },
      cacheTier: 'slow',
      datasets: [...OIL_INVENTORY_DATASETS],
    })
    .input(GetOilInventoriesRequest)
    .output(GetOilInventoriesResponse)
    .query(({ ctx }) => answer(ctx, getOilInventories(ctx.deps.store))),

  getEnergyCrisisPolicies: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-energy-crisis-policies',
        operationId: 'GetEnergyCrisisPolicies',
        tags: ['economic'],
        summary: 'Get government responses to the 2026 energy crisis',
        description:
          'Conservation and consumer-support measures announced by governments, from a curated registry built on the IEA ' +
          '2026 Energy Crisis Policy Response Tracker. `country_code` and `category` narrow the list; no match is an ' +
          'empty list, not an error. unavailable is true only when the registry is missing.',
      },
      cacheTier: 'static',
      datasets: [CRISIS_POLICIES],
    })
    .input(GetEnergyCrisisPoliciesRequest)
    .output(GetEnergyCrisisPoliciesResponse)
    .query(({ ctx, input }) => getEnergyCrisisPolicies(ctx.deps.store, input)),
};
