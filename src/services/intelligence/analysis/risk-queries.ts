import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { CII_SCORES, type CiiScoresInfo } from '../country/datasets/cii-scores.js';
import type { CiiScore } from '../country/schemas.js';
import { strategicRisk } from './risk-rules.js';
import type { GetRiskScoresRequest, GetRiskScoresResponse } from './risk-schemas.js';

/**
 * get-risk-scores: the instability index as computed at its last input change (the cii-scores
 * dataset, highest first), the global strategic risk over its top five, then the region filter.
 * Degraded when the index is missing or was computed without one of its inputs (an unconfigured relay
 * is a deployment choice, not a gap: it is listed in the snapshot info, not flagged here).
 */
export function getRiskScores(store: SnapshotStore, req: GetRiskScoresRequest): GetRiskScoresResponse {
  const cii = store.read<CiiScore, CiiScoresInfo>(CII_SCORES);
  if (!cii) return { ciiScores: [], strategicRisks: [], degraded: true, stale: false };
  const stale = Boolean(cii.meta.lastError) && cii.meta.lastAttemptAt > cii.meta.lastSuccessAt;
  const degraded = (cii.info.missingInputs ?? []).length > 0;
  const scores = cii.records as CiiScore[];
  const region = (req.region ?? '').trim().toUpperCase();
  if (!region) {
    const strategic = cii.derive('strategic-risk', (s) => strategicRisk(s.records));
    const strategicRisks = strategic
      ? [
          {
            region: 'global',
            level: strategic.level,
            score: strategic.score,
            factors: strategic.factors,
            trend: 'TREND_DIRECTION_STABLE' as const,
          },
        ]
      : [];
    return { ciiScores: scores, strategicRisks, degraded, stale };
  }
  // Only the global strategic risk exists, so any country filter leaves none.
  if (!/^[A-Z]{2}$/.test(region)) return { ciiScores: [], strategicRisks: [], degraded, stale };
  return { ciiScores: scores.filter((s) => s.region === region), strategicRisks: [], degraded, stale };
}
