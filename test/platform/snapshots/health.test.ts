import { describe, expect, it } from 'vitest';
import { datasetHealth, overallStatus, type DatasetHealth } from '../../../src/platform/snapshots/health.js';
import type { AnyDataset } from '../../../src/platform/snapshots/dataset.js';
import type { SnapshotMeta } from '../../../src/platform/snapshots/store.js';

const NOW = Date.UTC(2026, 10, 20, 12);
const ds = {
  name: 'x.y',
  source: 'src',
  kind: 'live',
  maxStaleMinutes: 30,
  sources: {},
  parse: () => ({ records: [] }),
} as AnyDataset;
/** A live fetch's data is captured when it is fetched: capturedAt follows fetchedAt unless a case sets it. */
const meta = (m: Partial<SnapshotMeta>): SnapshotMeta => ({
  dataset: 'x.y',
  version: 1,
  fetchedAt: NOW - 60_000,
  capturedAt: m.fetchedAt ?? NOW - 60_000,
  origin: 'live',
  recordCount: 10,
  source: 'src',
  info: {},
  // A publish stamps the success with the fetch.
  lastAttemptAt: m.fetchedAt ?? NOW - 60_000,
  lastSuccessAt: m.fetchedAt ?? NOW - 60_000,
  lastError: null,
  ...m,
});

describe('datasetHealth', () => {
  it.each([
    ['never ingested', undefined, 'EMPTY'],
    ['fresh', meta({}), 'OK'],
    ['exactly at the limit', meta({ fetchedAt: NOW - 30 * 60_000 }), 'OK'],
    ['a second past the limit', meta({ fetchedAt: NOW - 30 * 60_000 - 1000 }), 'STALE'],
    ['last attempt failed, last good snapshot serving', meta({ lastError: 'boom', lastAttemptAt: NOW }), 'STALE'],
    ['failed before a later success', meta({ lastError: null, lastAttemptAt: NOW, lastSuccessAt: NOW }), 'OK'],
    ['never succeeded, failing', meta({ version: 0, fetchedAt: 0, recordCount: 0, lastError: 'down' }), 'ERROR'],
    ['ingested with no rows', meta({ recordCount: 0 }), 'EMPTY'],
    ['serving its bundled sample', meta({ origin: 'sample', capturedAt: NOW - 7 * 86_400_000 }), 'SAMPLE'],
    ['serving its sample, just captured', meta({ origin: 'sample' }), 'SAMPLE'],
    [
      'serving its sample, live refresh failed',
      meta({ origin: 'sample', lastError: 'down', lastAttemptAt: NOW }),
      'SAMPLE',
    ],
    ['data captured long before it was written', meta({ capturedAt: NOW - 31 * 60_000 }), 'STALE'],
    // An unchanged refresh keeps the first capture (one stored version) and moves only lastSuccessAt.
    [
      'old capture, refreshed a minute ago with the same content',
      meta({ fetchedAt: NOW - 31 * 60_000, lastAttemptAt: NOW - 60_000, lastSuccessAt: NOW - 60_000 }),
      'OK',
    ],
    [
      'old sample, confirmed by nothing',
      meta({ origin: 'sample', capturedAt: NOW - 31 * 60_000, lastSuccessAt: NOW }),
      'SAMPLE',
    ],
  ])('%s -> %s', (_l, m, status) => {
    expect(datasetHealth(ds, m, NOW).status).toBe(status);
  });

  it('measures age from the capture, and says where the rows come from', () => {
    const sample = meta({ origin: 'sample', fetchedAt: NOW - 60_000, capturedAt: NOW - 7 * 86_400_000 });
    expect(datasetHealth(ds, sample, NOW)).toMatchObject({
      origin: 'sample',
      status: 'SAMPLE',
      serving: true,
      fetchedAt: new Date(NOW - 60_000).toISOString(),
      capturedAt: new Date(NOW - 7 * 86_400_000).toISOString(),
      ageSeconds: 7 * 86_400,
    });
    expect(datasetHealth(ds, undefined, NOW)).toMatchObject({ origin: null, capturedAt: null, ageSeconds: null });
  });

  it('shows a withheld relay (its address not configured) as UNCONFIGURED, never serving, whatever is stored', () => {
    const relay = { ...ds, kind: 'relay' } as AnyDataset;
    expect(datasetHealth(relay, meta({ origin: 'sample' }), NOW, undefined, true)).toMatchObject({
      status: 'UNCONFIGURED',
      serving: false,
      origin: null,
    });
    expect(datasetHealth(relay, meta({ origin: 'sample' }), NOW, undefined, false).status).toBe('SAMPLE');
  });

  it('names the kind; a reference table is not stale by age, only by a failed reload', () => {
    const table = { ...ds, kind: 'reference' } as AnyDataset;
    const old = meta({ fetchedAt: NOW - 400 * 24 * 3600_000 });
    expect(datasetHealth(table, old, NOW)).toMatchObject({ kind: 'reference', status: 'OK' });
    expect(datasetHealth(ds, old, NOW)).toMatchObject({ kind: 'live', status: 'STALE' });
    expect(datasetHealth(table, meta({ lastError: 'not JSON', lastAttemptAt: NOW }), NOW).status).toBe('STALE');
  });

  it('tells "serving the last good snapshot, last refresh failed" from "nothing to serve"', () => {
    expect(
      datasetHealth(ds, meta({ lastError: 'GET x: fetch failed (ENOTFOUND)', lastAttemptAt: NOW }), NOW),
    ).toMatchObject({
      status: 'STALE',
      serving: true,
      recordCount: 10,
      lastError: 'GET x: fetch failed (ENOTFOUND)',
    });
    expect(
      datasetHealth(ds, meta({ version: 0, fetchedAt: 0, recordCount: 0, lastError: 'down', lastAttemptAt: NOW }), NOW),
    ).toMatchObject({
      status: 'ERROR',
      serving: false,
      lastError: 'down',
    });
    expect(datasetHealth(ds, undefined, NOW)).toMatchObject({ status: 'EMPTY', serving: false, lastError: null });
  });

  it('reports a failure the database could not record (disk full) from memory', () => {
    const h = datasetHealth(ds, meta({}), NOW, { at: NOW, error: 'database or disk is full' });
    expect(h).toMatchObject({
      status: 'STALE',
      serving: true,
      lastError: 'database or disk is full',
      lastAttemptAt: new Date(NOW).toISOString(),
    });
    // A later success supersedes it.
    expect(
      datasetHealth(ds, meta({ lastSuccessAt: NOW + 1, fetchedAt: NOW + 1, lastAttemptAt: NOW + 1 }), NOW + 1, {
        at: NOW,
        error: 'full',
      }).status,
    ).toBe('OK');
  });

  it('reports age and limits', () => {
    expect(datasetHealth(ds, meta({}), NOW)).toMatchObject({
      ageSeconds: 60,
      maxStaleMinutes: 30,
      recordCount: 10,
      fetchedAt: new Date(NOW - 60_000).toISOString(),
    });
  });
});

describe('overallStatus', () => {
  const e = (status: DatasetHealth['status']) => ({ status, lastError: null }) as DatasetHealth;
  it.each([
    [[e('OK'), e('OK')], 'HEALTHY'],
    [[e('OK'), e('STALE')], 'DEGRADED'],
    [[e('OK'), e('OK'), e('ERROR')], 'DEGRADED'],
    [[e('STALE'), e('STALE')], 'DEGRADED'],
    [[e('OK'), e('EMPTY')], 'UNHEALTHY'],
    [[], 'HEALTHY'],
    [[e('OK'), e('SAMPLE')], 'SAMPLE'],
    [[e('SAMPLE'), e('SAMPLE')], 'SAMPLE'],
    [[e('SAMPLE'), e('STALE')], 'DEGRADED'],
    [[e('OK'), e('UNCONFIGURED')], 'HEALTHY'],
    [[e('SAMPLE'), e('UNCONFIGURED'), e('UNCONFIGURED')], 'SAMPLE'],
    [[e('OK'), e('OK'), e('EMPTY'), e('UNCONFIGURED'), e('UNCONFIGURED')], 'DEGRADED'],
    // Serving the sample while its live refresh fails: a failure, not just a sample.
    [[e('OK'), { status: 'SAMPLE', lastError: 'GET x: ENOTFOUND' } as DatasetHealth], 'DEGRADED'],
  ])('%j -> %s', (entries, expected) => {
    expect(overallStatus(entries)).toBe(expected);
  });
});
