import { z } from 'zod';
import { int32Param, listParam } from '../../../platform/query-params.js';

const double = (description?: string) => z.number().meta(description ? { format: 'double', description } : { format: 'double' });

// ---------------------------------------------------------------------------------------------
// Energy prices
// ---------------------------------------------------------------------------------------------

export const EnergyPrice = z
  .object({
    commodity: z.string().min(1).meta({ description: '`wti` or `brent`.' }),
    name: z.string(),
    price: double('Weekly average spot price, US dollars per barrel.'),
    unit: z.string().meta({ description: '`$/barrel`.' }),
    change: double('Percent change from the week before, one decimal.'),
    priceAt: z.number().int().meta({ format: 'int64', description: 'Start of the week the price stands for (EIA period), Unix epoch milliseconds.' }),
  })
  .meta({ id: 'economic_v1_EnergyPrice', description: 'A crude oil benchmark price.' });

export type EnergyPrice = z.infer<typeof EnergyPrice>;

export const GetEnergyPricesRequest = z.object({
  commodities: listParam('Only these commodities: `wti`, `brent` (repeated or comma-separated, case-insensitive). Default: both.', { maxItemLength: 16 }),
});

export type GetEnergyPricesRequest = z.infer<typeof GetEnergyPricesRequest>;

export const GetEnergyPricesResponse = z
  .object({ prices: z.array(EnergyPrice).meta({ description: 'WTI then Brent; a benchmark without data is absent.' }) })
  .meta({ id: 'economic_v1_GetEnergyPricesResponse' });

export type GetEnergyPricesResponse = z.infer<typeof GetEnergyPricesResponse>;

// ---------------------------------------------------------------------------------------------
// Inventories
// ---------------------------------------------------------------------------------------------

export const CrudeInventoryWeek = z
  .object({
    period: z.string().meta({ description: 'Week ending, YYYY-MM-DD.' }),
    stocksMb: double('US commercial crude stocks excluding the SPR, million barrels (3 decimals).'),
    weeklyChangeMb: double('Change from the week before, million barrels; absent when that week is not in the data.').optional(),
  })
  .meta({ id: 'economic_v1_CrudeInventoryWeek' });

export const GetCrudeInventoriesRequest = z.object({});

export const GetCrudeInventoriesResponse = z
  .object({
    weeks: z.array(CrudeInventoryWeek).meta({ description: 'Up to eight weeks, newest first.' }),
    latestPeriod: z.string().meta({ description: 'Newest week, YYYY-MM-DD; empty without data.' }),
  })
  .meta({ id: 'economic_v1_GetCrudeInventoriesResponse' });

export type GetCrudeInventoriesResponse = z.infer<typeof GetCrudeInventoriesResponse>;

export const NatGasStorageWeek = z
  .object({
    period: z.string().meta({ description: 'Week ending, YYYY-MM-DD.' }),
    storBcf: double('Working gas in underground storage, Lower 48 states, billion cubic feet.'),
    weeklyChangeBcf: double('Net injection (positive) or withdrawal from the week before, Bcf; absent when that week is not in the data.').optional(),
  })
  .meta({ id: 'economic_v1_NatGasStorageWeek' });

export const GetNatGasStorageRequest = z.object({});

export const GetNatGasStorageResponse = z
  .object({
    weeks: z.array(NatGasStorageWeek).meta({ description: 'Up to eight weeks, newest first.' }),
    latestPeriod: z.string().meta({ description: 'Newest week, YYYY-MM-DD; empty without data.' }),
  })
  .meta({ id: 'economic_v1_GetNatGasStorageResponse' });

export type GetNatGasStorageResponse = z.infer<typeof GetNatGasStorageResponse>;

// ---------------------------------------------------------------------------------------------
// Generating capacity
// ---------------------------------------------------------------------------------------------

export const EnergyCapacityYear = z
  .object({ year: z.number().int().meta({ format: 'int32' }), capacityMw: double('Net summer capacity summed over the states, megawatts.') })
  .meta({ id: 'economic_v1_EnergyCapacityYear' });

export const EnergyCapacitySeries = z
  .object({
    energySource: z.string().meta({ description: '`SUN`, `WND` or `COL`.' }),
    name: z.string(),
    data: z.array(EnergyCapacityYear).meta({ description: 'Oldest year first.' }),
  })
  .meta({ id: 'economic_v1_EnergyCapacitySeries' });

export const GetEnergyCapacityRequest = z.object({
  energy_sources: listParam('Only these sources: `SUN` (solar), `WND` (wind), `COL` (coal); repeated or comma-separated, case-insensitive. Default: all three.', { maxItemLength: 8 }),
  years: int32Param({ min: 1, max: 100, description: 'Only the newest N years of each series (default: every year held, about twenty).' }),
});

export type GetEnergyCapacityRequest = z.infer<typeof GetEnergyCapacityRequest>;

export const GetEnergyCapacityResponse = z
  .object({ series: z.array(EnergyCapacitySeries) })
  .meta({ id: 'economic_v1_GetEnergyCapacityResponse', description: 'US generating capacity by energy source.' });

export type GetEnergyCapacityResponse = z.infer<typeof GetEnergyCapacityResponse>;
