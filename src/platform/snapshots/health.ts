import type { AnyDataset } from './dataset.js';
import type { SnapshotMeta } from './store.js';

export type DatasetStatus = 'OK' | 'STALE' | 'EMPTY' | 'ERROR';
export type OverallStatus = 'HEALTHY' | 'DEGRADED' | 'UNHEALTHY';

export interface DatasetHealth {
  dataset: string;
  source: string;
  status: DatasetStatus;
  fetchedAt: string | null;
  ageSeconds: number | null;
  maxStaleMinutes: number;
  recordCount: number;
  lastAttemptAt: string | null;
  lastError: string | null;
}

const iso = (ms: number) => (ms > 0 ? new Date(ms).toISOString() : null);

/**
 * How one dataset is doing. EMPTY: never ingested, or its snapshot holds no rows. ERROR: the last
 * attempt failed (the previous snapshot still serves). STALE: older than its allowed age. A failed
 * attempt outranks staleness because it says why the data is old.
 */
export function datasetHealth(dataset: AnyDataset, meta: SnapshotMeta | undefined, now: number): DatasetHealth {
  const fetchedAt = meta && meta.version > 0 ? meta.fetchedAt : 0;
  const ageSeconds = fetchedAt > 0 ? Math.max(0, Math.round((now - fetchedAt) / 1000)) : null;
  let status: DatasetStatus;
  if (!meta || meta.version === 0 || meta.recordCount === 0) status = meta?.lastError ? 'ERROR' : 'EMPTY';
  else if (meta.lastError && meta.lastAttemptAt >= meta.lastSuccessAt) status = 'ERROR';
  else if (ageSeconds !== null && ageSeconds > dataset.maxStaleMinutes * 60) status = 'STALE';
  else status = 'OK';
  if (status === 'EMPTY' && dataset.allowEmpty && meta && meta.version > 0) status = 'OK';
  return {
    dataset: dataset.name,
    source: dataset.source,
    status,
    fetchedAt: iso(fetchedAt),
    ageSeconds,
    maxStaleMinutes: dataset.maxStaleMinutes,
    recordCount: meta?.recordCount ?? 0,
    lastAttemptAt: iso(meta?.lastAttemptAt ?? 0),
    lastError: meta?.lastError ?? null,
  };
}

/** All datasets OK: HEALTHY. Some not OK but most serving: DEGRADED. Half or more EMPTY/ERROR: UNHEALTHY. */
export function overallStatus(entries: readonly DatasetHealth[]): OverallStatus {
  if (entries.every((e) => e.status === 'OK')) return 'HEALTHY';
  const broken = entries.filter((e) => e.status === 'EMPTY' || e.status === 'ERROR').length;
  return broken * 2 >= entries.length ? 'UNHEALTHY' : 'DEGRADED';
}
