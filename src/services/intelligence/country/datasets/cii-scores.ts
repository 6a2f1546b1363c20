import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import type { CiiScore } from '../schemas.js';

export const CII_SCORES = 'intelligence.cii-scores';

export interface CiiScoresInfo {
  /** Latest computedAt among the scores, epoch ms. */
  computedAt: number;
}

const pct = z.number().min(0).max(100);
const Score = z.object({
  region: z.string(),
  staticBaseline: pct,
  dynamicScore: z.number().min(-100).max(100),
  combinedScore: pct,
  trend: z
    .enum([
      'TREND_DIRECTION_UNSPECIFIED',
      'TREND_DIRECTION_RISING',
      'TREND_DIRECTION_STABLE',
      'TREND_DIRECTION_FALLING',
    ])
    .catch('TREND_DIRECTION_UNSPECIFIED'),
  components: z.object({ newsActivity: pct, ciiContribution: pct, geoConvergence: pct, militaryActivity: pct }),
  computedAt: z.number().int().min(0),
  methodologyVersion: z.string().default(''),
  eventMultiplier: z.number().min(0).max(10).default(1),
  advisoryLevel: z.string().default(''),
  advisoryProvenance: z.enum(['live', 'fallback', 'absent']).catch('absent'),
});

/**
 * Country instability index export (the risk-scores document: `ciiScores` per country) -> one
 * score per ISO alpha-2 region. Scores out of their documented ranges are dropped rather than
 * clamped, and a repeated region keeps its most recent score.
 */
export function parseCiiScores(bytes: Buffer): { scores: CiiScore[]; info: CiiScoresInfo } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`CII export is not JSON: ${(err as Error).message}`);
  }
  const list = (json as { ciiScores?: unknown } | null)?.ciiScores;
  if (!Array.isArray(list)) throw new Error('CII export has no ciiScores array');
  const byRegion = new Map<string, CiiScore>();
  for (const raw of list) {
    const s = Score.safeParse(raw);
    if (!s.success) continue;
    const region = s.data.region.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(region)) continue;
    const prev = byRegion.get(region);
    if (!prev || s.data.computedAt > prev.computedAt) byRegion.set(region, { ...s.data, region });
  }
  const scores = [...byRegion.values()].sort((a, b) => (a.region < b.region ? -1 : 1));
  return { scores, info: { computedAt: scores.reduce((m, s) => Math.max(m, s.computedAt), 0) } };
}

export const ciiScoresDataset: Dataset<CiiScore, CiiScoresInfo> = {
  name: CII_SCORES,
  source:
    'Derived here from the conflict, unrest, advisory, sanctions and military snapshots with the published ' +
    'country instability index (the model is not computed yet; serves its bundled sample, a replayed risk-scores export)',
  kind: 'derived',
  maxStaleMinutes: 30,
  sources: {
    scores: {
      sample: 'intelligence/cii-risk-scores.json',
    },
  },
  parse(payloads) {
    const { scores, info } = parseCiiScores(payloads.scores!);
    return { records: scores, info };
  },
};
