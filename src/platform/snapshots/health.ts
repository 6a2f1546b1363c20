import type { AnyDataset, DatasetKind } from './dataset.js';
import { servesSample, type SnapshotOrigin } from './backend.js';
import type { SnapshotMeta } from './store.js';

/**
 * SAMPLE: serving the bundled sample (written by this project, of a fixed past moment), never OK
 * however well it loaded. UNCONFIGURED: a relay whose address is not configured, so nothing is served
 * (its operations answer unavailable) by the operator's choice rather than by a failure.
 */
export type DatasetStatus = 'OK' | 'SAMPLE' | 'STALE' | 'EMPTY' | 'ERROR' | 'UNCONFIGURED';
/** SAMPLE: nothing is failing, but some datasets serve their bundled samples, not live data. */
export type OverallStatus = 'HEALTHY' | 'SAMPLE' | 'DEGRADED' | 'UNHEALTHY';

export interface DatasetHealth {
  dataset: string;
  /** Where the rows come from (live, reference, derived, relay, recorded). */
  kind: DatasetKind;
  /** How the rows being served were produced (live, sample, reference, derived, recorded, file); null when none are. */
  origin: SnapshotOrigin | null;
  source: string;
  status: DatasetStatus;
  /** Whether requests are answered from a snapshot (the last good one, when the latest refresh failed). */
  serving: boolean;
  /** When the snapshot was written. */
  fetchedAt: string | null;
  /** The moment its data describes (a sample's capture, a live fetch's start): what `ageSeconds` is measured from. */
  capturedAt: string | null;
  ageSeconds: number | null;
  maxStaleMinutes: number;
  recordCount: number;
  lastAttemptAt: string | null;
  lastError: string | null;
}

const iso = (ms: number) => (ms > 0 ? new Date(ms).toISOString() : null);

/**
 * How one dataset is doing. OK: serving, fresh, last refresh fine. SAMPLE: serving its bundled
 * sample (a failed live refresh is still named in `lastError`). STALE: serving the last good
 * snapshot, but its data is past its allowed age (measured from `capturedAt`) or the last refresh
 * failed (`lastError` says why). ERROR: nothing to serve and the last attempt failed. EMPTY: nothing
 * to serve (never ingested, or no rows). UNCONFIGURED: `withheld` (a relay without its address), so
 * nothing is served whatever is stored. `unrecorded` is a failure the database could not store (disk
 * full), held in memory. `now` is the wall clock: how old the data is now is health's question.
 */
/**
 * Since when the data is known current: its capture, or a later refresh that found the same content
 * (stored once, so the capture stays the first one's; such a refresh moves only `lastSuccessAt`,
 * while a publish sets it with `fetchedAt`), or a recompute of a model whose inputs had not changed.
 */
function confirmedAt(meta: SnapshotMeta, capturedAt: number): number {
  const refreshedSince = meta.lastSuccessAt > meta.fetchedAt ? meta.lastSuccessAt : 0;
  return meta.origin === 'live' || meta.origin === 'derived' ? Math.max(capturedAt, refreshedSince) : capturedAt;
}

export function datasetHealth(
  dataset: AnyDataset,
  meta: SnapshotMeta | undefined,
  now: number,
  unrecorded?: { at: number; error: string },
  withheld = false,
): DatasetHealth {
  const fetchedAt = meta && meta.version > 0 ? meta.fetchedAt : 0;
  const capturedAt = meta && meta.version > 0 ? meta.capturedAt || fetchedAt : 0;
  const ageSeconds = capturedAt > 0 ? Math.max(0, Math.round((now - capturedAt) / 1000)) : null;
  let lastError = meta?.lastError ?? null;
  let lastAttemptAt = meta?.lastAttemptAt ?? 0;
  if (unrecorded && unrecorded.at >= (meta?.lastSuccessAt ?? 0)) {
    lastError = unrecorded.error;
    lastAttemptAt = Math.max(lastAttemptAt, unrecorded.at);
  }
  const failing = lastError !== null && (lastAttemptAt >= (meta?.lastSuccessAt ?? 0) || unrecorded !== undefined);
  const hasSnapshot = !!meta && meta.version > 0;
  const serving = !withheld && hasSnapshot && (meta.recordCount > 0 || dataset.allowEmpty === true);
  let status: DatasetStatus;
  if (withheld) status = 'UNCONFIGURED';
  else if (!serving) status = failing ? 'ERROR' : 'EMPTY';
  else if (servesSample(meta)) status = 'SAMPLE';
  else if (failing) status = 'STALE';
  // A reference table is as current as its file in the repository (a start reloads a changed one): age says nothing.
  else if (dataset.kind !== 'reference' && now - confirmedAt(meta, capturedAt) > dataset.maxStaleMinutes * 60_000)
    status = 'STALE';
  else status = 'OK';
  return {
    dataset: dataset.name,
    kind: dataset.kind,
    origin: serving && meta.origin ? meta.origin : null,
    source: dataset.source,
    status,
    serving,
    fetchedAt: iso(fetchedAt),
    capturedAt: iso(capturedAt),
    ageSeconds,
    maxStaleMinutes: dataset.maxStaleMinutes,
    recordCount: meta?.recordCount ?? 0,
    lastAttemptAt: iso(lastAttemptAt),
    lastError: failing ? lastError : null,
  };
}

/**
 * All datasets OK: HEALTHY. Nothing failing but some serving their bundled samples: SAMPLE. Some
 * STALE (old, or serving the last good snapshot after a failed refresh), a sample whose live refresh
 * failed, or a minority with nothing to serve: DEGRADED. Half or more with nothing to serve
 * (EMPTY/ERROR): UNHEALTHY. An UNCONFIGURED relay counts for none of these: leaving it out is the
 * operator's choice, not a failure.
 */
export function overallStatus(entries: readonly Pick<DatasetHealth, 'status' | 'lastError'>[]): OverallStatus {
  const counted = entries.filter((e) => e.status !== 'UNCONFIGURED');
  if (counted.every((e) => e.status === 'OK')) return 'HEALTHY';
  const broken = counted.filter((e) => e.status === 'EMPTY' || e.status === 'ERROR').length;
  if (broken * 2 >= counted.length) return 'UNHEALTHY';
  const failing = counted.some((e) => e.status === 'STALE' || (e.status === 'SAMPLE' && e.lastError));
  return broken || failing ? 'DEGRADED' : 'SAMPLE';
}
