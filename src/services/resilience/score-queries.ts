import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { IPC_PHASES, WHO_INDICATORS, WORLD_BANK_INDICATORS, type IndicatorObservation } from './datasets/indicators.js';
import { SCORE_HISTORY, type HistoryPoint } from './datasets/score-history.js';
import { isHeadlineEligible, isLowConfidence, levelOf } from './rules.js';
import { change30d, computeScore, stressOf, trendOf, type Latest } from './score-rules.js';
import type { GetResilienceScoreResponse } from './score-schemas.js';

const SOURCES = [WORLD_BANK_INDICATORS, WHO_INDICATORS, IPC_PHASES];

/** Latest observation per country and indicator over the indicator datasets (once per snapshot version). */
function latestByCountry(store: SnapshotStore): Map<string, Map<string, { year: number; value: number }>> {
  const out = new Map<string, Map<string, { year: number; value: number }>>();
  for (const name of SOURCES) {
    const snapshot = store.read<IndicatorObservation>(name);
    if (!snapshot) continue;
    const part = snapshot.derive('latest', (s) => {
      const m = new Map<string, Map<string, { year: number; value: number }>>();
      for (const o of s.records) {
        const c = m.get(o.countryCode) ?? new Map();
        const prev = c.get(o.indicator);
        if (!prev || o.year > prev.year) c.set(o.indicator, { year: o.year, value: o.value });
        m.set(o.countryCode, c);
      }
      return m;
    });
    for (const [country, indicators] of part) {
      const c = out.get(country) ?? new Map();
      for (const [k, v] of indicators) c.set(k, v);
      out.set(country, c);
    }
  }
  return out;
}

/** The country's score computed from the current indicator snapshots, with its history trend. */
export function getResilienceScore(store: SnapshotStore, countryCode: string, now: number): GetResilienceScoreResponse {
  const latest: Latest = latestByCountry(store).get(countryCode) ?? new Map();
  const wb = store.read(WORLD_BANK_INDICATORS);
  const currentYear = new Date(now).getUTCFullYear();
  const s = computeScore(latest, currentYear);
  const scored = latest.size > 0;
  const overall = scored ? s.overall : 0;
  const history = store.read<HistoryPoint>(SCORE_HISTORY);
  const points =
    history
      ?.derive('byCountry', (h) => {
        const m = new Map<string, HistoryPoint[]>();
        for (const p of h.records) m.set(p.countryCode, [...(m.get(p.countryCode) ?? []), p]);
        return m;
      })
      .get(countryCode) ?? [];
  const trendPoints = [...points, { at: now, score: overall }];
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
    trend: scored ? trendOf(trendPoints) : 'stable',
    change30d: scored ? change30d(points, overall, now) : 0,
    lowConfidence: scored ? lowConfidence : true,
    imputationShare: s.imputationShare,
    baselineScore: scored ? Math.round(((structural.score * structural.weight + recovery.score * recovery.weight) / (structural.weight + recovery.weight)) * 100) / 100 : 0,
    ...(scored ? stressOf(live.score) : { stressScore: 0, stressFactor: 0 }),
    dataVersion: wb ? new Date(wb.fetchedAt).toISOString().slice(0, 10) : '',
    pillars: s.pillars,
    schemaVersion: '2.0',
    headlineEligible: scored && isHeadlineEligible({ scored, lowConfidence, coverage: s.coverage, populationMillions: population ? population.value / 1e6 : null }),
  };
}
