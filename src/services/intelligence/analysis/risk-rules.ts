/**
 * Country instability scoring (the published methodology's blend, applied to the instability model's
 * exported components plus the live advisory and sanctions inputs) and the global strategic risk.
 */

export interface RiskComponents {
  /** Unrest (protests, riots, outages), 0-100. */
  ciiContribution: number;
  /** Conflict activity, 0-100. */
  geoConvergence: number;
  /** Military and security activity, 0-100. */
  militaryActivity: number;
  /** Information (news) pressure, 0-100. */
  newsActivity: number;
}

export interface RiskInputs {
  baseline: number;
  components: RiskComponents;
  /** State Department advisory level 1-4, or 0 when none. */
  advisoryLevel: number;
  /** OFAC SDN entries with an address in the country. */
  sanctionsCount: number;
}

/** eventScore = 0.25 unrest + 0.30 conflict + 0.20 security + 0.25 information. */
export function eventScore(c: RiskComponents): number {
  return 0.25 * c.ciiContribution + 0.3 * c.geoConvergence + 0.2 * c.militaryActivity + 0.25 * c.newsActivity;
}

/** do-not-travel 15, reconsider 10, caution 5, otherwise 0. */
export function advisoryBoost(level: number): number {
  return level >= 4 ? 15 : level === 3 ? 10 : level === 2 ? 5 : 0;
}

/** do-not-travel floors the score at 60, reconsider at 50. */
export function advisoryFloor(level: number): number {
  return level >= 4 ? 60 : level === 3 ? 50 : 0;
}

/** 2000 entries or more 12, over 500 8, over 100 5, any 3. */
export function sanctionsBoost(count: number): number {
  return count >= 2000 ? 12 : count >= 501 ? 8 : count >= 101 ? 5 : count > 0 ? 3 : 0;
}

/** combined = min(100, max(floor, round(0.4 baseline + 0.6 eventScore + boosts))). */
export function combinedScore(i: RiskInputs): number {
  const blended =
    0.4 * i.baseline +
    0.6 * eventScore(i.components) +
    advisoryBoost(i.advisoryLevel) +
    sanctionsBoost(i.sanctionsCount);
  return Math.min(100, Math.max(advisoryFloor(i.advisoryLevel), Math.round(blended)));
}

export type Trend = 'TREND_DIRECTION_RISING' | 'TREND_DIRECTION_STABLE' | 'TREND_DIRECTION_FALLING';

/** A 24 h change above 1 point is rising, below -1 falling, otherwise stable. */
export function trendOf(delta: number): Trend {
  return delta > 1 ? 'TREND_DIRECTION_RISING' : delta < -1 ? 'TREND_DIRECTION_FALLING' : 'TREND_DIRECTION_STABLE';
}

/**
 * The 24 h change of the combined score: the instability model's own reported 24 h change of its
 * event-driven part, plus what the advisory changes of the last 24 h did to our blend (boost and
 * floor), rounded to 0.1 and kept within -100..100.
 */
export function dailyChange(now: RiskInputs, advisoryLevelDayAgo: number, modelDelta: number): number {
  const advisoryEffect = combinedScore(now) - combinedScore({ ...now, advisoryLevel: advisoryLevelDayAgo });
  const d = Math.round((modelDelta + advisoryEffect) * 10) / 10;
  // `+ 0` turns a rounded -0 into 0.
  return Math.max(-100, Math.min(100, d)) + 0;
}

const STRATEGIC_WEIGHTS = [1, 0.85, 0.7, 0.55, 0.4];

export type SeverityLevel = 'SEVERITY_LEVEL_LOW' | 'SEVERITY_LEVEL_MEDIUM' | 'SEVERITY_LEVEL_HIGH';

/**
 * The single global strategic risk: the five highest combined scores, weighted 1, 0.85, 0.70, 0.55,
 * 0.40; score = min(100, round(0.7 weighted average + 15)); HIGH from 70, MEDIUM from 40.
 */
export function strategicRisk(
  scores: readonly { region: string; combinedScore: number }[],
): { score: number; level: SeverityLevel; factors: string[] } | undefined {
  const top = [...scores]
    .sort((a, b) => b.combinedScore - a.combinedScore || (a.region < b.region ? -1 : 1))
    .slice(0, 5);
  if (!top.length) return undefined;
  const weights = STRATEGIC_WEIGHTS.slice(0, top.length);
  const avg = top.reduce((s, r, i) => s + r.combinedScore * weights[i]!, 0) / weights.reduce((a, b) => a + b, 0);
  const score = Math.min(100, Math.round(0.7 * avg + 15));
  return {
    score,
    level: score >= 70 ? 'SEVERITY_LEVEL_HIGH' : score >= 40 ? 'SEVERITY_LEVEL_MEDIUM' : 'SEVERITY_LEVEL_LOW',
    factors: top.map((r) => r.region),
  };
}
