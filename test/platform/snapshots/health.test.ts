import { describe, expect, it } from 'vitest';
import { datasetHealth, overallStatus, type DatasetHealth } from '../../../src/platform/snapshots/health.js';
import type { AnyDataset } from '../../../src/platform/snapshots/dataset.js';
import type { SnapshotMeta } from '../../../src/platform/snapshots/store.js';

const NOW = Date.UTC(2026, 10, 20, 12);
const ds = { name: 'x.y', source: 'src', maxStaleMinutes: 30, sources: {}, parse: () => ({ records: [] }) } as AnyDataset;
const meta = (m: Partial<SnapshotMeta>): SnapshotMeta => ({
  dataset: 'x.y', version: 1, fetchedAt: NOW - 60_000, recordCount: 10, source: 'src', info: {},
  lastAttemptAt: NOW - 60_000, lastSuccessAt: NOW - 60_000, lastError: null, ...m,
});

describe('datasetHealth', () => {
  it.each([
    ['never ingested', undefined, 'EMPTY'],
    ['fresh', meta({}), 'OK'],
    ['exactly at the limit', meta({ fetchedAt: NOW - 30 * 60_000 }), 'OK'],
    ['a second past the limit', meta({ fetchedAt: NOW - 30 * 60_000 - 1000 }), 'STALE'],
    ['last attempt failed', meta({ lastError: 'boom', lastAttemptAt: NOW }), 'ERROR'],
    ['failed before a later success', meta({ lastError: null, lastAttemptAt: NOW, lastSuccessAt: NOW }), 'OK'],
    ['never succeeded, failing', meta({ version: 0, fetchedAt: 0, recordCount: 0, lastError: 'down' }), 'ERROR'],
    ['ingested with no rows', meta({ recordCount: 0 }), 'EMPTY'],
  ])('%s -> %s', (_l, m, status) => {
    expect(datasetHealth(ds, m, NOW).status).toBe(status);
  });

  it('reports age and limits', () => {
    expect(datasetHealth(ds, meta({}), NOW)).toMatchObject({ ageSeconds: 60, maxStaleMinutes: 30, recordCount: 10, fetchedAt: new Date(NOW - 60_000).toISOString() });
  });
});

describe('overallStatus', () => {
  const e = (status: DatasetHealth['status']) => ({ status }) as DatasetHealth;
  it.each([
    [[e('OK'), e('OK')], 'HEALTHY'],
    [[e('OK'), e('STALE')], 'DEGRADED'],
    [[e('OK'), e('OK'), e('ERROR')], 'DEGRADED'],
    [[e('OK'), e('EMPTY')], 'UNHEALTHY'],
    [[], 'HEALTHY'],
  ])('%j -> %s', (entries, expected) => {
    expect(overallStatus(entries)).toBe(expected);
  });
});
