/**
 * Per-country summaries of the event datasets the published resilience scorer reads: UCDP conflict
 * events, UNHCR displacement figures and unrest events. Pure; countries matched through the
 * reference table (names and ISO codes).
 */
import { resolveCountry } from '../../reference/countries.js';

/** A UCDP event as the conflict dataset stores it (the fields read here). */
export interface UcdpEventRow {
  country: string;
  deathsBest: number;
  violenceType: string;
}

/** A row of the displacement summary (the fields read here); flows are skipped. */
export interface DisplacementRow {
  kind: string;
  code?: string;
  totalDisplaced?: number;
  hostTotal?: number;
}

/** An internet outage as the outages dataset stores it (the fields read here). */
export interface OutageRow {
  countryCode: string;
  severity: string;
}

export interface OutageSummary {
  total: number;
  major: number;
  partial: number;
}

/** An unrest event as the unrest dataset stores it (the fields read here). */
export interface UnrestEventRow {
  country: string;
  severity: string;
  fatalities: number;
}

export interface UcdpSummary {
  eventCount: number;
  deaths: number;
  /** State-based 2, one-sided 1.5, others 1 per event. */
  typeWeight: number;
}

export interface UnrestSummary {
  /** High-severity events count 2, medium 1.2, others 1. */
  unrestCount: number;
  fatalities: number;
}

export interface DisplacementFigures {
  totalDisplaced: number | null;
  hostTotal: number | null;
}

const codeOf = (name: string) => resolveCountry(name)?.alpha2;

export function summarizeUcdp(events: readonly UcdpEventRow[]): Map<string, UcdpSummary> {
  const out = new Map<string, UcdpSummary>();
  for (const e of events) {
    const code = codeOf(e.country);
    if (!code) continue;
    const s = out.get(code) ?? { eventCount: 0, deaths: 0, typeWeight: 0 };
    s.eventCount += 1;
    s.deaths += Number.isFinite(e.deathsBest) ? e.deathsBest : 0;
    s.typeWeight +=
      e.violenceType === 'UCDP_VIOLENCE_TYPE_STATE_BASED'
        ? 2
        : e.violenceType === 'UCDP_VIOLENCE_TYPE_ONE_SIDED'
          ? 1.5
          : 1;
    out.set(code, s);
  }
  return out;
}

export function summarizeUnrest(events: readonly UnrestEventRow[]): Map<string, UnrestSummary> {
  const out = new Map<string, UnrestSummary>();
  for (const e of events) {
    const code = codeOf(e.country);
    if (!code) continue;
    const s = out.get(code) ?? { unrestCount: 0, fatalities: 0 };
    const severity = e.severity.toUpperCase();
    s.unrestCount += severity.includes('HIGH') ? 2 : severity.includes('MEDIUM') ? 1.2 : 1;
    s.fatalities += Number.isFinite(e.fatalities) ? e.fatalities : 0;
    out.set(code, s);
  }
  return out;
}

/** Outages per country by severity: total (or nationwide), major (or regional), the rest partial. */
export function summarizeOutages(outages: readonly OutageRow[]): Map<string, OutageSummary> {
  const out = new Map<string, OutageSummary>();
  for (const o of outages) {
    const code = resolveCountry(o.countryCode)?.alpha2;
    if (!code) continue;
    const s = out.get(code) ?? { total: 0, major: 0, partial: 0 };
    const severity = o.severity.toUpperCase();
    if (severity.includes('TOTAL') || severity === 'NATIONWIDE') s.total += 1;
    else if (severity.includes('MAJOR') || severity === 'REGIONAL') s.major += 1;
    else s.partial += 1;
    out.set(code, s);
  }
  return out;
}

export function displacementByCountry(rows: readonly DisplacementRow[]): Map<string, DisplacementFigures> {
  const out = new Map<string, DisplacementFigures>();
  for (const r of rows)
    if (r.kind === 'country' && r.code)
      out.set(r.code, { totalDisplaced: r.totalDisplaced ?? null, hostTotal: r.hostTotal ?? null });
  return out;
}

/** A cyber threat as the cyber dataset stores it (the fields read here). */
export interface CyberThreatRow {
  country: string;
  severity: string;
  /** When the threat was first seen, epoch ms. */
  firstSeenAt: number;
}

/** A country's threats weighted by criticality, decayed by discovery day and capped as published. */
export interface CyberSummary {
  weightedCount: number;
}

/** Criticality weights of the published scorer; any other level counts 1. */
const CYBER_SEVERITY_WEIGHT: Record<string, number> = {
  CRITICALITY_LEVEL_CRITICAL: 3,
  CRITICALITY_LEVEL_HIGH: 2,
  CRITICALITY_LEVEL_MEDIUM: 1,
  CRITICALITY_LEVEL_LOW: 0.5,
};
/** A discovery day, and the whole country, contribute at most this much (a one-day burst cannot saturate the metric). */
export const CYBER_SNAPSHOT_WEIGHT_CAP = 8;
/** A discovery day's weight halves with each day of age. */
export const CYBER_DISCOVERY_HALF_LIFE_DAYS = 1;
const DAY_MS = 86_400_000;

/** Whole days from first sighting to `at`; 0 for a future or unknown sighting. */
function discoveryAgeDays(firstSeenAt: number, at: number): number {
  if (!Number.isFinite(firstSeenAt) || firstSeenAt <= 0) return 0;
  return Math.max(0, Math.floor((at - firstSeenAt) / DAY_MS));
}

/**
 * Threats per country at `at` (ISO alpha-2 in `country`; unlocated threats count for nobody): criticality
 * weights summed per discovery day, each day capped at 8 and halved per day of age, the total capped at 8.
 */
export function summarizeCyber(threats: readonly CyberThreatRow[], at: number): Map<string, CyberSummary> {
  const byDay = new Map<string, Map<number, number>>();
  for (const t of threats) {
    const code = t.country ? resolveCountry(t.country)?.alpha2 : undefined;
    if (!code) continue;
    const days = byDay.get(code) ?? new Map<number, number>();
    const age = discoveryAgeDays(t.firstSeenAt, at);
    days.set(age, (days.get(age) ?? 0) + (CYBER_SEVERITY_WEIGHT[t.severity] ?? 1));
    byDay.set(code, days);
  }
  const out = new Map<string, CyberSummary>();
  for (const [code, days] of byDay) {
    let decayed = 0;
    for (const [age, w] of days)
      decayed += Math.min(w, CYBER_SNAPSHOT_WEIGHT_CAP) * 2 ** (-age / CYBER_DISCOVERY_HALF_LIFE_DAYS);
    out.set(code, { weightedCount: Math.min(decayed, CYBER_SNAPSHOT_WEIGHT_CAP) });
  }
  return out;
}

/** An interfered GPS cell as the GPS dataset stores it (the fields read here). */
export interface GpsHexRow {
  region: string;
  level: string;
}

export interface GpsSummary {
  high: number;
  medium: number;
}

/**
 * The countries a GPS region label names. The published scorer matches a cell to a country by the
 * country names in its region label (`iran-iraq` is Iran and Iraq); the labels that name no country
 * (`levant`, `east-africa`, `northern-europe`, `other`...) count for nobody.
 */
export const GPS_REGION_COUNTRIES: Readonly<Record<string, readonly string[]>> = {
  'iran-iraq': ['IR', 'IQ'],
  'israel-sinai': ['IL'],
  'ukraine-russia': ['UA', 'RU'],
  'russia-north': ['RU'],
  'turkey-caucasus': ['TR'],
  'afghanistan-pakistan': ['AF', 'PK'],
  'yemen-horn': ['YE'],
  'sudan-sahel': ['SD'],
};

/** High and medium interference cells per country, through the region labels. */
export function summarizeGps(hexes: readonly GpsHexRow[]): Map<string, GpsSummary> {
  const out = new Map<string, GpsSummary>();
  for (const h of hexes) {
    const level = h.level.toUpperCase();
    const high = level.endsWith('HIGH');
    if (!high && !level.endsWith('MEDIUM')) continue;
    for (const code of GPS_REGION_COUNTRIES[h.region] ?? []) {
      const s = out.get(code) ?? { high: 0, medium: 0 };
      if (high) s.high += 1;
      else s.medium += 1;
      out.set(code, s);
    }
  }
  return out;
}

/** A national debt entry as the debt dataset stores it (the fields read here). */
export interface DebtRow {
  iso3: string;
  /** Change of the debt-to-GDP ratio over the year before, percent. */
  annualGrowth: number;
}

/** Debt growth per country (alpha-2). */
export function debtGrowthByCountry(rows: readonly DebtRow[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) {
    const code = resolveCountry(r.iso3)?.alpha2;
    if (code && Number.isFinite(r.annualGrowth)) out.set(code, r.annualGrowth);
  }
  return out;
}

/** A gas day of a country's storage as the AGSI+ dataset stores it (the fields read here). */
export interface GasStorageRow {
  country: string;
  gasDay: string;
  fullPct: number;
}

/** The newest gas day's fill level per country, percent. */
export function gasStorageByCountry(rows: readonly GasStorageRow[]): Map<string, number> {
  const newest = new Map<string, GasStorageRow>();
  for (const r of rows) {
    const code = resolveCountry(r.country)?.alpha2;
    if (!code || !Number.isFinite(r.fullPct) || r.fullPct < 0 || r.fullPct > 100) continue;
    const prev = newest.get(code);
    if (!prev || r.gasDay > prev.gasDay) newest.set(code, r);
  }
  return new Map([...newest].map(([code, r]) => [code, r.fullPct]));
}
