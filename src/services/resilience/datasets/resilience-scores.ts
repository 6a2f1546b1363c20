import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import type { CountryScore, Formula } from '../rules.js';

export const RESILIENCE_SCORES = 'resilience.scores';

export interface ResilienceScoresInfo {
  formula: Formula;
  /** When the scoring pipeline produced the export, epoch ms. */
  generatedAt: number;
  methodology: string;
}

const Dimension = z.object({
  id: z.string(),
  score: z.number().nullable().optional(),
  indicators: z.number().int().min(0),
  available: z.number().int().min(0),
  imputed: z.number().int().min(0),
  freshness: z.enum(['fresh', 'aging', 'stale']),
});

const Export = z.object({
  schema: z.string().startsWith('resilience-scores/'),
  formula: z.enum(['default', 'pillar']),
  generated_at: z.string(),
  methodology: z.string().optional(),
  countries: z.array(
    z.object({
      iso2: z.string(),
      population_m: z.number().min(0).nullable().optional(),
      overall: z
        .object({
          score: z.number().min(0).max(100),
          p05: z.number().nullable().optional(),
          p95: z.number().nullable().optional(),
        })
        .nullable(),
      dimensions: z.array(Dimension),
    }),
  ),
});

/**
 * The scoring pipeline's per-country export -> one row per country. Rows with a malformed country
 * code are dropped, and a repeated code keeps its first row, so a country is ranked once.
 */
export function parseResilienceScores(bytes: Buffer): { countries: CountryScore[]; info: ResilienceScoresInfo } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`resilience export is not JSON: ${(err as Error).message}`);
  }
  const doc = Export.safeParse(json);
  if (!doc.success)
    throw new Error(`resilience export has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const generatedAt = Date.parse(doc.data.generated_at);
  if (!Number.isFinite(generatedAt)) throw new Error('resilience export has no valid generated_at');
  const seen = new Set<string>();
  const countries: CountryScore[] = [];
  for (const c of doc.data.countries) {
    const code = c.iso2.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code) || seen.has(code)) continue;
    seen.add(code);
    const { p05, p95 } = c.overall ?? {};
    countries.push({
      countryCode: code,
      overallScore: c.overall ? c.overall.score : null,
      populationMillions: c.population_m ?? null,
      interval: typeof p05 === 'number' && typeof p95 === 'number' ? { p05, p95 } : null,
      dimensions: c.dimensions.map((d) => ({
        indicators: d.indicators,
        available: Math.min(d.available, d.indicators),
        imputed: d.imputed,
        freshness: d.freshness,
      })),
    });
  }
  return { countries, info: { formula: doc.data.formula, generatedAt, methodology: doc.data.methodology ?? '' } };
}

export const resilienceScoresDataset: Dataset<CountryScore, ResilienceScoresInfo> = {
  name: RESILIENCE_SCORES,
  source:
    'Derived here from the World Bank, WHO GHO and IPC indicator snapshots with the published resilience model ' +
    '(the model is not computed yet; serves its bundled sample, a replayed per-country score export)',
  // Computed from other snapshots (issue "Data truth II"); until then only the bundled sample loads.
  kind: 'derived',
  maxStaleMinutes: 13 * 60,
  sources: {
    scores: {
      sample: 'resilience/resilience-scores.json',
    },
  },
  parse(payloads) {
    const { countries, info } = parseResilienceScores(payloads.scores!);
    return { records: countries, info };
  },
};
