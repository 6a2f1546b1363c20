import { z } from 'zod';
import { int32Param, listParam } from '../../../platform/query-params.js';

const double = (description?: string) =>
  z.number().meta(description ? { format: 'double', description } : { format: 'double' });

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
    priceAt: z.number().int().meta({
      format: 'int64',
      description: 'Start of the week the price stands for (EIA period), Unix epoch milliseconds.',
    }),
  })
  .meta({ id: 'economic_v1_EnergyPrice', description: 'A crude oil benchmark price.' });

export type EnergyPrice = z.infer<typeof EnergyPrice>;

export const GetEnergyPricesRequest = z.object({
  commodities: listParam(
    'Only these commodities: `wti`, `brent` (repeated or comma-separated, case-insensitive). Default: both.',
    { maxItemLength: 16 },
  ),
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
    weeklyChangeMb: double(
      'Change from the week before, million barrels; absent when that week is not in the data.',
    ).optional(),
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
    weeklyChangeBcf: double(
      'Net injection (positive) or withdrawal from the week before, Bcf; absent when that week is not in the data.',
    ).optional(),
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
  .object({
    year: z.number().int().meta({ format: 'int32' }),
    capacityMw: double('Net summer capacity summed over the states, megawatts.'),
  })
  .meta({ id: 'economic_v1_EnergyCapacityYear' });

export const EnergyCapacitySeries = z
  .object({
    energySource: z.string().meta({ description: '`SUN`, `WND` or `COL`.' }),
    name: z.string(),
    data: z.array(EnergyCapacityYear).meta({ description: 'Oldest year first.' }),
  })
  .meta({ id: 'economic_v1_EnergyCapacitySeries' });

export const GetEnergyCapacityRequest = z.object({
  energy_sources: listParam(
    'Only these sources: `SUN` (solar), `WND` (wind), `COL` (coal); repeated or comma-separated, case-insensitive. Default: all three.',
    { maxItemLength: 8 },
  ),
  years: int32Param({
    min: 1,
    max: 100,
    description: 'Only the newest N years of each series (default: every year held, about twenty).',
  }),
});

export type GetEnergyCapacityRequest = z.infer<typeof GetEnergyCapacityRequest>;

export const GetEnergyCapacityResponse = z
  .object({ series: z.array(EnergyCapacitySeries) })
  .meta({ id: 'economic_v1_GetEnergyCapacityResponse', description: 'US generating capacity by energy source.' });

export type GetEnergyCapacityResponse = z.infer<typeof GetEnergyCapacityResponse>;

// ---------------------------------------------------------------------------------------------
// EU gas storage
// ---------------------------------------------------------------------------------------------

export const EuGasStorageHistoryEntry = z
  .object({
    date: z.string().meta({ description: 'Gas day, YYYY-MM-DD.' }),
    fillPct: double('Share of working gas capacity in storage, percent.'),
    gasTwh: double('Gas in storage, TWh.'),
  })
  .meta({ id: 'economic_v1_EuGasStorageHistoryEntry' });

export const GetEuGasStorageRequest = z.object({});

export const GetEuGasStorageResponse = z
  .object({
    fillPct: double('Latest EU storage fill level, percent of working gas capacity.'),
    fillPctChange1d: double('Change of the fill level from the day before, percentage points (2 decimals).'),
    gasDaysConsumption: double(
      'Gas in storage divided by an average EU consumption of 18 TWh a day, days (one decimal).',
    ),
    trend: z
      .string()
      .meta({ description: '`injecting` (change above +0.05 points), `withdrawing` (below -0.05) or `stable`.' }),
    history: z.array(EuGasStorageHistoryEntry).meta({ description: 'Up to five gas days, newest first.' }),
    seededAt: z.string().meta({
      format: 'int64',
      description: 'When the data was fetched, Unix epoch milliseconds; "0" when unavailable.',
    }),
    updatedAt: z.string().meta({ description: 'Latest gas day, YYYY-MM-DD; empty when unavailable.' }),
    unavailable: z.boolean(),
  })
  .meta({ id: 'economic_v1_GetEuGasStorageResponse', description: 'EU aggregate gas storage.' });

export type GetEuGasStorageResponse = z.infer<typeof GetEuGasStorageResponse>;

// ---------------------------------------------------------------------------------------------
// IEA oil stocks analysis
// ---------------------------------------------------------------------------------------------

const int32 = (description: string) => z.number().int().meta({ format: 'int32', description });

export const OilStocksAnalysisMember = z
  .object({
    iso2: z.string(),
    daysOfCover: int32('Stocks in days of net imports; absent for a net exporter.').optional(),
    netExporter: z.boolean(),
    belowObligation: z.boolean().meta({ description: 'A net importer holding fewer than 90 days.' }),
    obligationMet: z.boolean().meta({ description: 'A net exporter, or 90 days or more.' }),
    rank: int32('1 = most days of cover; net exporters rank last.'),
    vsObligation: int32('Days above (positive) or below the 90-day obligation; absent for a net exporter.').optional(),
  })
  .meta({ id: 'economic_v1_OilStocksAnalysisMember' });

const regionStats = (id: string) =>
  z
    .object({
      avgDays: int32('Mean days of cover of the net importers with data, rounded.').optional(),
      minDays: int32('Fewest days of cover among them.').optional(),
      countBelowObligation: int32('Members below the 90-day obligation.'),
    })
    .meta({ id });

export const OilStocksRegionalSummary = z
  .object({
    europe: regionStats('economic_v1_OilStocksRegionalSummaryEurope'),
    asiaPacific: regionStats('economic_v1_OilStocksRegionalSummaryAsiaPacific'),
    northAmerica: z
      .object({
        netExporters: int32('Net exporters among Canada, Mexico and the US.'),
        avgDays: int32('Mean days of cover of the importers, rounded.').optional(),
      })
      .meta({ id: 'economic_v1_OilStocksRegionalSummaryNorthAmerica' }),
  })
  .meta({ id: 'economic_v1_OilStocksRegionalSummary' });

export const GetOilStocksAnalysisRequest = z.object({});

export const GetOilStocksAnalysisResponse = z
  .object({
    updatedAt: z.string().meta({ description: 'When the IEA data was fetched (ISO 8601); empty when unavailable.' }),
    dataMonth: z.string().meta({ description: 'Month the stocks stand for, YYYY-MM.' }),
    ieaMembers: z.array(OilStocksAnalysisMember).meta({ description: 'Members in rank order.' }),
    belowObligation: z
      .array(z.string())
      .meta({ description: 'ISO codes of the members below the obligation, in rank order.' }),
    regionalSummary: OilStocksRegionalSummary.optional().meta({ description: 'Absent when unavailable.' }),
    unavailable: z.boolean(),
  })
  .meta({
    id: 'economic_v1_GetOilStocksAnalysisResponse',
    description: 'IEA members’ emergency oil stocks against the 90-day obligation.',
  });

export type GetOilStocksAnalysisResponse = z.infer<typeof GetOilStocksAnalysisResponse>;

// ---------------------------------------------------------------------------------------------
// Oil and gas inventories overview
// ---------------------------------------------------------------------------------------------

const RegionStats = z
  .object({
    avgDays: double('Mean days of cover of the net importers with data, rounded.').optional(),
    minDays: double('Fewest days of cover among them.').optional(),
    countBelowObligation: int32('Members below the 90-day obligation.').optional(),
  })
  .meta({ id: 'economic_v1_OilInventoriesRegionStats' });

export const GetOilInventoriesRequest = z.object({});

export const GetOilInventoriesResponse = z
  .object({
    crudeWeeks: z
      .array(
        z
          .object({ period: z.string(), stocksMb: double(), weeklyChangeMb: double().optional() })
          .meta({ id: 'economic_v1_CrudeInventoryWeekRef' }),
      )
      .meta({ description: 'US commercial crude stocks, million barrels, newest first (as get-crude-inventories).' }),
    spr: z
      .object({
        latestStocksMb: double('Strategic Petroleum Reserve, million barrels.'),
        changeWow: double('Change from the week before, million barrels.'),
        weeks: z
          .array(z.object({ period: z.string(), stocksMb: double() }).meta({ id: 'economic_v1_OilInventoriesSprWeek' }))
          .meta({ description: 'Newest first.' }),
      })
      .meta({ id: 'economic_v1_OilInventoriesSprSnapshot' })
      .optional(),
    natGasWeeks: z
      .array(
        z
          .object({ period: z.string(), storBcf: double(), weeklyChangeBcf: double().optional() })
          .meta({ id: 'economic_v1_NatGasWeekRef' }),
      )
      .meta({ description: 'US Lower 48 working gas, Bcf, newest first (as get-nat-gas-storage).' }),
    euGas: z
      .object({
        fillPct: double(),
        fillPctChange1d: double(),
        trend: z.string(),
        history: z.array(
          z.object({ date: z.string(), fillPct: double() }).meta({ id: 'economic_v1_OilInventoriesEuGasDay' }),
        ),
      })
      .meta({ id: 'economic_v1_OilInventoriesEuGas' })
      .optional(),
    ieaStocks: z
      .object({
        dataMonth: z.string(),
        members: z.array(
          z
            .object({
              iso2: z.string(),
              daysOfCover: double().optional(),
              netExporter: z.boolean(),
              belowObligation: z.boolean(),
            })
            .meta({ id: 'economic_v1_OilInventoriesIeaMember' }),
        ),
        europe: RegionStats.optional(),
        asiaPacific: RegionStats.optional(),
        northAmerica: RegionStats.optional(),
      })
      .meta({ id: 'economic_v1_OilInventoriesIeaStocks' })
      .optional(),
    refinery: z
      .object({ inputsMbpd: double('Refiner net input of crude oil, million barrels a day.'), period: z.string() })
      .meta({ id: 'economic_v1_OilInventoriesRefinery' })
      .optional(),
    updatedAt: z
      .string()
      .meta({ description: 'Newest fetch time among the inputs (ISO 8601); empty when none is available.' }),
  })
  .meta({
    id: 'economic_v1_GetOilInventoriesResponse',
    description: 'US, EU and IEA oil and gas inventories in one answer.',
  });

export type GetOilInventoriesResponse = z.infer<typeof GetOilInventoriesResponse>;

// ---------------------------------------------------------------------------------------------
// Energy crisis policies
// ---------------------------------------------------------------------------------------------

export const EnergyCrisisPolicy = z
  .object({
    country: z.string(),
    countryCode: z.string().meta({ description: 'ISO 3166-1 alpha-2.' }),
    category: z.string().meta({ description: '`conservation` or `consumer_support`.' }),
    sector: z.string().meta({
      description:
        'Transport, Cooling, Campaign, Work from home, Government travel, Schools and universities, Taxation, Price caps, Fuel subsidies or Other.',
    }),
    measure: z.string(),
    dateAnnounced: z.string().meta({ description: 'YYYY-MM-DD.' }),
    status: z.string(),
  })
  .meta({ id: 'economic_v1_EnergyCrisisPolicy' });

export const GetEnergyCrisisPoliciesRequest = z.object({
  country_code: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { message: 'string must be a two-letter ISO 3166-1 country code' })
    .optional()
    .meta({ description: 'Only policies of this country (ISO 3166-1 alpha-2, case-insensitive).' }),
  category: z
    .enum(['conservation', 'consumer_support'])
    .optional()
    .meta({ description: 'Only `conservation` or only `consumer_support` policies.' }),
});

export type GetEnergyCrisisPoliciesRequest = z.infer<typeof GetEnergyCrisisPoliciesRequest>;

export const GetEnergyCrisisPoliciesResponse = z
  .object({
    source: z.string(),
    sourceUrl: z.string(),
    context: z.string(),
    policies: z
      .array(EnergyCrisisPolicy)
      .meta({ description: 'In registry order; empty when the filters match nothing.' }),
    updatedAt: z.string().meta({ description: 'When the registry was last revised.' }),
    unavailable: z.boolean().meta({ description: 'True only when the registry itself is missing.' }),
  })
  .meta({
    id: 'economic_v1_GetEnergyCrisisPoliciesResponse',
    description: 'Government responses to the 2026 energy crisis.',
  });

export type GetEnergyCrisisPoliciesResponse = z.infer<typeof GetEnergyCrisisPoliciesResponse>;
