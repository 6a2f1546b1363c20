import { z } from 'zod';
import { double, int32 } from '../wire.js';

// ---------------------------------------------------------------------------------------------
// Critical minerals
// ---------------------------------------------------------------------------------------------

export const MineralProducer = z
  .object({
    country: z.string(),
    countryCode: z.string().meta({ description: 'ISO 3166-1 alpha-2 code.' }),
    productionTonnes: double(),
    sharePct: double('Share of the listed producers’ combined output, percent, one decimal.'),
  })
  .meta({ id: 'supply_chain_v1_MineralProducer', description: 'One producing country.' });

export const CriticalMineral = z
  .object({
    mineral: z.string(),
    topProducers: z.array(MineralProducer).meta({ description: 'The three largest producers, largest first.' }),
    hhi: double('Herfindahl-Hirschman index over all listed producers, 0-10000.'),
    riskRating: z
      .enum(['critical', 'high', 'moderate', 'low'])
      .meta({ description: 'critical from 5000, high from 2500, moderate from 1500, else low.' }),
    globalProduction: double('Sum of the listed producers’ output.'),
    unit: z.string(),
  })
  .meta({ id: 'supply_chain_v1_CriticalMineral', description: 'Supply concentration of one critical mineral.' });

export type CriticalMineral = z.infer<typeof CriticalMineral>;

export const GetCriticalMineralsRequest = z.object({});

export const GetCriticalMineralsResponse = z
  .object({
    minerals: z.array(CriticalMineral).meta({ description: 'Most concentrated first.' }),
    fetchedAt: z
      .string()
      .meta({ description: 'ISO-8601 time the production table was fetched; empty when unavailable.' }),
    upstreamUnavailable: z.boolean(),
  })
  .meta({
    id: 'supply_chain_v1_GetCriticalMineralsResponse',
    description: 'Production concentration of critical minerals.',
  });

export type GetCriticalMineralsResponse = z.infer<typeof GetCriticalMineralsResponse>;

// ---------------------------------------------------------------------------------------------
// Mineral production (USGS MCS)
// ---------------------------------------------------------------------------------------------

export const MineralCountryShare = z
  .object({
    iso2: z.string().meta({ description: 'ISO alpha-2; empty for the "Other countries" residual.' }),
    country: z.string(),
    output: double('Absent when withheld.').optional(),
    share: double('Percent of the quantified output, residual included.').optional(),
    withheld: z.boolean().meta({ description: 'USGS withheld the figure (W) to protect company data.' }),
    estimated: z.boolean(),
    residual: z.boolean().meta({ description: 'The "Other countries" row.' }),
  })
  .meta({ id: 'supply_chain_v1_MineralCountryShare', description: 'One producer’s output at one stage.' });

export const MineralStageSnapshot = z
  .object({
    year: int32(),
    unit: z.string(),
    countries: z.array(MineralCountryShare).meta({ description: 'Largest first, withheld ones last.' }),
    hhi: double('Herfindahl-Hirschman index over named producers, 0-10000.'),
    worldTotal: double('The published world total, else the quantified sum; absent when neither exists.').optional(),
    withheldCount: int32(),
  })
  .meta({ id: 'supply_chain_v1_MineralStageSnapshot', description: 'Production of one commodity at one stage.' });

export const MineralProductionRecord = z
  .object({
    commodityId: z.string(),
    commodity: z.string(),
    year: int32('Latest year of either stage.'),
    unit: z.string(),
    mine: MineralStageSnapshot.optional(),
    refinery: MineralStageSnapshot.optional(),
    sources: z.array(z.string()),
  })
  .meta({
    id: 'supply_chain_v1_MineralProductionRecord',
    description: 'Mine and refinery production of one commodity.',
  });

export const MineralCountryHolding = z
  .object({
    commodityId: z.string(),
    commodity: z.string(),
    stage: z.string(),
    output: double().optional(),
    share: double().optional(),
    withheld: z.boolean(),
  })
  .meta({ id: 'supply_chain_v1_MineralCountryHolding', description: 'One commodity and stage a country produces.' });

export const MineralCountryPortfolio = z
  .object({ iso2: z.string(), holdings: z.array(MineralCountryHolding) })
  .meta({ id: 'supply_chain_v1_MineralCountryPortfolio', description: 'What one country produces.' });

export const GetMineralProductionRequest = z.object({
  commodity: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .meta({ description: 'Commodity id or name, any case (e.g. cobalt, Rare earths, ree).' }),
  iso2: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code in upper case')
    .optional()
    .meta({ description: 'Only this country’s rows, and its portfolio.' }),
  stage: z
    .enum(['mine', 'refinery', 'smelter', 'smelting'])
    .optional()
    .meta({ description: 'mine or refinery (smelter and smelting mean refinery).' }),
});
export type GetMineralProductionRequest = z.infer<typeof GetMineralProductionRequest>;

export const GetMineralProductionResponse = z
  .object({
    commodities: z.array(MineralProductionRecord),
    countries: z.array(MineralCountryPortfolio).meta({ description: 'Given only with iso2.' }),
    fetchedAt: z.string().meta({ description: 'ISO-8601 time the table was fetched; empty when unavailable.' }),
    upstreamUnavailable: z.boolean(),
    dataYear: int32('Latest year in the answer; 0 when empty.'),
  })
  .meta({
    id: 'supply_chain_v1_GetMineralProductionResponse',
    description: 'World mine and refinery production by country.',
  });
export type GetMineralProductionResponse = z.infer<typeof GetMineralProductionResponse>;
