import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';
import { bundledFile } from '../../src/platform/snapshots/samples.js';
import { ManualClock } from '../../src/platform/clock.js';
import { withHistory } from '../../src/http/as-of.js';
import { HistoryNotLoaded } from '../../src/platform/snapshots/as-of.js';
import { SAMPLE_NOW, startTestApp, type TestApp } from '../support/app.js';

/*
 * Snapshot history through the real app (either engine): an ingestion that changes a dataset keeps
 * the earlier version, `as_of` answers from it byte for byte, the listing shows both, an unchanged
 * refresh adds nothing, and retention prunes.
 */

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const QUAKES = '/api/seismology/v1/list-earthquakes?page_size=5';
const sources = earthquakesDataset.sources;
const usgsSample = JSON.parse(fs.readFileSync(bundledFile(sources.usgs), 'utf8')) as { features: unknown[] };
const nrcanSample = fs.readFileSync(bundledFile(sources.nrcan));

/** The USGS sample without its first `drop` events: a feed that really differs from the bundled one. */
function usgsWithout(drop: number): Buffer {
  return Buffer.from(JSON.stringify({ ...usgsSample, features: usgsSample.features.slice(drop) }));
}

async function ingest(app: TestApp, usgs: Buffer) {
  return app.deps.runner.run(earthquakesDataset, { origin: { kind: 'bytes', payloads: { usgs, nrcan: nrcanSample } } });
}

const iso = (ms: number) => new Date(ms).toISOString();
const asOf = (path: string, at: string | number) =>
  `${path}${path.includes('?') ? '&' : '?'}as_of=${encodeURIComponent(at)}`;

describe('as_of and the versions listing', () => {
  let app: TestApp;
  const clock = new ManualClock(SAMPLE_NOW);
  // Instants of the story, set as it unfolds.
  const loadedAt = SAMPLE_NOW;
  const changedAt = SAMPLE_NOW + 2 * HOUR;
  const confirmedAt = SAMPLE_NOW + 3 * HOUR;
  let before: { text: string; etag: string };

  beforeAll(async () => {
    app = await startTestApp({ samples: [earthquakesDataset], clock });
    const res = await app.get(QUAKES);
    expect(res.status).toBe(200);
    before = { text: res.text, etag: res.headers.get('etag')! };
    clock.set(changedAt);
    const changed = await ingest(app, usgsWithout(3));
    expect(changed).toMatchObject({ ok: true, version: 2 });
  });
  afterAll(() => app.close());

  it('reads a retained version through a view of the store, decoded on demand on either engine', async () => {
    // First in the file, so nothing has decoded version 1 as history yet.
    const view = await app.deps.store.at(changedAt - HOUR);
    const name = earthquakesDataset.name;
    // SQLite decodes it within the read; PostgreSQL has no synchronous read, so the lane decodes and runs again.
    if (!app.deps.store.backend.sync) expect(() => view.store.read(name)).toThrow(HistoryNotLoaded);
    const snapshot = await withHistory(view, async () => view.store.read(name)!);
    expect(snapshot.version).toBe(1);
    expect(snapshot.fetchedAt).toBe(loadedAt);
    expect(view.store.version(name)).toBe(1);
    expect(view.store.meta(name)).toMatchObject({ version: 1, fetchedAt: loadedAt });
    // The live store still serves version 2.
    expect(app.deps.store.read(name)!.version).toBe(2);
    // A dataset that never had a snapshot reads as absent then as now.
    expect(view.store.read('seismology.no-such-dataset')).toBeUndefined();
  });

  it('answers the current version without as_of', async () => {
    const now = await app.get(QUAKES);
    expect(now.status).toBe(200);
    expect(now.text).not.toBe(before.text);
    expect(now.headers.get('memento-datetime')).toBeNull();
  });

  it('answers an instant before the change byte for byte as it was served then, with its ETag and Memento-Datetime', async () => {
    for (const at of [iso(changedAt - HOUR), changedAt - 1, '2026-11-20T13:30:00+01:00']) {
      const then = await app.get(asOf(QUAKES, at));
      expect(then.status).toBe(200);
      expect(then.text).toBe(before.text);
      expect(then.headers.get('etag')).toBe(before.etag);
      // The earlier version was published when the samples loaded.
      expect(then.headers.get('memento-datetime')).toBe(new Date(loadedAt).toUTCString());
    }
    // And a conditional request with the old validator is a 304, as it would have been then.
    const revalidated = await app.get(asOf(QUAKES, iso(changedAt - HOUR)), { 'if-none-match': before.etag });
    expect(revalidated.status).toBe(304);
  });

  it('answers an instant after the change from the newer version', async () => {
    const now = await app.get(QUAKES);
    const later = await app.get(asOf(QUAKES, changedAt));
    expect(later.text).toBe(now.text);
    expect(later.headers.get('etag')).toBe(now.headers.get('etag'));
    expect(later.headers.get('memento-datetime')).toBe(new Date(changedAt).toUTCString());
  });

  it('lists both versions newest first, and an unchanged refresh adds none but extends the current one', async () => {
    clock.set(confirmedAt);
    const again = await ingest(app, usgsWithout(3));
    expect(again).toMatchObject({ ok: true, version: 2, unchanged: true });
    const res = await app.get('/api/datasets/seismology.earthquakes/versions');
    expect(res.status).toBe(200);
    const [current, first] = res.body.versions;
    expect(res.body.versions).toHaveLength(2);
    expect(current).toMatchObject({
      version: 2,
      fetchedAt: iso(changedAt),
      validFrom: iso(changedAt),
      // Confirmed by the unchanged refresh.
      validUntil: iso(confirmedAt),
      // The three USGS events left out of the changed feed (the NRCan rows are the same).
      records: first.records - 3,
    });
    expect(first).toMatchObject({
      version: 1,
      fetchedAt: iso(loadedAt),
      validFrom: iso(loadedAt),
      // It stopped holding when version 2 was published.
      validUntil: iso(changedAt),
    });
    expect(first.records).toBeGreaterThanOrEqual(usgsSample.features.length);
    expect(current.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(current.contentHash).not.toBe(first.contentHash);
    // The unchanged refresh stored no rows.
    const stored = await app.storeSql<{ version: number }>(
      'SELECT DISTINCT version FROM snapshot_records WHERE dataset = ? ORDER BY version',
      earthquakesDataset.name,
    );
    expect(stored.map((r) => Number(r.version))).toEqual([1, 2]);
  });

  it('refuses an instant before the retained history with a 400 naming the earliest instant', async () => {
    const res = await app.get(asOf(QUAKES, iso(loadedAt - 1)));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      violations: [
        { field: 'as_of', description: expect.stringContaining(`earliest instant available is ${iso(loadedAt)}`) },
      ],
    });
  });

  it('refuses an unreadable, repeated or future as_of', async () => {
    for (const bad of ['yesterday', '2026-11-20', `${iso(confirmedAt + DAY)}`]) {
      const res = await app.get(asOf(QUAKES, bad));
      expect(res.status).toBe(400);
      expect(res.body.violations[0].field).toBe('as_of');
    }
    const twice = await app.get(`${QUAKES}&as_of=${loadedAt}&as_of=${loadedAt}`);
    expect(twice.status).toBe(400);
  });

  it('holds a plan to its history depth (product catalogue)', async () => {
    const catalogue = await app.get('/api/product-catalog');
    const free = catalogue.body.plans.find((p: { planKey: string }) => p.planKey === 'free');
    expect(free.historyDays).toBe(1);
    const key = await app.createKey({ plan: 'free' });
    clock.set(loadedAt + 2 * DAY);
    try {
      const res = await app.get(asOf(QUAKES, iso(loadedAt + HOUR)), { 'x-service-key': key.key });
      expect(res.status).toBe(400);
      expect(res.body.violations[0].description).toContain(
        `the free plan reaches 1 day back; the earliest instant available is ${iso(loadedAt + DAY)}`,
      );
      // The enterprise key of the suite reaches the whole retained history.
      expect((await app.get(asOf(QUAKES, iso(loadedAt + HOUR)))).text).toBe(before.text);
    } finally {
      clock.set(confirmedAt);
    }
  });

  it('applies to batch entries and to bootstrap', async () => {
    const batch = await app.request('/api/batch/v1/execute', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operations: [{ id: 'then', path: asOf(QUAKES, iso(changedAt - HOUR)) }] }),
    });
    expect(batch.status).toBe(200);
    expect(batch.body.results[0].body).toEqual(JSON.parse(before.text));

    const full = (await app.get(asOf('/api/seismology/v1/list-earthquakes', iso(changedAt - HOUR)))).body;
    const boot = await app.get(asOf('/api/bootstrap?keys=earthquakes', iso(changedAt - HOUR)));
    expect(boot.status).toBe(200);
    expect(boot.body.data.earthquakes).toEqual(full);
    expect(boot.body.data.earthquakes).not.toEqual((await app.get('/api/seismology/v1/list-earthquakes')).body);
  });

  it('answers 404 for a dataset it does not know', async () => {
    const res = await app.get('/api/datasets/no.such.dataset/versions');
    expect(res.status).toBe(404);
  });
});

describe('retention', () => {
  it('keeps at most SNAPSHOT_RETENTION_VERSIONS versions: older ones leave the listing, their rows and as_of', async () => {
    const clock = new ManualClock(SAMPLE_NOW);
    const app = await startTestApp({
      samples: [earthquakesDataset],
      clock,
      config: { SNAPSHOT_RETENTION_VERSIONS: 2 },
    });
    try {
      for (let i = 1; i <= 3; i++) {
        clock.advance(HOUR);
        expect(await ingest(app, usgsWithout(i))).toMatchObject({ ok: true, version: i + 1 });
      }
      const listing = await app.get('/api/datasets/seismology.earthquakes/versions');
      expect(listing.body.versions.map((v: { version: number }) => v.version)).toEqual([4, 3]);
      const stored = await app.storeSql<{ version: number }>(
        'SELECT DISTINCT version FROM snapshot_records WHERE dataset = ? ORDER BY version',
        earthquakesDataset.name,
      );
      expect(stored.map((r) => Number(r.version))).toEqual([3, 4]);
      const gone = await app.get(asOf(QUAKES, SAMPLE_NOW + HOUR + 1));
      expect(gone.status).toBe(400);
      // Version 3 was published at the second refresh, two hours after the samples loaded.
      expect(gone.body.violations[0].description).toContain(
        `earliest instant available is ${iso(SAMPLE_NOW + 2 * HOUR)}`,
      );
    } finally {
      await app.close();
    }
  });

  it('drops versions that stopped being served more than SNAPSHOT_RETENTION_DAYS ago', async () => {
    const clock = new ManualClock(SAMPLE_NOW);
    const app = await startTestApp({ samples: [earthquakesDataset], clock, config: { SNAPSHOT_RETENTION_DAYS: 30 } });
    try {
      clock.advance(DAY);
      await ingest(app, usgsWithout(1)); // version 1 stops holding at SAMPLE_NOW + 1 day
      clock.advance(30 * DAY);
      await ingest(app, usgsWithout(2)); // version 2 stops holding now; version 1 is 30 days gone: still kept
      let versions = (await app.get('/api/datasets/seismology.earthquakes/versions')).body.versions;
      expect(versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
      clock.advance(1);
      await ingest(app, usgsWithout(3));
      versions = (await app.get('/api/datasets/seismology.earthquakes/versions')).body.versions;
      expect(versions.map((v: { version: number }) => v.version)).toEqual([4, 3, 2]);
    } finally {
      await app.close();
    }
  });
});
