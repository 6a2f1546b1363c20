/**
 * The published forecast pipeline's deterministic detectors, over our own snapshots. Each detector
 * reads plain records (structural types below, so no other service's internals are imported) and
 * returns forecast candidates with the published probability formulas, caps and signal texts.
 * Pure: the same inputs give the same candidates, in the same order.
 */
import { createHash } from 'node:crypto';
import { countryByCode, resolveCountry } from '../../reference/countries.js';

export type Domain = 'conflict' | 'market' | 'supply_chain' | 'political' | 'military' | 'cyber' | 'infrastructure';
export type Horizon = '24h' | '7d' | '30d';

export interface Signal {
  type: string;
  value: string;
  weight: number;
}

/** A detector's forecast before enrichment (confidence, projections, cascades, trend, resolution). */
export interface Candidate {
  id: string;
  domain: Domain;
  region: string;
  title: string;
  probability: number;
  confidence: number;
  timeHorizon: Horizon;
  signals: Signal[];
}

// The published caps (scripts/seed-forecasts.mjs).
export const CONFLICT_BASE_DETECTOR_PROB_MAX = 0.9;
export const UCDP_CONFLICT_ZONE_PROB_MAX = 0.85;
export const UCDP_CONFLICT_ZONE_GATE_PROB_MIN = 0.35;
export const POLITICAL_DETECTOR_PROB_MAX = 0.8;
export const CYBER_MIN_THREATS_PER_COUNTRY = 5;
export const CYBER_MAX_FORECASTS = 12;
const CYBER_SCORE_TYPE_MULTIPLIER = 1.5;
const CYBER_SCORE_CRITICAL_MULTIPLIER = 0.75;
export const CYBER_PROB_MAX = 0.72;
const CYBER_PROB_VOLUME_WEIGHT = 0.5;
const CYBER_PROB_TYPE_WEIGHT = 0.15;
const PREDICTION_MARKET_MAX_FORECASTS = 5;

const round3 = (x: number) => Math.round(x * 1000) / 1000;
const clamp01 = (x: number) => Math.max(0, Math.min(1, Number.isFinite(x) ? x : 0));

/** Linear rescale of `value` from [min, max] to [0, 1], clamped; 0 when the range is empty. */
export function normalize(value: number, min: number, max: number): number {
  if (max <= min) return 0;
  return Math.max(0, Math.min(1, (value - min) / (max - min)));
}

/** The published forecast id: `fc-<domain>-` and the first 8 hex digits of SHA-256("domain:region:title"). */
export function forecastId(domain: string, region: string, title: string): string {
  return `fc-${domain}-${createHash('sha256').update(`${domain}:${region}:${title}`).digest('hex').slice(0, 8)}`;
}

/** A candidate with probability and confidence clamped to [0, 1] and rounded to 3 decimals, as published. */
export function makeCandidate(
  domain: Domain,
  region: string,
  title: string,
  probability: number,
  confidence: number,
  timeHorizon: Horizon,
  signals: Signal[],
): Candidate {
  return {
    id: forecastId(domain, region, title),
    domain,
    region,
    title,
    probability: round3(clamp01(probability)),
    confidence: round3(clamp01(confidence)),
    timeHorizon,
    signals,
  };
}

// ---- inputs (the fields the detectors read) --------------------------------------------------------

/** A country instability score (intelligence.cii-scores). */
export interface CiiInput {
  region: string;
  combinedScore: number;
  trend: string;
  components: Partial<Record<'newsActivity' | 'ciiContribution' | 'geoConvergence' | 'militaryActivity', number>> &
    Partial<Record<'unrest' | 'protest', number>>;
  change24h?: number;
}
export interface UcdpInput {
  country: string;
}
export interface IranEventInput {
  locationName: string;
}
export interface UnrestInput {
  country: string;
  sourceType: string;
}
export interface CyberInput {
  country: string;
  type: string;
}
export interface GpsHexInput {
  lat: number;
  lon: number;
}
export interface PredictionMarketInput {
  title: string;
  /** 0-100. */
  yesPercent: number;
  source: string;
  /** When the market closes (epoch ms), for its resolution deadline. */
  closesAt?: number;
}

export interface DetectorInputs {
  cii?: readonly CiiInput[];
  ucdp?: readonly UcdpInput[];
  iran?: readonly IranEventInput[];
  unrest?: readonly UnrestInput[];
  cyber?: readonly CyberInput[];
  gps?: readonly GpsHexInput[];
  markets?: readonly PredictionMarketInput[];
}

export type CiiLevel = 'critical' | 'high' | 'elevated' | 'normal' | 'low';

/** The published CII level bands: critical ≥81, high ≥66, elevated ≥51, normal ≥31, else low. */
export function ciiLevel(score: number): CiiLevel {
  return score >= 81 ? 'critical' : score >= 66 ? 'high' : score >= 51 ? 'elevated' : score >= 31 ? 'normal' : 'low';
}

interface CiiEntry {
  code: string;
  name: string;
  score: number;
  level: CiiLevel;
  trend: 'rising' | 'falling' | 'stable';
  change24h: number;
  /** The unrest reading: the largest of the unrest-like components present. */
  unrest: number;
}

/** The published normalisation of a CII score: name from the code, trend from the enum, unrest as the max component. */
export function ciiEntry(c: CiiInput): CiiEntry {
  const score = c.combinedScore ?? 0;
  const t = (c.trend ?? '').toLowerCase();
  const comps = [
    c.components?.unrest,
    c.components?.protest,
    c.components?.geoConvergence,
    c.components?.ciiContribution,
    c.components?.newsActivity,
  ].filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return {
    code: c.region,
    name: countryByCode(c.region)?.name ?? c.region,
    score,
    level: ciiLevel(score),
    trend: t.includes('rising') ? 'rising' : t.includes('falling') ? 'falling' : 'stable',
    change24h: c.change24h ?? 0,
    unrest: comps.length ? Math.max(...comps) : 0,
  };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Word-boundary match on the country name or code, so IL does not match Chile. */
const countryMatcher = (name: string, code: string) =>
  new RegExp(`\\b(${escapeRe(name.toLowerCase())}|${escapeRe(code.toLowerCase())})\\b`, 'i');

// ---- detectors --------------------------------------------------------------------------------------

/**
 * Conflict escalation from CII: score > 60 at level high or critical;
 * p = min(0.90, norm(score, 50, 100) x 0.6 + 0.1 when UCDP or Iran events name the country + 0.1 when rising);
 * confidence = max(0.3, norm(sources, 0, 4)). Horizon 7 days.
 * (The published theater-posture branch and the EMA velocity lift read inputs we do not compute.)
 */
export function detectConflict(inputs: DetectorInputs): Candidate[] {
  const out: Candidate[] = [];
  for (const c of (inputs.cii ?? []).map(ciiEntry)) {
    if (!c.score || c.score <= 60) continue;
    if (c.level !== 'high' && c.level !== 'critical') continue;
    const signals: Signal[] = [{ type: 'cii', value: `${c.name} CII ${c.score} (${c.level})`, weight: 0.4 }];
    let sources = 1;
    if (c.change24h && Math.abs(c.change24h) > 2) {
      const sign = c.change24h > 0 ? '+' : '';
      signals.push({ type: 'cii_delta', value: `24h change ${sign}${c.change24h.toFixed(1)}`, weight: 0.2 });
      sources++;
    }
    const re = countryMatcher(c.name, c.code);
    const iran = (inputs.iran ?? []).filter((e) => re.test(e.locationName ?? '')).length;
    if (iran > 0) {
      signals.push({ type: 'conflict_events', value: `${iran} Iran-related events`, weight: 0.2 });
      sources++;
    }
    const ucdp = (inputs.ucdp ?? []).filter((e) => re.test(e.country ?? '')).length;
    if (ucdp > 0) {
      signals.push({ type: 'ucdp', value: `${ucdp} UCDP events`, weight: 0.2 });
      sources++;
    }
    const p = Math.min(
      CONFLICT_BASE_DETECTOR_PROB_MAX,
      normalize(c.score, 50, 100) * 0.6 + (iran + ucdp > 0 ? 0.1 : 0) + (c.trend === 'rising' ? 0.1 : 0),
    );
    out.push(
      makeCandidate(
        'conflict',
        c.name,
        `Escalation risk: ${c.name}`,
        p,
        Math.max(0.3, normalize(sources, 0, 4)),
        '7d',
        signals,
      ),
    );
  }
  return out;
}

/** ACLED-sourced unrest events per country (alpha-2 when the name resolves, else the name as given). */
function acledUnrestCounts(events: readonly UnrestInput[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of events) {
    if (String(e.sourceType ?? '').replace(/^UNREST_SOURCE_TYPE_/, '') !== 'ACLED') continue;
    if (!e.country) continue;
    const key = resolveCountry(e.country)?.alpha2 ?? e.country;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * Political instability: unrest component > 50 or at least 3 ACLED unrest events, and CII score < 80;
 * u = max(unrest, 10 x events); p = min(0.80, norm(u, 30, 100) x 0.6 + 0.08 for ≥5 events or 0.04 for ≥3);
 * confidence = max(0.3, norm(sources, 0, 4)). Horizon 30 days. (The published protest-anomaly boost reads
 * temporal anomalies, which are not an input here.)
 */
export function detectPolitical(inputs: DetectorInputs): Candidate[] {
  const counts = acledUnrestCounts(inputs.unrest ?? []);
  const out: Candidate[] = [];
  for (const c of (inputs.cii ?? []).map(ciiEntry)) {
    const events = counts.get(c.code) ?? 0;
    if (c.unrest <= 50 && events < 3) continue;
    if (c.score >= 80) continue;
    const reading = Math.max(c.unrest, events * 10);
    const signals: Signal[] = [{ type: 'unrest', value: `${c.name} unrest component: ${reading}`, weight: 0.4 }];
    let sources = 1;
    if (events > 0) {
      signals.push({ type: 'unrest_events', value: `${events} unrest events in ${c.name}`, weight: 0.3 });
      sources++;
    }
    const eventBoost = events >= 5 ? 0.08 : events >= 3 ? 0.04 : 0;
    const p = Math.min(POLITICAL_DETECTOR_PROB_MAX, normalize(reading, 30, 100) * 0.6 + eventBoost);
    out.push(
      makeCandidate(
        'political',
        c.name,
        `Political instability: ${c.name}`,
        p,
        Math.max(0.3, normalize(sources, 0, 4)),
        '30d',
        signals,
      ),
    );
  }
  return out;
}

/**
 * Active armed conflict zones: at least 10 UCDP events in a country;
 * p = min(0.85, 0.35 + norm(count, 10, 100) x (0.85 - 0.35)); confidence 0.3; horizon 30 days.
 */
export function detectUcdpZones(inputs: DetectorInputs): Candidate[] {
  const byCountry = new Map<string, number>();
  for (const e of inputs.ucdp ?? []) if (e.country) byCountry.set(e.country, (byCountry.get(e.country) ?? 0) + 1);
  const out: Candidate[] = [];
  for (const [country, count] of byCountry) {
    if (count < 10) continue;
    const p = Math.min(
      UCDP_CONFLICT_ZONE_PROB_MAX,
      UCDP_CONFLICT_ZONE_GATE_PROB_MIN +
        normalize(count, 10, 100) * (UCDP_CONFLICT_ZONE_PROB_MAX - UCDP_CONFLICT_ZONE_GATE_PROB_MIN),
    );
    out.push(
      makeCandidate('conflict', country, `Active armed conflict: ${country}`, p, 0.3, '30d', [
        { type: 'ucdp', value: `${count} UCDP conflict events`, weight: 0.5 },
      ]),
    );
  }
  return out;
}

const CYBER_CRITICAL = /ransomware|wiper|ddos|intrusion|exploit|botnet|malware/i;

/**
 * Cyber threat concentration: at least 5 threats in a country (at least 5 in all);
 * p = min(0.72, norm(n, 4, 50) x 0.5 + norm(types, 1, 6) x 0.15);
 * confidence = max(0.32, norm(n + critical, 4, 25) x 0.55); ranked by n + 1.5 x types + 0.75 x critical,
 * at most 12. Horizon 7 days.
 */
export function detectCyber(inputs: DetectorInputs): Candidate[] {
  const threats = inputs.cyber ?? [];
  if (threats.length < CYBER_MIN_THREATS_PER_COUNTRY) return [];
  const byCountry = new Map<string, CyberInput[]>();
  for (const t of threats) {
    const name = t.country ? (countryByCode(t.country)?.name ?? t.country) : '';
    if (!name) continue;
    byCountry.set(name, [...(byCountry.get(name) ?? []), t]);
  }
  const ranked = [...byCountry]
    .filter(([, items]) => items.length >= CYBER_MIN_THREATS_PER_COUNTRY)
    .map(([country, items]) => {
      const types = [...new Set(items.map((t) => t.type || 'unknown'))];
      const critical = items.filter((t) => CYBER_CRITICAL.test(t.type ?? '')).length;
      return {
        country,
        items,
        types,
        score: items.length + types.length * CYBER_SCORE_TYPE_MULTIPLIER + critical * CYBER_SCORE_CRITICAL_MULTIPLIER,
        probability: Math.min(
          CYBER_PROB_MAX,
          normalize(items.length, 4, 50) * CYBER_PROB_VOLUME_WEIGHT +
            normalize(types.length, 1, 6) * CYBER_PROB_TYPE_WEIGHT,
        ),
        confidence: Math.max(0.32, normalize(items.length + critical, 4, 25) * 0.55),
      };
    })
    .sort((a, b) => b.score - a.score || b.probability - a.probability || a.country.localeCompare(b.country))
    .slice(0, CYBER_MAX_FORECASTS);
  return ranked.map((c) =>
    makeCandidate('cyber', c.country, `Cyber threat concentration: ${c.country}`, c.probability, c.confidence, '7d', [
      { type: 'cyber', value: `${c.items.length} threats (${c.types.join(', ')})`, weight: 0.5 },
    ]),
  );
}

/** The published maritime boxes for GPS interference (latitude and longitude ranges, degrees). */
export const MARITIME_REGIONS: Readonly<Record<string, { lat: [number, number]; lon: [number, number] }>> = {
  'Eastern Mediterranean': { lat: [33, 37], lon: [25, 37] },
  'Red Sea': { lat: [11, 22], lon: [32, 54] },
  'Persian Gulf': { lat: [20, 32], lon: [45, 60] },
  'Black Sea': { lat: [40, 48], lon: [26, 42] },
  'Baltic Sea': { lat: [52, 65], lon: [10, 32] },
};

/** GPS interference in a shipping zone: at least 3 jammed cells in the box; p = min(0.6, norm(n, 2, 30) x 0.5). */
export function detectGpsJamming(inputs: DetectorInputs): Candidate[] {
  const hexes = inputs.gps ?? [];
  if (!hexes.length) return [];
  const out: Candidate[] = [];
  for (const [region, b] of Object.entries(MARITIME_REGIONS)) {
    const n = hexes.filter(
      (h) => h.lat >= b.lat[0] && h.lat <= b.lat[1] && h.lon >= b.lon[0] && h.lon <= b.lon[1],
    ).length;
    if (n < 3) continue;
    out.push(
      makeCandidate(
        'supply_chain',
        region,
        `GPS interference in ${region} shipping zone`,
        Math.min(0.6, normalize(n, 2, 30) * 0.5),
        0.3,
        '7d',
        [{ type: 'gps_jamming', value: `${n} jamming hexes in ${region}`, weight: 0.5 }],
      ),
    );
  }
  return out;
}

/** The published market-title region patterns, in their order (the first tag names the region). */
const REGION_PATTERNS: readonly [string, RegExp][] = [
  ['america', /\b(us|u\.s\.|united states|america|trump|biden|congress|federal reserve|canada|mexico|brazil)\b/i],
  ['eu', /\b(europe|european|eu|nato|germany|france|uk|britain|macron|ecb)\b/i],
  ['mena', /\b(middle east|iran|iraq|syria|israel|palestine|gaza|saudi|yemen|houthi|lebanon)\b/i],
  ['asia', /\b(china|japan|korea|india|taiwan|xi jinping|asean)\b/i],
  ['latam', /\b(latin america|brazil|argentina|venezuela|colombia|chile)\b/i],
  ['africa', /\b(africa|nigeria|south africa|ethiopia|sahel|kenya)\b/i],
  ['oceania', /\b(australia|new zealand)\b/i],
];
const MARKET_TAG_TO_REGION: Readonly<Record<string, string>> = {
  mena: 'Middle East',
  eu: 'Europe',
  asia: 'Asia-Pacific',
  america: 'Americas',
  latam: 'Latin America',
  africa: 'Africa',
  oceania: 'Oceania',
};

export function tagRegions(title: string): string[] {
  return REGION_PATTERNS.filter(([, re]) => re.test(title)).map(([tag]) => tag);
}

const VENUE: Readonly<Record<string, string>> = {
  MARKET_SOURCE_POLYMARKET: 'Polymarket',
  MARKET_SOURCE_KALSHI: 'Kalshi',
};

/**
 * Prediction markets priced between 60% and 90% whose title tags a region become forecasts at the market
 * price: domain conflict (war, strike, military, attack), market (tariff, recession, economy, gdp) or
 * political; confidence 0.7; horizon 30 days; the first five.
 */
export function detectFromPredictionMarkets(inputs: DetectorInputs): Candidate[] {
  const out: Candidate[] = [];
  for (const m of inputs.markets ?? []) {
    if (!Number.isFinite(m.yesPercent)) continue;
    const yes = m.yesPercent / 100;
    if (yes < 0.6 || yes > 0.9) continue;
    const tags = tagRegions(m.title);
    if (!tags.length) continue;
    const region = MARKET_TAG_TO_REGION[tags[0]!] ?? tags[0]!;
    const t = m.title.toLowerCase();
    const domain: Domain = /war|strike|military|attack/.test(t)
      ? 'conflict'
      : /tariff|recession|economy|gdp/.test(t)
        ? 'market'
        : 'political';
    const venue = VENUE[m.source] ?? (m.source || 'Polymarket');
    out.push(
      makeCandidate(domain, region, m.title.slice(0, 100), yes, 0.7, '30d', [
        { type: 'prediction_market', value: `${venue}: ${Math.round(yes * 100)}%`, weight: 0.8 },
      ]),
    );
  }
  return out.slice(0, PREDICTION_MARKET_MAX_FORECASTS);
}

/** Every detector we can feed, in the published order (conflict, political, UCDP zones, cyber, GPS, markets). */
export function runDetectors(inputs: DetectorInputs): Candidate[] {
  return [
    ...detectConflict(inputs),
    ...detectPolitical(inputs),
    ...detectUcdpZones(inputs),
    ...detectCyber(inputs),
    ...detectGpsJamming(inputs),
    ...detectFromPredictionMarkets(inputs),
  ];
}
