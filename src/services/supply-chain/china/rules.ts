import type { CorridorId, Family } from './datasets/corridors.js';

/**
 * Corridor control-tower rules: how fresh a signal is, how signals make a family's condition, how
 * conditions make a corridor's availability, and which way a family points. Pure functions.
 */

export type Availability = 'available' | 'partial' | 'stale' | 'unavailable';
export type SignalAvailability = 'available' | 'stale' | 'unavailable';
export type TransportFreshness = 'fresh' | 'stale' | 'missing' | 'error';
export type ContentFreshness = 'current' | 'stale' | 'unavailable' | 'partial' | 'timestamp_unknown';
export type Precision = 'instant' | 'day' | 'month' | 'year' | 'unknown';
/** Which way a signal says activity is going. */
export type Trend = 'strengthening' | 'weakening' | 'flat' | 'unknown';

export interface SourceSignal {
  id: string;
  family: Family;
  selectorId: string;
  corridorIds: CorridorId[];
  availability: SignalAvailability;
  publisher: { id: string; name: string; type: 'official' | 'market' | 'independent' | 'derived' | 'unknown' };
  sourceUrl: string | null;
  sourceScope: 'node' | 'regional' | 'national';
  observationTime: string | null;
  observationTimePrecision: Precision;
  releaseTime: string | null;
  releaseTimePrecision: Precision;
  retrievalTime: string | null;
  retrievalTimePrecision: Precision;
  revision: null;
  transportFreshness: TransportFreshness;
  contentFreshness: ContentFreshness;
  summary: string;
  metrics: Record<string, string | number | boolean | null>;
}

/** A snapshot as the adapters see it: rows, dataset info, when it was taken, whether its refresh is failing. */
export interface InputSnapshot<R, I = unknown> {
  records: readonly R[];
  info: I;
  fetchedAt: number;
  failing: boolean;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How old content may be before its signal is stale, per input. */
export const FRESHNESS_BUDGET_MS = {
  portwatch: 10 * DAY,
  aviation: 180 * 60_000,
  hazard: 2 * DAY,
  energy: 210 * DAY,
  comtrade: 730 * DAY,
  ccfi: 28 * DAY,
} as const;

/** Port trend and trade changes within this many percent are flat. */
export const FLAT_BAND_PCT = 2;

export function transportOf(input: { failing: boolean } | undefined): TransportFreshness {
  return !input ? 'missing' : input.failing ? 'stale' : 'fresh';
}

/** Content age against its budget; the end of the observed period counts, not its start. */
export function contentFreshness(
  observedUntil: number | undefined,
  budgetMs: number,
  assessedAt: number,
): ContentFreshness {
  if (observedUntil === undefined || !Number.isFinite(observedUntil)) return 'timestamp_unknown';
  return assessedAt - observedUntil > budgetMs ? 'stale' : 'current';
}

export function signalAvailability(transport: TransportFreshness, content: ContentFreshness): SignalAvailability {
  if (transport === 'missing' || transport === 'error' || content === 'unavailable') return 'unavailable';
  return content === 'stale' ? 'stale' : 'available';
}

/** A change in percent as a trend, flat within the band. */
export function trendOfChange(pct: number | undefined, band = FLAT_BAND_PCT): Trend {
  if (pct === undefined || !Number.isFinite(pct)) return 'unknown';
  return pct > band ? 'strengthening' : pct < -band ? 'weakening' : 'flat';
}

/**
 * A family's condition from its signals: none usable -> unavailable; some unusable, a transport
 * not fresh or content of unknown/partial time -> partial; any stale -> stale; else available.
 */
export function conditionAvailability(
  signals: readonly Pick<SourceSignal, 'availability' | 'transportFreshness' | 'contentFreshness'>[],
): Availability {
  const usable = signals.filter((s) => s.availability !== 'unavailable');
  if (usable.length === 0) return 'unavailable';
  if (usable.length < signals.length) return 'partial';
  if (
    usable.some(
      (s) =>
        s.transportFreshness !== 'fresh' ||
        s.contentFreshness === 'partial' ||
        s.contentFreshness === 'timestamp_unknown',
    )
  )
    return 'partial';
  if (usable.some((s) => s.availability === 'stale')) return 'stale';
  return 'available';
}

/** A corridor from its conditions: all unavailable, all available, available and stale only -> stale, else partial. */
export function corridorAvailability(conditions: readonly Availability[]): Availability {
  if (conditions.length === 0 || conditions.every((c) => c === 'unavailable')) return 'unavailable';
  if (conditions.every((c) => c === 'available')) return 'available';
  if (conditions.every((c) => c === 'available' || c === 'stale')) return 'stale';
  return 'partial';
}

const TREND_SCORE: Record<Trend, number> = { strengthening: 1, weakening: -1, flat: 0, unknown: 0 };

/** A family's direction: the sign of its usable signals' trends summed; unknown without any known trend. */
export function familyTrend(signals: readonly { availability: SignalAvailability; trend: Trend }[]): Trend {
  const known = signals.filter((s) => s.availability !== 'unavailable' && s.trend !== 'unknown');
  if (known.length === 0) return 'unknown';
  const sum = known.reduce((acc, s) => acc + TREND_SCORE[s.trend], 0);
  return sum > 0 ? 'strengthening' : sum < 0 ? 'weakening' : 'flat';
}

/** Strengthening minus weakening families of a corridor. */
export function breadth(trends: Readonly<Partial<Record<Family, Trend>>>): number {
  return Object.values(trends).reduce((acc, t) => acc + (t === 'strengthening' ? 1 : t === 'weakening' ? -1 : 0), 0);
}

/** Aviation hub balance: (normal - disrupted) / departures, in [-1, 1]; undefined without departures. */
export function hubBalance(departures: number, disrupted: number): number | undefined {
  if (departures <= 0) return undefined;
  const d = Math.min(Math.max(disrupted, 0), departures);
  return (departures - 2 * d) / departures;
}

/** A departure counts as disrupted when cancelled, diverted or at least this late. */
export const DISRUPTION_DELAY_MINUTES = 45;

/** Hazards further than this from every node of a corridor do not concern it. */
export const HAZARD_RADIUS_KM = 500;

/** Point in polygon (ray casting over lat/lon, fine at corridor scale). */
export function insidePolygon(lat: number, lon: number, ring: readonly { lat: number; lon: number }[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.lat > lat !== b.lat > lat && lon < ((b.lon - a.lon) * (lat - a.lat)) / (b.lat - a.lat) + a.lon)
      inside = !inside;
  }
  return inside;
}
