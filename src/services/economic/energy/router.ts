import { markDegraded, type RequestContext } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { EIA_CAPACITY } from './datasets/eia-capacity.js';
import { EIA_WEEKLY } from './datasets/eia-weekly.js';
import { getCrudeInventories, getEnergyCapacity, getEnergyPrices, getNatGasStorage, type Flagged } from './queries.js';
import {
  GetCrudeInventoriesRequest,
  GetCrudeInventoriesResponse,
  GetEnergyCapacityRequest,
  GetEnergyCapacityResponse,
  GetEnergyPricesRequest,
  GetEnergyPricesResponse,
  GetNatGasStorageRequest,
  GetNatGasStorageResponse,
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
          'EIA weekly spot price series RWTC and RBRTE. `commodities` narrows the list; an unknown commodity is a 400. ' + NO_DATA,
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
          'converted to million barrels), newest first, each with its change from the week before. ' + NO_DATA,
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
          'NW2_EPG0_SWO_R48_BCF, billion cubic feet), newest first, each with the net injection or withdrawal of the week. ' + NO_DATA,
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
          '`energy_sources` narrows the series (unknown values are a 400); `years` keeps the newest N years. ' + NO_DATA,
      },
      cacheTier: 'daily',
      datasets: [EIA_CAPACITY],
    })
    .input(GetEnergyCapacityRequest)
    .output(GetEnergyCapacityResponse)
    .query(({ ctx, input }) => answer(ctx, getEnergyCapacity(ctx.deps.store, input))),
};
