import { countryAtPoint, countryOfText } from './geography.js';
import { ADVISORY_FALLBACK, CII_COUNTRIES, CLIMATE_ZONE_COUNTRIES, isCiiCountry } from './weights.js';
import type { AdvisoryLevel, AdvisoryProvenance } from './weights.js';

const DAY = 86_400_000;

/**
 * The facts the index reads, as plain rows: what each input snapshot says, already in the shape the
 * attribution rules need. An input left undefined was not available; the index scores without it.
 */
export interface CiiFacts {
  /** ACLED events of the five scored types (protests and riots from the unrest feed, the rest from conflict). */
  acled?: readonly { country: string; eventType: string; fatalities: number; occurredAt: number }[];
  /** UCDP georeferenced events. */
  ucdp?: readonly { country: string; dateStart: number; deathsBest: number }[];
  /** Internet outages by alpha-2 code; severity TOTAL/NATIONWIDE, MAJOR/REGIONAL, PARTIAL/LOCAL/MINOR. */
  outages?: readonly { countryCode: string; severity: string }[];
  /** Climate anomalies: zone name, severity (a number, or a label containing extreme/moderate), optional point. */
  climate?: readonly { zone: string; severity: number | string; lat?: number; lon?: number }[];
  /** Cyber threat indicators by hosting country (alpha-2) and criticality. */
  cyber?: readonly { country: string; severity: string }[];
  /** Satellite fire detections. */
  fires?: readonly { lat: number; lon: number; brightness: number; frp: number }[];
  /** GPS-interference cells, level `high` or `medium`. */
  gps?: readonly { lat: number; lon: number; level: string }[];
  /** Israel's sirens: alerts active now, alert records of the last 24 h. */
  oref?: { activeAlertCount: number; historyCount24h: number };
  /** Live travel-advisory level per alpha-2 code. */
  advisories?: Readonly<Record<string, string>>;
  /** Displaced people (refugees, asylum seekers, IDPs) originating from each alpha-2 code. */
  displaced?: Readonly<Record<string, number>>;
  /** Classified top stories: country code when known, threat level, title. */
  news?: readonly { countryCode?: string; threatLevel: string; title: string }[];
  /** Classified headline counts per alpha-2 code. */
  threatSummary?: Readonly<Record<string, Partial<Record<'critical' | 'high' | 'medium' | 'low' | 'info', number>>>>;
  /** Airport alerts: country name, delay type and severity labels. */
  aviation?: readonly { country: string; delayType: string; severity: string }[];
  /** Earthquakes with their epicentre. */
  earthquakes?: readonly { magnitude: number; occurredAt: number; lat: number; lon: number }[];
  /** Sanctions designations tied to each alpha-2 code, and how many are new on the latest edition. */
  sanctions?: Readonly<Record<string, { entryCount: number; newEntryCount: number }>>;
  /** Military presence per alpha-2 code (own and foreign flights and vessels, AIS disruptions by severity). */
  military?: Readonly<Record<string, Partial<MilitaryPresence>>>;
}

export interface MilitaryPresence {
  ownFlights: number;
  foreignFlights: number;
  ownVessels: number;
  foreignVessels: number;
  aisDisruptionHigh: number;
  aisDisruptionElevated: number;
  aisDisruptionLow: number;
}

/** What the index counted for one country. */
export interface CountrySignals {
  protests: number;
  riots: number;
  battles: number;
  explosions: number;
  civilianViolence: number;
  protestFatalities: number;
  conflictFatalities: number;
  /** Protests with a death, and every riot (time-weighted like the counts). */
  highSeverityUnrest: number;
  ucdp: 'war' | 'minor' | undefined;
  outageTotal: number;
  outageMajor: number;
  outagePartial: number;
  climateSeverity: number;
  cyberCritical: number;
  cyberHigh: number;
  cyberMedium: number;
  fires: number;
  firesHigh: number;
  gpsHigh: number;
  gpsMedium: number;
  orefActiveAlerts: number;
  orefHistory24h: number;
  advisoryLevel: AdvisoryLevel | undefined;
  advisoryProvenance: AdvisoryProvenance;
  displaced: number;
  newsScore: number;
  threatSummaryScore: number;
  aviationClosures: number;
  aviationSevere: number;
  aviationMajor: number;
  aviationModerate: number;
  quakesSignificant: number;
  quakesMajor: number;
  quakesSevere: number;
  sanctionsEntries: number;
  sanctionsNewEntries: number;
  military: MilitaryPresence;
}

function emptySignals(): CountrySignals {
  return {
    protests: 0,
    riots: 0,
    battles: 0,
    explosions: 0,
    civilianViolence: 0,
    protestFatalities: 0,
    conflictFatalities: 0,
    highSeverityUnrest: 0,
    ucdp: undefined,
    outageTotal: 0,
    outageMajor: 0,
    outagePartial: 0,
    climateSeverity: 0,
    cyberCritical: 0,
    cyberHigh: 0,
    cyberMedium: 0,
    fires: 0,
    firesHigh: 0,
    gpsHigh: 0,
    gpsMedium: 0,
    orefActiveAlerts: 0,
    orefHistory24h: 0,
    advisoryLevel: undefined,
    advisoryProvenance: 'absent',
    displaced: 0,
    newsScore: 0,
    threatSummaryScore: 0,
    aviationClosures: 0,
    aviationSevere: 0,
    aviationMajor: 0,
    aviationModerate: 0,
    quakesSignificant: 0,
    quakesMajor: 0,
    quakesSevere: 0,
    sanctionsEntries: 0,
    sanctionsNewEntries: 0,
    military: {
      ownFlights: 0,
      foreignFlights: 0,
      ownVessels: 0,
      foreignVessels: 0,
      aisDisruptionHigh: 0,
      aisDisruptionElevated: 0,
      aisDisruptionLow: 0,
    },
  };
}

const nonNegative = (v: unknown): number => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

const utcDay = (ms: number) => Math.floor(ms / DAY);

/** Weight of an ACLED event by age: 1 up to 7 days old, 0.4 from 8 to 30 days; 0 outside the 30-day window. */
export function acledWeight(occurredAt: number, at: number): number {
  if (utcDay(occurredAt) > utcDay(at) || utcDay(occurredAt) < utcDay(at - 30 * DAY)) return 0;
  const daysAgo = Math.max(0, Math.floor((at - occurredAt) / DAY));
  return daysAgo <= 7 ? 1 : 0.4;
}

/**
 * UCDP intensity per scored country over the 2 years before `at`: more than 1,000 deaths or more
 * than 100 events is war, more than 10 events minor. Events are grouped by the name UCDP gives.
 */
export function ucdpIntensity(
  events: readonly { country: string; dateStart: number; deathsBest: number }[],
  at: number,
): Map<string, 'war' | 'minor'> {
  const byName = new Map<string, { deaths: number; events: number }>();
  for (const e of events) {
    if (!e.country || !(e.dateStart <= at && at - e.dateStart < 2 * 365 * DAY)) continue;
    const acc = byName.get(e.country) ?? { deaths: 0, events: 0 };
    acc.deaths += nonNegative(e.deathsBest);
    acc.events += 1;
    byName.set(e.country, acc);
  }
  const out = new Map<string, 'war' | 'minor'>();
  for (const [name, acc] of byName) {
    const code = countryOfText(name);
    if (!code || !isCiiCountry(code)) continue;
    const intensity = acc.deaths > 1000 || acc.events > 100 ? 'war' : acc.events > 10 ? 'minor' : undefined;
    // Several spellings may name one country: the stronger class holds.
    if (intensity === 'war' || (intensity && !out.has(code))) out.set(code, intensity);
  }
  return out;
}

/** A climate severity as the boost reads it: numbers as given, `extreme` 5 (boost 15), `moderate` 8/3 (boost 8). */
export function climateSeverityValue(v: number | string): number {
  if (typeof v === 'number') return Number.isFinite(v) ? v : 0;
  const s = v.toLowerCase();
  if (s.includes('extreme')) return 5;
  if (s.includes('moderate')) return 8 / 3;
  return 0;
}

const NEWS_WEIGHT: Record<string, number> = {
  critical: 4,
  high: 2,
  medium: 1,
  elevated: 1,
  moderate: 0.5,
  low: 0.5,
  info: 0,
};
const SUMMARY_WEIGHT = { critical: 4, high: 2, medium: 1, low: 0.5, info: 0 } as const;

const ADVISORY_LEVELS = new Set<string>(['do-not-travel', 'reconsider', 'caution']);

/** Counts every input's events per scored country (the published attribution rules), as of `at`. */
export function gatherSignals(facts: CiiFacts, at: number): Map<string, CountrySignals> {
  const data = new Map<string, CountrySignals>();
  for (const code of CII_COUNTRIES) {
    const s = emptySignals();
    const live = facts.advisories?.[code];
    const fallback = ADVISORY_FALLBACK[code];
    s.advisoryLevel = live && ADVISORY_LEVELS.has(live) ? (live as AdvisoryLevel) : fallback;
    s.advisoryProvenance = live && ADVISORY_LEVELS.has(live) ? 'live' : fallback ? 'fallback' : 'absent';
    data.set(code, s);
  }
  const at_ = (code: string | undefined) => (code ? data.get(code) : undefined);

  for (const [code, n] of Object.entries(facts.displaced ?? {})) {
    const s = at_(code);
    if (s) s.displaced = Math.max(s.displaced, nonNegative(n));
  }

  for (const ev of facts.acled ?? []) {
    const s = at_(countryOfText(ev.country));
    const w = acledWeight(ev.occurredAt, at);
    if (!s || w === 0) continue;
    const type = ev.eventType.toLowerCase();
    const deaths = nonNegative(ev.fatalities);
    if (type.includes('protest')) {
      s.protests += w;
      s.protestFatalities += deaths * w;
      if (deaths > 0) s.highSeverityUnrest += w;
    } else if (type.includes('riot')) {
      s.riots += w;
      s.protestFatalities += deaths * w;
      s.highSeverityUnrest += w;
    } else if (type.includes('battle')) {
      s.battles += w;
      s.conflictFatalities += deaths * w;
    } else if (type.includes('explosion') || type.includes('remote')) {
      s.explosions += w;
      s.conflictFatalities += deaths * w;
    } else if (type.includes('violence')) {
      s.civilianViolence += w;
      s.conflictFatalities += deaths * w;
    }
  }

  for (const [code, intensity] of ucdpIntensity(facts.ucdp ?? [], at)) {
    const s = at_(code);
    if (s) s.ucdp = intensity;
  }

  for (const o of facts.outages ?? []) {
    const s = at_(o.countryCode.toUpperCase());
    if (!s) continue;
    const sev = o.severity.toUpperCase();
    if (sev.includes('TOTAL') || sev === 'NATIONWIDE') s.outageTotal++;
    else if (sev.includes('MAJOR') || sev === 'REGIONAL') s.outageMajor++;
    else if (sev.includes('PARTIAL') || sev.includes('LOCAL') || sev.includes('MINOR')) s.outagePartial++;
  }

  for (const a of facts.climate ?? []) {
    const severity = climateSeverityValue(a.severity);
    const codes = new Set(CLIMATE_ZONE_COUNTRIES[a.zone] ?? []);
    const point = a.lat !== undefined && a.lon !== undefined ? countryAtPoint(a.lat, a.lon) : undefined;
    if (point) codes.add(point);
    for (const code of codes) {
      const s = at_(code);
      if (s) s.climateSeverity = Math.max(s.climateSeverity, severity);
    }
  }

  for (const t of facts.cyber ?? []) {
    const s = at_(t.country.toUpperCase());
    if (!s) continue;
    const sev = t.severity.toLowerCase().replace(/^criticality_level_/, '');
    if (sev === 'critical') s.cyberCritical++;
    else if (sev === 'high') s.cyberHigh++;
    else if (sev === 'medium') s.cyberMedium++;
  }

  for (const f of facts.fires ?? []) {
    const s = at_(countryAtPoint(f.lat, f.lon));
    if (!s) continue;
    s.fires++;
    if (nonNegative(f.brightness) >= 360 || nonNegative(f.frp) >= 50) s.firesHigh++;
  }

  for (const h of facts.gps ?? []) {
    const s = at_(countryAtPoint(h.lat, h.lon));
    if (!s) continue;
    if (h.level === 'high') s.gpsHigh++;
    else s.gpsMedium++;
  }

  for (const a of facts.aviation ?? []) {
    const s = at_(countryOfText(a.country));
    if (!s) continue;
    const type = a.delayType.toLowerCase();
    const sev = a.severity.toLowerCase();
    if (type.includes('closure')) s.aviationClosures++;
    else if (sev.includes('severe')) s.aviationSevere++;
    else if (sev.includes('major')) s.aviationMajor++;
    else if (sev.includes('moderate')) s.aviationModerate++;
  }

  for (const q of facts.earthquakes ?? []) {
    const mag = nonNegative(q.magnitude);
    if (mag < 5.5 || q.occurredAt < at - 7 * DAY) continue;
    const s = at_(countryAtPoint(q.lat, q.lon));
    if (!s) continue;
    if (mag >= 7.5) s.quakesSevere++;
    else if (mag >= 6.5) s.quakesMajor++;
    else s.quakesSignificant++;
  }

  for (const [code, c] of Object.entries(facts.sanctions ?? {})) {
    const s = at_(code.toUpperCase());
    if (!s) continue;
    s.sanctionsEntries += nonNegative(c.entryCount);
    s.sanctionsNewEntries += nonNegative(c.newEntryCount);
  }

  for (const [code, m] of Object.entries(facts.military ?? {})) {
    const s = at_(code);
    if (!s) continue;
    for (const k of Object.keys(s.military) as (keyof MilitaryPresence)[]) s.military[k] = nonNegative(m[k]);
  }

  const il = data.get('IL');
  if (facts.oref && il) {
    il.orefActiveAlerts = nonNegative(facts.oref.activeAlertCount);
    il.orefHistory24h = nonNegative(facts.oref.historyCount24h);
  }

  for (const story of facts.news ?? []) {
    const w = NEWS_WEIGHT[story.threatLevel.toLowerCase()] ?? 0;
    if (w === 0) continue;
    const code = story.countryCode && data.has(story.countryCode) ? story.countryCode : countryOfText(story.title);
    const s = at_(code);
    if (s) s.newsScore += w;
  }

  for (const [code, counts] of Object.entries(facts.threatSummary ?? {})) {
    const s = at_(code);
    if (!s) continue;
    let score = 0;
    for (const [level, w] of Object.entries(SUMMARY_WEIGHT))
      score += nonNegative(counts[level as keyof typeof SUMMARY_WEIGHT]) * w;
    s.threatSummaryScore = Math.min(20, score);
  }

  return data;
}
