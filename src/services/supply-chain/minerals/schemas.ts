import { z } from 'zod';
import { double } from '../wire.js';

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
    riskRating: z.enum(['critical', 'high', 'moderate', 'low']).meta({ description: 'critical from 5000, high from 2500, moderate from 1500, else low.' }),
    globalProduction: double('Sum of the listed producers’ output.'),
    unit: z.string(),
  })
  .meta({ id: 'supply_chain_v1_CriticalMineral', description: 'Supply concentration of one critical mineral.' });

export type CriticalMineral = z.infer<typeof CriticalMineral>;

export const GetCriticalMineralsRequest = z.object({});

export const GetCriticalMineralsResponse = z
  .object({
    minerals: z.array(CriticalMineral).meta({ description: 'Most concentrated first.' }),
    fetchedAt: z.string().meta({ description: 'ISO-8601 time the production table was fetched; empty when unavailable.' }),
    upstreamUnavailable: z.boolean(),
  })
  .meta({ id: 'supply_chain_v1_GetCriticalMineralsResponse', description: 'Production concentration of critical minerals.' });

export type GetCriticalMineralsResponse = z.infer<typeof GetCriticalMineralsResponse>;
