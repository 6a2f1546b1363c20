import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  acledUnrest,
  gdeltUnrest,
  unrestEventsDataset,
  UNREST_EVENTS,
} from '../../../src/services/unrest/datasets/unrest-events.js';
import { acledSeverity, bySeverityThenTime, inBox, SEVERITY_RANK } from '../../../src/services/unrest/rules.js';
import type { UnrestEvent } from '../../../src/services/unrest/schemas.js';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';

const PATH = '/api/unrest/v1/list-unrest-events';
const sample = (file: string) => fs.readFileSync(path.join(SAMPLES_DIR, file));

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [unrestEventsDataset] });
});
afterAll(() => app.close());

const list = async (q = ''): Promise<UnrestEvent[]> => {
  const res = await app.get(`${PATH}${q}`);
  expect(res.status).toBe(200);
  return res.body.events;
};

describe('GET list-unrest-events', () => {
  it('serves ACLED and GDELT events, most severe first then newest, with empty clusters', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const { events, clusters, pagination } = res.body;
    expect(clusters).toEqual([]);
    expect(events).toHaveLength(17); // 12 ACLED demonstrations + 5 GDELT locations
    expect(pagination).toEqual({ nextCursor: '', totalCount: 17 });
    expect([...events].sort(bySeverityThenTime)).toEqual(events);
    expect(events[0].severity).toBe('SEVERITY_LEVEL_HIGH');
    expect(events.at(-1).severity).toBe('SEVERITY_LEVEL_LOW');
    expect(new Set(events.map((e: UnrestEvent) => e.sourceType))).toEqual(
      new Set(['UNREST_SOURCE_TYPE_ACLED', 'UNREST_SOURCE_TYPE_GDELT']),
    );
  });

  it('titles every event and summarises it: ACLED with the coder’s notes, GDELT with the outlet', async () => {
    const { events } = (await app.get(PATH)).body as { events: UnrestEvent[] };
    for (const e of events) {
      expect(e.title.length, e.id).toBeGreaterThan(0);
      expect(e.title, e.id).toContain(e.country);
    }
    const acled = events.filter((e) => e.sourceType === 'UNREST_SOURCE_TYPE_ACLED');
    expect(acled.some((e) => e.summary.length > 20)).toBe(true);
    for (const e of events.filter((x) => x.sourceType === 'UNREST_SOURCE_TYPE_GDELT'))
      expect(e.summary).toMatch(/^A news article/);
  });

  it.each([
    ['FR', 2],
    ['France', 2],
    ['fra', 2],
    ['KE', 2],
    ['Kenya', 2],
    ['CI', 2],
    ['Ivory%20Coast', 2],
    ['C%C3%B4te%20d%27Ivoire', 2],
    ['Co%CC%82te%20d%27Ivoire', 2],
    ['TR', 1],
    ['T%C3%BCrkiye', 1],
    ['US', 1],
    ['United%20States%20of%20America', 1],
    ['JP', 0],
  ])('country=%s keeps %i events (names resolved, not substring-matched)', async (q, n) => {
    const got = await list(`?country=${q}`);
    expect(got).toHaveLength(n);
  });

  it('Niger does not match Nigeria', async () => {
    expect(await list('?country=Niger')).toEqual([]);
    expect((await list('?country=Nigeria')).map((e) => e.city)).toEqual(['Lagos']);
  });

  it('min_severity keeps that level and above; start/end are inclusive', async () => {
    const all = await list();
    for (const level of ['SEVERITY_LEVEL_LOW', 'SEVERITY_LEVEL_MEDIUM', 'SEVERITY_LEVEL_HIGH'] as const) {
      expect(await list(`?min_severity=${level}`)).toEqual(
        all.filter((e) => SEVERITY_RANK[e.severity] >= SEVERITY_RANK[level]),
      );
    }
    const start = Date.UTC(2026, 10, 15);
    const end = Date.UTC(2026, 10, 19);
    expect(await list(`?start=${start}&end=${end}`)).toEqual(
      all.filter((e) => e.occurredAt >= start && e.occurredAt <= end),
    );
  });

  it('a bounding box keeps events inside it', async () => {
    const europe = await list('?ne_lat=60&ne_lon=45&sw_lat=35&sw_lon=-10');
    expect(new Set(europe.map((e) => e.country))).toEqual(new Set(['France', 'Georgia', 'Serbia', 'Turkey']));
  });

  it('pages with a cursor in served order', async () => {
    const all = (await list()).map((e) => e.id);
    const a = await app.get(`${PATH}?page_size=10`);
    const b = await app.get(`${PATH}?page_size=10&cursor=${a.body.pagination.nextCursor}`);
    expect([...a.body.events, ...b.body.events].map((e: UnrestEvent) => e.id)).toEqual(all);
    expect(b.body.pagination.nextCursor).toBe('');
  });

  it.each([
    ['country=Atlantis', 'country'],
    ['country=U', 'country'],
    ['min_severity=HIGH', 'min_severity'],
    ['min_severity=SEVERITY_LEVEL_UNSPECIFIED', 'min_severity'],
    ['start=x', 'start'],
    ['end=1e3', 'end'],
    ['start=10&end=5', 'end'],
    ['page_size=-3', 'page_size'],
    ['cursor=!!', 'cursor'],
    ['ne_lat=91&ne_lon=0&sw_lat=0&sw_lon=0', 'ne_lat'],
    ['ne_lat=10&ne_lon=10', 'sw_lat'],
    ['ne_lat=0&ne_lon=10&sw_lat=10&sw_lon=0', 'sw_lat'],
    ['sw_lon=abc', 'sw_lon'],
  ])('%s is a 400 naming %s', async (q, field) => {
    const res = await app.get(`${PATH}?${q}`);
    expectViolation(res, field);
  });

  it('a failed ingestion keeps the previous snapshot serving', async () => {
    const before = await list();
    const r = await app.deps.runner.run(unrestEventsDataset, {
      origin: {
        kind: 'bytes',
        payloads: { acled: Buffer.from('oops'), gdelt: sample('unrest/gdelt-gkg-protest.geojson') },
      },
    });
    expect(r.ok).toBe(false);
    expect(await list()).toEqual(before);
  });

  it('without a snapshot: empty lists, not cacheable', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ events: [], clusters: [], pagination: { nextCursor: '', totalCount: 0 } });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('unrest parsers', () => {
  it('ACLED: demonstrations only, in the 30-day window, with severity and type', () => {
    const events = acledUnrest(sample('unrest/acled-demonstrations.json'), SAMPLE_NOW);
    expect(events.map((e) => e.id).sort()).not.toEqual(expect.arrayContaining(['acled-SYR41250']));
    expect(events).toHaveLength(12);
    const paris = events.find((e) => e.id === 'acled-FRA18220')!;
    expect(paris).toMatchObject({
      eventType: 'UNREST_EVENT_TYPE_STRIKE',
      severity: 'SEVERITY_LEVEL_LOW',
      city: 'Paris',
      region: 'Ile-de-France',
      actors: ['Protesters (France)', 'CGT: General Confederation of Labour'],
    });
    expect(events.find((e) => e.id === 'acled-KEN30115')).toMatchObject({
      eventType: 'UNREST_EVENT_TYPE_RIOT',
      severity: 'SEVERITY_LEVEL_HIGH',
      fatalities: 2,
    });
  });

  it('GDELT: resolvable countries only, 7 days before the newest article, low confidence', () => {
    const events = gdeltUnrest(sample('unrest/gdelt-gkg-protest.geojson'));
    expect(events.map((e) => e.country)).toEqual(['Chile', 'Nigeria', 'South Korea', 'Iran', "Côte d'Ivoire"]);
    for (const e of events) expect(e.confidence).toBe('CONFIDENCE_LEVEL_LOW');
    expect(events.find((e) => e.country === 'Nigeria')!.severity).toBe('SEVERITY_LEVEL_MEDIUM');
  });

  it('refuses bodies that are not GeoJSON', () => {
    expect(() => gdeltUnrest(Buffer.from('{"type":"Feature"}'))).toThrow('FeatureCollection');
  });

  it.each([
    ['Protests', 'Peaceful protest', 0, 'SEVERITY_LEVEL_LOW'],
    ['Protests', 'Protest with intervention', 0, 'SEVERITY_LEVEL_MEDIUM'],
    ['Protests', 'Excessive force against protesters', 0, 'SEVERITY_LEVEL_HIGH'],
    ['Riots', 'Violent demonstration', 0, 'SEVERITY_LEVEL_MEDIUM'],
    ['Protests', 'Peaceful protest', 1, 'SEVERITY_LEVEL_HIGH'],
  ])('acledSeverity(%s, %s, %i) = %s', (t, s, f, level) => expect(acledSeverity(t, s, f)).toBe(level));

  it('inBox handles boxes across the antimeridian', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat, lon) => {
          const box = { north: 90, south: -90, east: -170, west: 170 };
          expect(inBox(lat, lon, box)).toBe(lon >= 170 || lon <= -170);
        },
      ),
    );
  });
});

describe('live fetch against a local upstream', () => {
  it('ingests ACLED and GDELT, and still ingests when the optional GDELT source fails', async () => {
    let gdeltUp = true;
    const server = http.createServer((req, res) => {
      const p = new URL(req.url!, 'http://x').pathname;
      if (p === '/api/acled/read') return void res.writeHead(200).end(sample('unrest/acled-demonstrations.json'));
      if (p === '/api/v1/gkg_geojson' && gdeltUp)
        return void res.writeHead(200).end(sample('unrest/gdelt-gkg-protest.geojson'));
      res.writeHead(503).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const app2 = await startTestApp({
      samples: 'none',
      config: {
        UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        ACLED_ACCESS_TOKEN: 'test-token',
      },
    });
    try {
      expect(await app2.deps.runner.run(unrestEventsDataset, { origin: { kind: 'live' } })).toMatchObject({
        ok: true,
        recordCount: 17,
      });
      gdeltUp = false;
      const r = await app2.deps.runner.run(unrestEventsDataset, { origin: { kind: 'live' } });
      expect(r).toMatchObject({ ok: true, recordCount: 12, partialSources: ['gdelt'] });
      expect(app2.deps.store.read(UNREST_EVENTS)!.records).toHaveLength(12);
    } finally {
      await app2.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
