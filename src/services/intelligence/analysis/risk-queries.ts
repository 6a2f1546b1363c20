import type { SdnEntry } from '../../../sources/ofac/sdn-xml.js';
import type { Snapshot, SnapshotStore } from '../../../platform/snapshots/store.js';
import { SANCTIONS_SDN } from '../../sanctions/index.js';
import { CII_SCORES, type CiiScoresInfo } from '../country/datasets/cii-scores.js';
import { TRAVEL_ADVISORIES } from '../country/datasets/travel-advisories.js';
import {
  advisoryCountryCodes,
  advisoryLabel,
  preferAdvisory,
  sanctionsCountsByCode,
  type Advisory,
} from '../country/rules.js';
import type { CiiScore } from '../country/schemas.js';
import { combinedScore, dailyChange, strategicRisk, trendOf, type RiskInputs } from './risk-rules.js';
import type { GetRiskScoresRequest, GetRiskScoresResponse } from './risk-schemas.js';

const DAY_MS = 86_400_000;
export const RISK_METHODOLOGY = 'mds-cii-blend-1';

/** The advisory level in force at `at` per alpha-2 code: the newest (stricter on a tie) published by then. */
function advisoryLevelsAt(advisories: readonly Advisory[], at: number): Map<string, number> {
  const m = new Map<string, Advisory>();
  for (const a of advisories) {
    if (a.publishedAt > at) continue;
    for (const c of advisoryCountryCodes(a.name)) {
      const prev = m.get(c);
      m.set(c, prev ? preferAdvisory(prev, a) : a);
    }
  }
  return new Map([...m].map(([c, a]) => [c, a.level]));
}

/** Scores from the three snapshots; advisories or sanctions may be absent (their boosts are then left out). */
export function computeRiskScores(
  cii: Snapshot<CiiScore, CiiScoresInfo>,
  advisories: readonly Advisory[] | undefined,
  sdn: readonly SdnEntry[] | undefined,
): { scores: CiiScore[]; strategic: ReturnType<typeof strategicRisk> } {
  const computedAt = cii.info.computedAt || cii.capturedAt;
  const levelsNow = advisories ? advisoryLevelsAt(advisories, computedAt) : new Map<string, number>();
  const levelsDayAgo = advisories ? advisoryLevelsAt(advisories, computedAt - DAY_MS) : new Map<string, number>();
  const sanctions = sdn ? sanctionsCountsByCode(sdn) : new Map<string, number>();
  const scores = cii.records.map((s): CiiScore => {
    const inputs: RiskInputs = {
      baseline: s.staticBaseline,
      components: s.components,
      advisoryLevel: levelsNow.get(s.region) ?? 0,
      sanctionsCount: sanctions.get(s.region) ?? 0,
    };
    // The export's dynamicScore is the instability model's own 24 h change.
    const delta = dailyChange(inputs, levelsDayAgo.get(s.region) ?? 0, s.dynamicScore);
    return {
      ...s,
      combinedScore: combinedScore(inputs),
      dynamicScore: delta,
      trend: trendOf(delta),
      computedAt,
      methodologyVersion: RISK_METHODOLOGY,
      advisoryLevel: advisoryLabel(inputs.advisoryLevel),
      advisoryProvenance: advisories ? (levelsNow.has(s.region) ? 'live' : 'absent') : 'absent',
    };
  });
  scores.sort((a, b) => b.combinedScore - a.combinedScore || (a.region < b.region ? -1 : 1));
  return { scores, strategic: strategicRisk(scores) };
}

/**
 * get-risk-scores: computed once per combination of snapshot versions (kept on the instability
 * export's snapshot), then filtered by region.
 */
export function getRiskScores(store: SnapshotStore, req: GetRiskScoresRequest): GetRiskScoresResponse {
  const cii = store.read<CiiScore, CiiScoresInfo>(CII_SCORES);
  if (!cii) return { ciiScores: [], strategicRisks: [], degraded: true, stale: false };
  const advisories = store.read<Advisory>(TRAVEL_ADVISORIES);
  const sdn = store.read<SdnEntry>(SANCTIONS_SDN);
  const computed = cii.derive(`risk-scores:${advisories?.version ?? 0}:${sdn?.version ?? 0}`, (s) =>
    computeRiskScores(s, advisories?.records, sdn?.records),
  );
  const stale = Boolean(cii.meta.lastError) && cii.meta.lastAttemptAt > cii.meta.lastSuccessAt;
  const degraded = !advisories || !sdn;
  const region = (req.region ?? '').trim().toUpperCase();
  const strategic = computed.strategic
    ? [
        {
          region: 'global',
          level: computed.strategic.level,
          score: computed.strategic.score,
          factors: computed.strategic.factors,
          trend: 'TREND_DIRECTION_STABLE' as const,
        },
      ]
    : [];
  if (!region) return { ciiScores: computed.scores, strategicRisks: strategic, degraded, stale };
  if (!/^[A-Z]{2}$/.test(region)) return { ciiScores: [], strategicRisks: [], degraded, stale };
  return { ciiScores: computed.scores.filter((s) => s.region === region), strategicRisks: [], degraded, stale };
}
