import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { dataTimeOf } from '../../platform/snapshots/data-time.js';
import { IPC_PHASES, WHO_INDICATORS, WORLD_BANK_INDICATORS, type IndicatorObservation } from './datasets/indicators.js';
import { SCORE_HISTORY } from './datasets/score-history.js';
import { appendScores, type HistoryPoint } from './history-rules.js';
import { isHeadlineEligible, isLowConfidence, levelOf } from './rules.js';
import { change30d, computeScore, latestObservations, stressOf, trendOf, type Latest } from './score-rules.js';
import type { GetResilienceScoreResponse } from './score-schemas.js';

const SOURCES = [WORLD_BANK_INDICATORS, WHO_INDICATORS, IPC_PHASES];

/** Latest observation per country and indicator over the indicator datasets (once per snapshot version). */
function latestByCountry(store: SnapshotStore): Map<string, Map<string, { year: number; value: number }>> {
  const out = new Map<string, Map<string, { year: number; value: number }>>();
  for (const name of SOURCES) {
    const part = store.read<IndicatorObservation>(name)?.derive('latest', (s) => latestObservations(s.records));
    for (const [country, indicators] of part ?? []) {
      const c = out.get(country) ?? new Map();
      for (const [k, v] of indicators) c.set(k, v);
      out.set(country, c);
    }
  }
  return out;
}

/** The country's recorded history (as the last ingestion left it), oldest first. */
function historyOf(store: SnapshotStore, countryCode: string): HistoryPoint[] {
  const history = store.read<HistoryPoint>(SCORE_HISTORY);
  const byCountry = history?.derive('byCountry', (h) => {
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

/**
 * The country's score computed from the current indicator snapshots, with its history trend, as of
 * the indicators' data time (their newest capture, never the clock's: the same snapshots give the same score).
 */
export function getResilienceScore(store: SnapshotStore, countryCode: string): GetResilienceScoreResponse {
  const now = dataTimeOf(store, [...SOURCES, SCORE_HISTORY]);
  const latest: Latest = latestByCountry(store).get(countryCode) ?? new Map();
  const wb = store.read(WORLD_BANK_INDICATORS);
  const currentYear = new Date(now).getUTCFullYear();
  const s = computeScore(latest, currentYear);
  const scored = latest.size > 0;
  const overall = scored ? s.overall : 0;
  // The recorded history with today's point as ingestion records it (the score just computed), so
  // a read before today's ingestion answers what it will record. Nothing is written here.
  const series = scored ? appendScores(historyOf(store, countryCode), new Map([[countryCode, overall]]), now) : [];
  const lowConfidence = isLowConfidence(s.coverage, s.imputationShare);
  const population = latest.get('SP.POP.TOTL');
  const live = s.pillars.find((p) => p.id === 'live-shock-exposure')!;
  const structural = s.pillars.find((p) => p.id === 'structural-readiness')!;
  const recovery = s.pillars.find((p) => p.id === 'recovery-capacity')!;
  return {
    countryCode,
    overallScore: overall,
    level: scored ? levelOf(overall, 'pillar') : 'unknown',
    domains: s.domains,
    trend: scored ? trendOf(series) : 'stable',
    change30d: scored ? change30d(series, overall, now) : 0,
    lowConfidence: scored ? lowConfidence : true,
    imputationShare: s.imputationShare,
    baselineScore: scored
      ? Math.round(
          ((structural.score * structural.weight + recovery.score * recovery.weight) /
            (structural.weight + recovery.weight)) *
            100,
        ) / 100
      : 0,
    ...(scored ? stressOf(live.score) : { stressScore: 0, stressFactor: 0 }),
    dataVersion: wb ? new Date(wb.capturedAt).toISOString().slice(0, 10) : '',
    pillars: s.pillars,
    schemaVersion: '2.0',
    headlineEligible:
      scored &&
      isHeadlineEligible({
        scored,
        lowConfidence,
        coverage: s.coverage,
        populationMillions: population ? population.value / 1e6 : null,
      }),
  };
}
