import { aisBoost, advisoryBoost, advisoryFloor, climateBoost, cyberBoost, displacementBoost } from './boosts.js';
import { earthquakeBoost, fireBoost, newsUrgencyBoost, orefBlendBoost, sanctionsBoost, ucdpFloor } from './boosts.js';
import {
  conflictScore,
  eventScore,
  informationScore,
  securityScore,
  unrestScore,
  type Components,
} from './components.js';
import { gatherSignals, type CiiFacts, type CountrySignals } from './signals.js';
import { trendAgainst, type ScoreHistoryEntry } from './trend.js';
import { CII_COUNTRIES, CII_METHODOLOGY_VERSION, countryWeight } from './weights.js';
import type { CiiScore } from '../country/schemas.js';

export interface Boosts {
  climate: number;
  cyber: number;
  fire: number;
  advisory: number;
  oref: number;
  displacement: number;
  newsUrgency: number;
  earthquake: number;
  sanctions: number;
  ais: number;
}

export interface CountryScore {
  baseline: number;
  multiplier: number;
  components: Components;
  boosts: Boosts;
  /** 0.4 baseline + 0.6 eventScore + the boosts, unrounded. */
  blended: number;
  floor: number;
  /** min(100, max(floor, round(blended))). */
  combined: number;
}

/** One country's score from its counts: the components, every boost and the UCDP and advisory floors. */
export function scoreCountry(code: string, s: CountrySignals): CountryScore {
  const { baselineRisk: baseline, eventMultiplier: m } = countryWeight(code);
  const components: Components = {
    unrest: unrestScore(s, m),
    conflict: conflictScore(s, m, code),
    security: securityScore(s),
    information: informationScore(s),
  };
  const boosts: Boosts = {
    climate: climateBoost(s.climateSeverity),
    cyber: cyberBoost(s),
    fire: fireBoost(s),
    advisory: advisoryBoost(s.advisoryLevel),
    oref: orefBlendBoost(code, s),
    displacement: displacementBoost(s.displaced),
    newsUrgency: newsUrgencyBoost(components.information),
    earthquake: earthquakeBoost(s),
    sanctions: sanctionsBoost(s.sanctionsEntries, s.sanctionsNewEntries),
    ais: aisBoost(s.military),
  };
  const blended = baseline * 0.4 + eventScore(components) * 0.6 + Object.values(boosts).reduce((a, b) => a + b, 0);
  const floor = Math.max(ucdpFloor(s.ucdp), advisoryFloor(s.advisoryLevel));
  return {
    baseline,
    multiplier: m,
    components,
    boosts,
    blended,
    floor,
    combined: Math.min(100, Math.max(floor, Math.round(blended))),
  };
}

/**
 * The index for every scored country as of `at`, highest first (ties in the published table's
 * order, as its stable sort leaves them); the trend compares with the scores of about 24 h earlier.
 */
export function computeIndex(facts: CiiFacts, at: number, history: readonly ScoreHistoryEntry[] = []): CiiScore[] {
  const signals = gatherSignals(facts, at);
  const scores = CII_COUNTRIES.map((code): CiiScore => {
    const s = signals.get(code)!;
    const r = scoreCountry(code, s);
    const { dynamicScore, trend } = trendAgainst(code, r.combined, history, at);
    return {
      region: code,
      staticBaseline: r.baseline,
      dynamicScore,
      combinedScore: r.combined,
      trend,
      components: {
        newsActivity: r.components.information,
        ciiContribution: r.components.unrest,
        geoConvergence: r.components.conflict,
        militaryActivity: r.components.security,
      },
      computedAt: at,
      methodologyVersion: CII_METHODOLOGY_VERSION,
      eventMultiplier: r.multiplier,
      advisoryLevel: s.advisoryLevel ?? '',
      advisoryProvenance: s.advisoryProvenance,
    };
  });
  return scores.sort((a, b) => b.combinedScore - a.combinedScore);
}
