import { z } from 'zod';
import { stringParam } from '../../platform/query-params.js';

const dbl = (description?: string) => z.number().meta({ format: 'double', ...(description ? { description } : {}) });
const i32 = (description?: string) =>
  z
    .number()
    .int()
    .meta({ format: 'int32', ...(description ? { description } : {}) });

export const GetFoodStocksRequest = z
  .object({
    countryCode: stringParam(
      'ISO 3166-1 alpha-2 country, or `WORLD` (also `WLD`, `_WORLD`) for the world aggregate; empty for all.',
      16,
    ),
    commodity: stringParam(
      'wheat, corn (maize), rice, soybeans (soy, soybean), barley or palmOil (palm_oil, palm-oil); empty for all.',
      32,
    ),
  })
  .meta({ id: 'resilience_v1_GetFoodStocksRequest' });

export const FoodStockRecord = z
  .object({
    countryCode: z.string().meta({ description: 'ISO 3166-1 alpha-2, or `WORLD`.' }),
    commodity: z.string(),
    marketingYear: z.string().meta({ description: 'PSD marketing year, e.g. `2025/26`.' }),
    stocksToUse: dbl('Ending stocks as a percentage of total use; 0 when unknown (see hasStocksToUse).'),
    hasStocksToUse: z.boolean(),
    endingStocksTmt: dbl('Thousand metric tons.'),
    hasEndingStocks: z.boolean(),
    totalUseTmt: dbl('Domestic consumption plus exports (consumption alone for the world).'),
    productionTmt: dbl(),
    consumptionTmt: dbl(),
    importsTmt: dbl(),
    exportsTmt: dbl(),
    unit: z.string(),
    source: z.string().meta({ description: '`psd` (USDA FAS PSD).' }),
  })
  .meta({ id: 'resilience_v1_FoodStockRecord', description: 'One country’s balance sheet for one commodity.' });

export const GetFoodStocksResponse = z
  .object({
    records: z.array(FoodStockRecord),
    fetchedAt: z.string().meta({ description: 'When the PSD data was fetched, ISO 8601; empty when not loaded.' }),
    unavailable: z.boolean().meta({ description: 'No PSD snapshot is loaded.' }),
    calorieWeightedStocksToUse: dbl(
      'With a country filter: stocks-to-use across its commodities weighted by calories consumed; 0 otherwise.',
    ),
  })
  .meta({ id: 'resilience_v1_GetFoodStocksResponse', description: 'Grain and oilseed stocks against use.' });

export type GetFoodStocksResponse = z.infer<typeof GetFoodStocksResponse>;

export const GetDemographicsCapabilityRequest = z
  .object({ countryCode: stringParam('ISO 3166-1 alpha-2 country (trimmed, any case); omitted or empty: US.', 8) })
  .meta({ id: 'resilience_v1_GetDemographicsCapabilityRequest' });

export const CapabilityObservation = z
  .object({ available: z.boolean(), value: dbl(), year: i32(), source: z.string(), unit: z.string() })
  .meta({
    id: 'resilience_v1_CapabilityObservation',
    description: 'One validated figure; `available: false` with zero values when missing or invalid.',
  });

export const DemographicsCapabilityStage = z
  .object({
    name: z.string().meta({ description: '`wpp`, `education` or `ilostat`.' }),
    status: z.string().meta({ description: '`fresh`, `retained` (last good data kept) or `unavailable`.' }),
    fetchedAt: z.string(),
    recordCount: i32(),
    newestObservationYear: i32(),
  })
  .meta({ id: 'resilience_v1_DemographicsCapabilityStage' });

export const DemographicsAgeStructure = z
  .object({
    available: z.boolean(),
    medianAgeYears: CapabilityObservation,
    oldAgeDependencyRatioPercent: CapabilityObservation,
    totalDependencyRatioPercent: CapabilityObservation,
    workingAgePopulationPeople: CapabilityObservation,
    workingAgePopulationProjected10yPeople: CapabilityObservation,
  })
  .meta({ id: 'resilience_v1_DemographicsAgeStructure' });

export const DemographicsEducation = z
  .object({
    available: z.boolean(),
    tertiaryEnrollmentGrossPercent: CapabilityObservation,
    stemGraduatesSharePercent: CapabilityObservation,
    researchersPerMillion: CapabilityObservation,
  })
  .meta({ id: 'resilience_v1_DemographicsEducation' });

export const DemographicsIndustrialWorkforce = z
  .object({
    available: z.boolean(),
    craftTradesEmploymentPeople: CapabilityObservation,
    plantMachineOperatorsEmploymentPeople: CapabilityObservation,
    trainedIndustrialWorkforcePeople: CapabilityObservation,
    manufacturingEmploymentSharePercent: CapabilityObservation,
  })
  .meta({ id: 'resilience_v1_DemographicsIndustrialWorkforce' });

export const GetDemographicsCapabilityResponse = z
  .object({
    countryCode: z.string(),
    available: z.boolean().meta({ description: 'Any observation is available for the country.' }),
    fetchedAt: z.string(),
    stages: z.array(DemographicsCapabilityStage),
    ageStructure: DemographicsAgeStructure,
    education: DemographicsEducation,
    industrialWorkforce: DemographicsIndustrialWorkforce,
  })
  .meta({
    id: 'resilience_v1_GetDemographicsCapabilityResponse',
    description: 'A country’s demographic and skills capacity.',
  });

export type GetDemographicsCapabilityResponse = z.infer<typeof GetDemographicsCapabilityResponse>;

export const GetResilienceRuntimeManifestRequest = z
  .object({})
  .meta({ id: 'resilience_v1_GetResilienceRuntimeManifestRequest' });

export const ResilienceRuntimeFlag = z
  .object({ name: z.string(), enabled: z.boolean() })
  .meta({ id: 'resilience_v1_ResilienceRuntimeFlag' });
export const ResilienceRuntimeCacheState = z
  .object({
    scorePrefix: z.string(),
    rankingKey: z.string(),
    historyPrefix: z.string(),
    intervalPrefix: z.string(),
    intervalMethodology: z.string(),
  })
  .meta({
    id: 'resilience_v1_ResilienceRuntimeCacheState',
    description: 'Cache key names of the published service; empty here (answers come from snapshots).',
  });
export const ResilienceRankingCacheState = z
  .object({ fetchedAt: z.string(), count: i32(), scored: i32(), total: i32() })
  .meta({ id: 'resilience_v1_ResilienceRankingCacheState' });
export const ResilienceRuntimeConstructVersions = z
  .object({ energy: z.string(), education: z.string() })
  .meta({ id: 'resilience_v1_ResilienceRuntimeConstructVersions' });
export const ResilienceRuntimeIntervalState = z
  .object({ available: z.boolean(), methodology: z.string(), sampleCountry: z.string(), lastObservedAt: z.string() })
  .meta({ id: 'resilience_v1_ResilienceRuntimeIntervalState' });

export const GetResilienceRuntimeManifestResponse = z
  .object({
    manifestVersion: i32(),
    generatedAt: z.string(),
    deployedCommitSha: z.string(),
    vercelEnv: z.string().meta({ description: 'Always empty here.' }),
    formulaTag: z.string().meta({
      description: '`pc` (pillar formula) or `d6` (six-domain formula) of the scores snapshot; empty when not loaded.',
    }),
    dataVersion: z
      .string()
      .meta({ description: 'Date (YYYY-MM-DD) the resilience scores were fetched; empty when not loaded.' }),
    flags: z.array(ResilienceRuntimeFlag).meta({
      description:
        'Per resilience dataset: `<dataset>:fresh`, enabled when loaded and younger than its staleness limit.',
    }),
    cache: ResilienceRuntimeCacheState,
    rankingCache: ResilienceRankingCacheState,
    constructVersions: ResilienceRuntimeConstructVersions,
    intervals: ResilienceRuntimeIntervalState,
  })
  .meta({
    id: 'resilience_v1_GetResilienceRuntimeManifestResponse',
    description: 'How fresh this service’s resilience data is.',
  });

export type GetResilienceRuntimeManifestResponse = z.infer<typeof GetResilienceRuntimeManifestResponse>;
