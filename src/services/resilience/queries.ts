import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { RESILIENCE_SCORES, type ResilienceScoresInfo } from './datasets/resilience-scores.js';
import { buildRanking } from './rules.js';
import type { GetResilienceRankingResponse } from './schemas.js';
import type { CountryResilience } from './scorer-model.js';

/** Returned when no scores were ever computed: nothing ranked, flagged partial (and served no-store). */
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
 * The ranking of the current computed scores, once per snapshot version: the same rows
 * get-resilience-score answers from. The second value says whether the answer is a fallback.
 */
export function getResilienceRanking(store: SnapshotStore): {
  response: GetResilienceRankingResponse;
  degraded: boolean;
} {
  const snapshot = store.read<CountryResilience, ResilienceScoresInfo>(RESILIENCE_SCORES);
  if (!snapshot) return { response: NO_SCORES, degraded: true };
  const response = snapshot.derive('ranking', (s): GetResilienceRankingResponse => ({
    ...buildRanking(s.records),
    fetchedAt: new Date(s.capturedAt).toISOString(),
  }));
  return { response, degraded: false };
}
