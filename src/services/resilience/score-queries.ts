import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { RESILIENCE_SCORES, type ResilienceScoresInfo } from './datasets/resilience-scores.js';
import { SCORE_HISTORY } from './datasets/score-history.js';
import { trendAndChange, type HistoryPoint } from './history-rules.js';
import type { CountryResilience } from './scorer-model.js';
import type { GetResilienceScoreResponse } from './score-schemas.js';

/** The country's recorded history (as the last recomputation left it), oldest first. */
function historyOf(store: SnapshotStore, countryCode: string): HistoryPoint[] {
  const byCountry = store.read<HistoryPoint>(SCORE_HISTORY)?.derive('byCountry', (h) => {
    const m = new Map<string, HistoryPoint[]>();
    for (const p of h.records) {
      const points = m.get(p.countryCode) ?? [];
      points.push(p);
      m.set(p.countryCode, points);
    }
    return m;
  });
  return byCountry?.get(countryCode) ?? [];
}

/** What a country outside the scored universe (or any country before the scores exist) gets. */
function unknown(countryCode: string): GetResilienceScoreResponse {
  return {
    countryCode,
    overallScore: 0,
    level: 'unknown',
    domains: [],
    trend: 'stable',
    change30d: 0,
    lowConfidence: true,
    imputationShare: 0,
    baselineScore: 0,
    stressScore: 0,
    stressFactor: 0,
    dataVersion: '',
    pillars: [],
    schemaVersion: '2.0',
    headlineEligible: false,
  };
}

/**
 * The country's row of the computed scores (the very row the ranking sorts), with the trend and
 * 30-day change against its recorded history.
 */
export function getResilienceScore(store: SnapshotStore, countryCode: string): GetResilienceScoreResponse {
  const snapshot = store.read<CountryResilience, ResilienceScoresInfo>(RESILIENCE_SCORES);
  const byCode = snapshot?.derive('byCode', (s) => new Map(s.records.map((c) => [c.countryCode, c])));
  const c = byCode?.get(countryCode);
  if (!snapshot || !c) return unknown(countryCode);
  return {
    countryCode,
    overallScore: c.overallScore,
    level: c.level,
    domains: c.domains,
    ...trendAndChange(historyOf(store, countryCode), c.overallScore, snapshot.capturedAt),
    lowConfidence: c.lowConfidence,
    imputationShare: c.imputationShare,
    baselineScore: c.baselineScore,
    stressScore: c.stressScore,
    stressFactor: c.stressFactor,
    dataVersion: new Date(snapshot.capturedAt).toISOString().slice(0, 10),
    pillars: c.pillars,
    schemaVersion: '2.0',
    headlineEligible: c.headlineEligible,
  };
}
