import { ServiceError } from '../../../platform/errors.js';
import { paginate } from '../../../platform/paging.js';
import { countryByCode } from '../../../reference/countries.js';
import { WORLD_BANK, type WorldBankRow } from './datasets/world-bank.js';
import { MACRO_SIGNALS } from './datasets/macro-inputs.js';
import { ECONOMIC_CALENDAR } from './datasets/economic-calendar.js';
import type { MacroSignals } from './signals.js';
import { EUROSTAT_COUNTRY_DATA, type EurostatCountryMetric } from './datasets/eurostat.js';
import type { Snapshot, SnapshotStore } from '../../../platform/snapshots/store.js';
import { FRED_SERIES_DATASET } from './datasets/fred-series.js';
import {
  BATCH_MAX_SERIES,
  BLS_DEFAULT_LIMIT,
  BLS_MAX_LIMIT,
  BLS_SERIES,
  blsObservation,
  computeStressIndex,
  DEFAULT_BATCH_SERIES,
  FRED_DEFAULT_LIMIT,
  FRED_MAX_LIMIT,
  FRED_DEFAULT_SERIES,
  FRED_SERIES_IDS,
  newest,
  observationLimit,
  type StressIndex,
  type CalendarEvent,
  defaultCalendarWindow,
  WORLD_BANK_INDICATORS,
  WORLD_BANK_MAX_PAGE,
} from './rules.js';
import type {
  FredSeries,
  GetBlsSeriesRequest,
  GetBlsSeriesResponse,
  GetEconomicCalendarRequest,
  GetEconomicCalendarResponse,
  GetEconomicStressResponse,
  GetEurostatCountryDataResponse,
  GetMacroSignalsResponse,
  GetFredSeriesBatchRequest,
  GetFredSeriesBatchResponse,
  GetFredSeriesRequest,
  GetFredSeriesResponse,
  ListWorldBankIndicatorsRequest,
  ListWorldBankIndicatorsResponse,
} from './schemas.js';

/** The answer plus whether it is a fallback the body cannot flag (forces no-store). */
export interface Flagged<T> {
  response: T;
  degraded: boolean;
}

function fredIndex(snapshot: Snapshot<FredSeries>): Map<string, FredSeries> {
  return snapshot.derive('by-id', (s) => new Map(s.records.map((r) => [r.seriesId, r])));
}

function withNewest(series: FredSeries, limit: number): FredSeries {
  return { ...series, observations: newest(series.observations, limit) };
}

const canonical = (id: string) => id.trim().toUpperCase();

export function getFredSeries(store: SnapshotStore, req: GetFredSeriesRequest): Flagged<GetFredSeriesResponse> {
  const id = req.series_id?.trim() ? canonical(req.series_id) : FRED_DEFAULT_SERIES;
  if (!FRED_SERIES_IDS.has(id)) {
    throw ServiceError.validation([
      {
        field: 'series_id',
        description: `unknown series id "${req.series_id}"; known ids: ${[...FRED_SERIES_IDS].join(', ')}`,
      },
    ]);
  }
  const snapshot = store.read<FredSeries>(FRED_SERIES_DATASET);
  const series = snapshot ? fredIndex(snapshot).get(id) : undefined;
  if (!series) return { response: {}, degraded: true };
  return {
    response: { series: withNewest(series, observationLimit(req.limit, FRED_DEFAULT_LIMIT, FRED_MAX_LIMIT)) },
    degraded: false,
  };
}

export function getFredSeriesBatch(
  store: SnapshotStore,
  req: GetFredSeriesBatchRequest,
): Flagged<GetFredSeriesBatchResponse> {
  const ids = [...new Set((req.seriesIds ?? DEFAULT_BATCH_SERIES).map(canonical))].sort().slice(0, BATCH_MAX_SERIES);
  const unknown = ids.filter((id) => !FRED_SERIES_IDS.has(id));
  if (unknown.length > 0) {
    throw ServiceError.validation([
      { field: 'seriesIds', description: `unknown series id${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}` },
    ]);
  }
  const limit = observationLimit(req.limit, FRED_DEFAULT_LIMIT, FRED_MAX_LIMIT);
  const snapshot = store.read<FredSeries>(FRED_SERIES_DATASET);
  const index = snapshot ? fredIndex(snapshot) : new Map<string, FredSeries>();
  const results: Record<string, FredSeries> = {};
  for (const id of ids) {
    const series = index.get(id);
    if (series) results[id] = withNewest(series, limit);
  }
  const fetched = Object.keys(results).length;
  return { response: { results, fetched, requested: ids.length }, degraded: fetched < ids.length };
}

export function getBlsSeries(store: SnapshotStore, req: GetBlsSeriesRequest): Flagged<GetBlsSeriesResponse> {
  const id = canonical(req.series_id ?? BLS_SERIES[0].id);
  const def = BLS_SERIES.find((s) => s.id === id);
  if (!def) {
    throw ServiceError.validation([
      {
        field: 'series_id',
        description: `unknown series id "${req.series_id}"; known ids: ${BLS_SERIES.map((s) => s.id).join(', ')}`,
      },
    ]);
  }
  const snapshot = store.read<FredSeries>(FRED_SERIES_DATASET);
  const series = snapshot ? fredIndex(snapshot).get(id) : undefined;
  if (!series) return { response: {}, degraded: true };
  const observations = newest(series.observations, observationLimit(req.limit, BLS_DEFAULT_LIMIT, BLS_MAX_LIMIT)).map(
    blsObservation,
  );
  return {
    response: { series: { seriesId: def.id, title: def.title, units: def.units, observations } },
    degraded: false,
  };
}

function unavailableStress(): GetEconomicStressResponse {
  return { compositeScore: 0, label: '', components: [], seededAt: '', unavailable: true };
}

/** The index as of one FRED snapshot, computed once per version from each input's last reading. */
function stressOf(snapshot: Snapshot<FredSeries>): StressIndex | undefined {
  return snapshot.derive('stress-index', (s) => {
    const latest = new Map<string, number>();
    for (const r of s.records) {
      const last = r.observations.at(-1);
      if (last) latest.set(r.seriesId, last.value);
    }
    return computeStressIndex(latest);
  });
}

export function getEconomicStress(store: SnapshotStore): GetEconomicStressResponse {
  const snapshot = store.read<FredSeries>(FRED_SERIES_DATASET);
  const index = snapshot ? stressOf(snapshot) : undefined;
  if (!snapshot || !index) return unavailableStress();
  return { ...index, seededAt: new Date(snapshot.capturedAt).toISOString(), unavailable: false };
}

// ---------------------------------------------------------------------------------------------
// World Bank indicators
// ---------------------------------------------------------------------------------------------

/** Requested countries as alpha-3 codes; an unknown code is a 400 naming it. */
function countryFilter(raw: string | undefined): Set<string> | undefined {
  const codes = (raw ?? '')
    .split(/[;,]/)
    .map((c) => c.trim())
    .filter(Boolean);
  if (codes.length === 0) return undefined;
  const unknown = codes.filter((c) => !countryByCode(c));
  if (unknown.length > 0)
    throw ServiceError.validation([
      {
        field: 'country_code',
        description: `unknown country code${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
      },
    ]);
  return new Set(codes.map((c) => countryByCode(c)!.alpha3));
}

export function listWorldBankIndicators(
  store: SnapshotStore,
  req: ListWorldBankIndicatorsRequest,
): Flagged<ListWorldBankIndicatorsResponse> {
  const code = req.indicator_code?.trim() ? req.indicator_code.trim().toUpperCase() : undefined;
  if (code !== undefined && !WORLD_BANK_INDICATORS.some((i) => i.code === code)) {
    throw ServiceError.validation([
      {
        field: 'indicator_code',
        description: `unknown indicator "${req.indicator_code}"; held: ${WORLD_BANK_INDICATORS.map((i) => i.code).join(', ')}`,
      },
    ]);
  }
  const countries = countryFilter(req.country_code);
  const snapshot = store.read<WorldBankRow>(WORLD_BANK);
  const byIndicator = snapshot?.derive('by-indicator', (s) => {
    const m = new Map<string, WorldBankRow[]>();
    for (const r of s.records) (m.get(r.indicatorCode) ?? m.set(r.indicatorCode, []).get(r.indicatorCode)!).push(r);
    return m;
  });
  // No code: the whole fixed set, indicator by indicator in the documented order.
  const codes = code !== undefined ? [code] : WORLD_BANK_INDICATORS.map((i) => i.code);
  const rows = codes
    .flatMap((c) => byIndicator?.get(c) ?? [])
    .filter((r) => (!countries || countries.has(r.countryCode)) && (req.year === undefined || r.year === req.year));
  const page = paginate(
    rows,
    (r) => `${r.indicatorCode}:${r.countryCode}:${r.year}`,
    req.page_size ?? WORLD_BANK_MAX_PAGE,
    req.cursor || undefined,
  );
  return {
    response: { data: page.items, pagination: { nextCursor: page.nextCursor, totalCount: page.totalCount } },
    degraded: !codes.some((c) => byIndicator?.has(c)),
  };
}

// ---------------------------------------------------------------------------------------------
// Eurostat country data
// ---------------------------------------------------------------------------------------------

export function getEurostatCountryData(store: SnapshotStore): GetEurostatCountryDataResponse {
  const snapshot = store.read<EurostatCountryMetric>(EUROSTAT_COUNTRY_DATA);
  if (!snapshot || snapshot.records.length === 0) return { countries: {}, seededAt: '0', unavailable: true };
  const countries = snapshot.derive('by-country', (s) => {
    const out: GetEurostatCountryDataResponse['countries'] = {};
    for (const { country, metric, ...m } of s.records) (out[country] ??= {})[metric] = m;
    return out;
  });
  return { countries, seededAt: String(snapshot.capturedAt), unavailable: false };
}

// ---------------------------------------------------------------------------------------------
// Macro signals
// ---------------------------------------------------------------------------------------------

export function getMacroSignals(store: SnapshotStore): GetMacroSignalsResponse {
  const snapshot = store.read<MacroSignals & { timestamp: string }>(MACRO_SIGNALS);
  const stored = snapshot?.records[0];
  if (stored && stored.totalCount > 0) return { ...stored, unavailable: false };
  const unknown = { status: 'UNKNOWN' };
  return {
    timestamp: new Date(snapshot?.capturedAt ?? 0).toISOString(),
    verdict: 'UNKNOWN',
    bullishCount: 0,
    totalCount: 0,
    signals: {
      liquidity: { ...unknown, sparkline: [] },
      flowStructure: unknown,
      macroRegime: unknown,
      technicalTrend: { ...unknown, sparkline: [] },
      hashRate: unknown,
      priceMomentum: unknown,
      fearGreed: { ...unknown, history: [] },
    },
    meta: { qqqSparkline: [] },
    unavailable: true,
  };
}

// ---------------------------------------------------------------------------------------------
// Economic calendar
// ---------------------------------------------------------------------------------------------

/** The default window runs from the day before the calendar's capture (the data's time, not the clock's). */
export function getEconomicCalendar(
  store: SnapshotStore,
  req: GetEconomicCalendarRequest,
): GetEconomicCalendarResponse {
  const snapshot = store.read<CalendarEvent>(ECONOMIC_CALENDAR);
  const window = snapshot ? defaultCalendarWindow(snapshot.capturedAt) : { from: '', to: '' };
  const from = req.fromDate ?? window.from;
  const to = req.toDate ?? window.to;
  if (from && to && from > to)
    throw ServiceError.validation([{ field: 'toDate', description: `toDate ${to} is before fromDate ${from}` }]);
  if (!snapshot) return { events: [], fromDate: from, toDate: to, total: 0, unavailable: true };
  const events = snapshot.records
    .filter((e) => e.date >= from && e.date <= to)
    .map((e) => ({ ...e, actual: '', estimate: '', previous: '' }));
  return { events, fromDate: from, toDate: to, total: events.length, unavailable: false };
}
