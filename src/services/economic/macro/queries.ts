import { ServiceError } from '../../../platform/errors.js';
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
  FRED_SERIES_IDS,
  newest,
  observationLimit,
  type StressIndex,
} from './rules.js';
import type {
  FredSeries,
  GetBlsSeriesRequest,
  GetBlsSeriesResponse,
  GetEconomicStressResponse,
  GetFredSeriesBatchRequest,
  GetFredSeriesBatchResponse,
  GetFredSeriesRequest,
  GetFredSeriesResponse,
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
  const id = canonical(req.series_id);
  if (!FRED_SERIES_IDS.has(id)) {
    throw ServiceError.validation([{ field: 'series_id', description: `unknown series id "${req.series_id}"; known ids: ${[...FRED_SERIES_IDS].join(', ')}` }]);
  }
  const snapshot = store.read<FredSeries>(FRED_SERIES_DATASET);
  const series = snapshot ? fredIndex(snapshot).get(id) : undefined;
  if (!series) return { response: {}, degraded: true };
  return { response: { series: withNewest(series, observationLimit(req.limit, FRED_DEFAULT_LIMIT, FRED_MAX_LIMIT)) }, degraded: false };
}

export function getFredSeriesBatch(store: SnapshotStore, req: GetFredSeriesBatchRequest): Flagged<GetFredSeriesBatchResponse> {
  const ids = [...new Set((req.seriesIds ?? DEFAULT_BATCH_SERIES).map(canonical))].sort().slice(0, BATCH_MAX_SERIES);
  const unknown = ids.filter((id) => !FRED_SERIES_IDS.has(id));
  if (unknown.length > 0) {
    throw ServiceError.validation([{ field: 'seriesIds', description: `unknown series id${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}` }]);
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
    throw ServiceError.validation([{ field: 'series_id', description: `unknown series id "${req.series_id}"; known ids: ${BLS_SERIES.map((s) => s.id).join(', ')}` }]);
  }
  const snapshot = store.read<FredSeries>(FRED_SERIES_DATASET);
  const series = snapshot ? fredIndex(snapshot).get(id) : undefined;
  if (!series) return { response: {}, degraded: true };
  const observations = newest(series.observations, observationLimit(req.limit, BLS_DEFAULT_LIMIT, BLS_MAX_LIMIT)).map(blsObservation);
  return { response: { series: { seriesId: def.id, title: def.title, units: def.units, observations } }, degraded: false };
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
  return { ...index, seededAt: new Date(snapshot.fetchedAt).toISOString(), unavailable: false };
}
