import type { AnyDataset, DatasetKind } from './dataset.js';
import type { SnapshotMeta } from './store.js';

export type DatasetStatus = 'OK' | 'STALE' | 'EMPTY' | 'ERROR';
export type OverallStatus = 'HEALTHY' | 'DEGRADED' | 'UNHEALTHY';

export interface DatasetHealth {
  dataset: string;
  /** Where the rows come from (live, reference, derived, relay, recorded). */
  kind: DatasetKind;
  source: string;
  status: DatasetStatus;
  /** Whether requests are answered from a snapshot (the last good one, when the latest refresh failed). */
  serving: boolean;
  fetchedAt: string | null;
  ageSeconds: number | null;
  maxStaleMinutes: number;
  recordCount: number;
  lastAttemptAt: string | null;
  lastError: string | null;
}

const iso = (ms: number) => (ms > 0 ? new Date(ms).toISOString() : null);

/**
 * How one dataset is doing. OK: serving, fresh, last refresh fine. STALE: serving the last good
 * snapshot, but it is past its allowed age or the last refresh failed (`lastError` says why).
 * ERROR: nothing to serve and the last attempt failed. EMPTY: nothing to serve (never ingested, or
 * no rows). `unrecorded` is a failure the database could not store (disk full), held in memory.
 */
export function datasetHealth(
  dataset: AnyDataset,
  meta: SnapshotMeta | undefined,
  now: number,
  unrecorded?: { at: number; error: string },
): DatasetHealth {
  const fetchedAt = meta && meta.version > 0 ? meta.fetchedAt : 0;
  const ageSeconds = fetchedAt > 0 ? Math.max(0, Math.round((now - fetchedAt) / 1000)) : null;
  let lastError = meta?.lastError ?? null;
  let lastAttemptAt = meta?.lastAttemptAt ?? 0;
  if (unrecorded && unrecorded.at >= (meta?.lastSuccessAt ?? 0)) {
    lastError = unrecorded.error;
    lastAttemptAt = Math.max(lastAttemptAt, unrecorded.at);
  }
  const failing = lastError !== null && (lastAttemptAt >= (meta?.lastSuccessAt ?? 0) || unrecorded !== undefined);
  const hasSnapshot = !!meta && meta.version > 0;
  const serving = hasSnapshot && (meta.recordCount > 0 || dataset.allowEmpty === true);
  let status: DatasetStatus;
  if (!serving) status = failing ? 'ERROR' : 'EMPTY';
  else if (failing) status = 'STALE';
  // A reference table is as current as its file in the repository (a start reloads a changed one): age says nothing.
  else if (dataset.kind !== 'reference' && ageSeconds !== null && ageSeconds > dataset.maxStaleMinutes * 60)
    status = 'STALE';
  else status = 'OK';
  return {
    dataset: dataset.name,
    kind: dataset.kind,
    source: dataset.source,
    status,
    serving,
    fetchedAt: iso(fetchedAt),
    ageSeconds,
    maxStaleMinutes: dataset.maxStaleMinutes,
    recordCount: meta?.recordCount ?? 0,
    lastAttemptAt: iso(lastAttemptAt),
    lastError: failing ? lastError : null,
  };
}

/**
 * All datasets OK: HEALTHY. Some STALE (old, or serving the last good snapshot after a failed
 * refresh) or a minority with nothing to serve: DEGRADED. Half or more with nothing to serve
 * (EMPTY/ERROR): UNHEALTHY.
 */
export function overallStatus(entries: readonly DatasetHealth[]): OverallStatus {
  if (entries.every((e) => e.status === 'OK')) return 'HEALTHY';
  const broken = entries.filter((e) => e.status === 'EMPTY' || e.status === 'ERROR').length;
  return broken * 2 >= entries.length ? 'UNHEALTHY' : 'DEGRADED';
}
