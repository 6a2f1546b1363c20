import type { CountrySignals } from './signals.js';
import { CONFLICT_ACTIVITY_CAP, CONFLICT_ACTIVITY_PIVOT } from './weights.js';

/**
 * The four components of the published index, each 0-100. `m` is the country's event multiplier.
 */

/**
 * Unrest (the response's `ciiContribution`): n = protests + riots; adjusted = log2(n + 1) x m x 5
 * when m < 0.7, else n x m; min(50, 8 adjusted) + min(30, 5 m protest deaths) + min(20, 10 m
 * high-severity events) + min(50, 30 total + 15 major + 5 partial outages); rounded, at most 100.
 */
export function unrestScore(
  s: Pick<
    CountrySignals,
    'protests' | 'riots' | 'protestFatalities' | 'highSeverityUnrest' | 'outageTotal' | 'outageMajor' | 'outagePartial'
  >,
  m: number,
): number {
  const n = s.protests + s.riots;
  const adjusted = m < 0.7 ? Math.log2(n + 1) * m * 5 : n * m;
  const base = Math.min(50, adjusted * 8);
  const deaths = Math.min(30, s.protestFatalities * 5 * m);
  const severity = Math.min(20, s.highSeverityUnrest * 10 * m);
  const outages = Math.min(50, s.outageTotal * 30 + s.outageMajor * 15 + s.outagePartial * 5);
  return Math.min(100, Math.round(base + deaths + severity + outages));
}

/** min(cap, ln(1 + raw) / ln(1 + pivot) x cap); 0 for no activity. */
export function conflictActivity(raw: number): number {
  const v = Math.max(0, raw);
  if (v === 0) return 0;
  return Math.min(CONFLICT_ACTIVITY_CAP, (Math.log1p(v) / Math.log1p(CONFLICT_ACTIVITY_PIVOT)) * CONFLICT_ACTIVITY_CAP);
}

/**
 * Conflict (the response's `geoConvergence`): round(activity((3 battles + 4 explosions + 5
 * civilian violence) x m)) + min(40, round(5 m sqrt(deaths))) + min(10, 3 civilian violence) +
 * min(50, 3 strikes + 5 high-severity strikes) + for Israel with sirens active 25 + min(25, 5 active);
 * at most 100.
 */
export function conflictScore(
  s: Pick<CountrySignals, 'battles' | 'explosions' | 'civilianViolence' | 'conflictFatalities' | 'orefActiveAlerts'>,
  m: number,
  code: string,
  strikes: { all: number; high: number } = { all: 0, high: 0 },
): number {
  const activity = Math.round(conflictActivity((s.battles * 3 + s.explosions * 4 + s.civilianViolence * 5) * m));
  const deaths = Math.min(40, Math.round(Math.sqrt(s.conflictFatalities) * 5 * m));
  const civilians = Math.min(10, s.civilianViolence * 3);
  const strikeBoost = Math.min(50, strikes.all * 3 + strikes.high * 5);
  const sirens = code === 'IL' && s.orefActiveAlerts > 0 ? 25 + Math.min(25, s.orefActiveAlerts * 5) : 0;
  return Math.min(100, activity + deaths + civilians + strikeBoost + sirens);
}

/**
 * Security (the response's `militaryActivity`): flights = own + 2 foreign, vessels likewise;
 * min(50, 3 flights) + min(30, 5 vessels) + min(40, 20 closures + 15 severe + 10 major + 5
 * moderate airport alerts) + min(35, 5 high + 2 medium GPS cells); rounded, at most 100.
 */
export function securityScore(
  s: Pick<
    CountrySignals,
    'military' | 'aviationClosures' | 'aviationSevere' | 'aviationMajor' | 'aviationModerate' | 'gpsHigh' | 'gpsMedium'
  >,
): number {
  const flights = s.military.ownFlights + s.military.foreignFlights * 2;
  const vessels = s.military.ownVessels + s.military.foreignVessels * 2;
  const flightScore = Math.min(50, flights * 3);
  const vesselScore = Math.min(30, vessels * 5);
  const aviation = Math.min(
    40,
    s.aviationClosures * 20 + s.aviationSevere * 15 + s.aviationMajor * 10 + s.aviationModerate * 5,
  );
  const gps = Math.min(35, s.gpsHigh * 5 + s.gpsMedium * 2);
  return Math.min(100, Math.round(flightScore + vesselScore + aviation + gps));
}

/** Information (the response's `newsActivity`): min(100, news score + threat-summary score). */
export function informationScore(s: Pick<CountrySignals, 'newsScore' | 'threatSummaryScore'>): number {
  return Math.min(100, s.newsScore + s.threatSummaryScore);
}

export interface Components {
  unrest: number;
  conflict: number;
  security: number;
  information: number;
}

/** eventScore = 0.25 unrest + 0.30 conflict + 0.20 security + 0.25 information. */
export function eventScore(c: Components): number {
  return c.unrest * 0.25 + c.conflict * 0.3 + c.security * 0.2 + c.information * 0.25;
}
