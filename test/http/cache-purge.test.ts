import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';
import { ALL_DATASETS } from '../../src/root/datasets.js';
import { captureLogs, startTestApp, type TestApp } from '../support/app.js';

const OPERATOR = 'operator-key-for-tests-0002';
const logs = captureLogs('info');
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [earthquakesDataset], config: { OPERATOR_KEYS: OPERATOR }, logger: logs.logger });
});
afterAll(() => app.close());

const purge = (headers: Record<string, string>, body?: unknown) =>
  app.request('/api/cache-purge', {
    method: 'POST',
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Rewrites rows behind the store's back (no change signal reaches it). */
async function truncateEarthquakesInDatabase(keep: number): Promise<void> {
  await app.storeSql('DELETE FROM snapshot_records WHERE dataset = ? AND seq >= ?', earthquakesDataset.name, keep);
  await app.storeSql('UPDATE snapshot_meta SET record_count = ? WHERE dataset = ?', keep, earthquakesDataset.name);
}

describe('POST /api/cache-purge', () => {
  it('refuses without a credential (401) and to any non-operator key (403)', async () => {
    const none = await fetch(`${app.baseUrl}/api/cache-purge`, { method: 'POST' });
    expect(none.status).toBe(401);
    expect(none.headers.get('cache-control')).toBe('no-store');
    const customer = await purge({});
    expect(customer.status).toBe(403);
  });

  it('drops the decoded snapshots: the next read reloads from the database', async () => {
    const path = '/api/seismology/v1/list-earthquakes?page_size=1';
    const before = await app.get(path);
    expect(before.body.pagination.totalCount).toBeGreaterThan(3);
    await truncateEarthquakesInDatabase(3);
    // Still served from memory: nothing told the store.
    expect((await app.get(path)).body.pagination.totalCount).toBe(before.body.pagination.totalCount);

    const res = await purge({ 'x-service-key': OPERATOR });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      purged: { datasets: ALL_DATASETS.map((d) => d.name), responseEntries: expect.any(Number) },
      purgedAt: expect.any(String),
    });
    expect(res.body.purged.responseEntries).toBeGreaterThan(0);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(app.deps.responses.size).toBe(0);

    // SQLite decodes again on the next read; PostgreSQL re-reads in the background and swaps the
    // fresh rows in when decoded (clearing the answers served meanwhile), so wait for that, bounded.
    await vi.waitFor(async () => expect((await app.get(path)).body.pagination.totalCount).toBe(3), {
      timeout: 10_000,
      interval: 50,
    });
  });

  it('can purge named datasets only, and refuses unknown names', async () => {
    const one = await purge({ 'x-service-key': OPERATOR }, { datasets: [earthquakesDataset.name] });
    expect(one.status).toBe(200);
    expect(one.body.purged.datasets).toEqual([earthquakesDataset.name]);
    const bad = await purge({ 'x-service-key': OPERATOR }, { datasets: ['no.such'] });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ violations: [{ field: 'datasets', description: expect.any(String) }] });
    const notJson = await app.request('/api/cache-purge', {
      method: 'POST',
      headers: { 'x-service-key': OPERATOR, 'content-type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
  });

  it('is audit-logged with the operator key id, never the key', async () => {
    await purge({ 'x-service-key': OPERATOR });
    const audit = logs.lines.map((l) => JSON.parse(l)).filter((l) => l.audit === 'cache-purge');
    expect(audit.length).toBeGreaterThan(0);
    expect(audit.at(-1)).toMatchObject({
      keyId: expect.stringMatching(/^op_/),
      datasets: 'all',
      requestId: expect.any(String),
    });
    expect(logs.text()).not.toContain(OPERATOR);
  });

  it('answers 405 to GET', async () => {
    const res = await app.get('/api/cache-purge');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
