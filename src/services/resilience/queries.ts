import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { RESILIENCE_SCORES, type ResilienceScoresInfo } from './datasets/resilience-scores.js';
import { buildRanking, type CountryScore } from './rules.js';
import type { GetResilienceRankingResponse } from './schemas.js';

/** Returned when no scores were ever ingested: nothing ranked, flagged partial (and served no-store). */
const NO_SCORES: GetResilienceRankingResponse = {
  items: [],
  greyedOut: [],
  fetchedAt: '',
  scored: 0,
  total: 0,
  coverage: 0,
  partial: true,
};

/**
 * The ranking of the current scores snapshot, computed once per snapshot version. The second value
 * says whether the answer is a fallback for missing data.
 */
export function getResilienceRanking(store: SnapshotStore): {
  response: GetResilienceRankingResponse;
  degraded: boolean;
} {
  const snapshot = store.read<CountryScore, ResilienceScoresInfo>(RESILIENCE_SCORES);
  if (!snapshot) return { response: NO_SCORES, degraded: true };
  const response = snapshot.derive('ranking', (s): GetResilienceRankingResponse => ({
    ...buildRanking(s.records, s.info.formula),
    fetchedAt: new Date(s.info.generatedAt || s.capturedAt).toISOString(),
  }));
  return { response, degraded: false };
}
