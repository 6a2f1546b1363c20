import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { parseAcledPayload, parseDay } from '../../../src/services/conflict/datasets/acled-format.js';
import { acledEventsDataset, ACLED_EVENTS } from '../../../src/services/conflict/datasets/acled.js';
import {
  classifyIranReport,
  iranEventsDataset,
  IRAN_EVENTS,
  parseIranFeed,
} from '../../../src/services/conflict/datasets/iran.js';
import { parseUcdpPage, ucdpEventsDataset, UCDP_EVENTS } from '../../../src/services/conflict/datasets/ucdp.js';
import { SAMPLE_NOW, withTestApp } from '../../support/app.js';

const sample = (file: string) => fs.readFileSync(path.join(SAMPLES_DIR, file));

describe('ACLED parser', () => {
  it('reads the sample: string numbers decoded, rows without a position skipped', () => {
    const { rows, skipped } = parseAcledPayload(sample('conflict/acled-events.json'));
    expect(skipped).toBe(2);
    const syr = rows.find((r) => r.id === 'SYR41233')!;
    expect(syr).toMatchObject({
      lat: 35.9036,
      lon: 36.7238,
      fatalities: 2,
      occurredAt: Date.UTC(2026, 10, 19),
      country: 'Syria',
      admin1: 'Idleb',
    });
  });

  it('keeps the 30-day window measured from the feed, and only conflict event types', () => {
    const { records, info } = acledEventsDataset.parse({ acled: sample('conflict/acled-events.json') }, SAMPLE_NOW);
    expect(records).toHaveLength(32);
    expect(info!.windowStart).toBe(Date.UTC(2026, 9, 21));
    expect(records.every((e) => e.occurredAt >= info!.windowStart && e.occurredAt <= info!.windowEnd)).toBe(true);
    expect(records.map((e) => e.eventType).every((t) => t !== 'Protests')).toBe(true);
    // A day later (a real `npm start`), the bundled sample still yields the same window.
    expect(
      acledEventsDataset.parse({ acled: sample('conflict/acled-events.json') }, SAMPLE_NOW + 86_400_000).records,
    ).toEqual(records);
  });

  it.each([
    ['not json', 'not JSON'],
    ['{"status":200}', 'no data array'],
    ['{"status":401,"success":false,"data":[]}', 'failure'],
  ])('refuses %s', (bytes, message) => {
    expect(() => parseAcledPayload(Buffer.from(bytes))).toThrow(message);
  });

  it.each([
    ['2026-11-20', Date.UTC(2026, 10, 20)],
    ['2026-02-30', NaN],
    ['20-11-2026', NaN],
    ['', NaN],
  ])('parseDay(%j)', (s, t) => {
    expect(parseDay(s)).toBe(t);
  });
});

describe('UCDP parser', () => {
  it('reads GED pages, maps violence types and drops rows without a position', () => {
    const events = parseUcdpPage(sample('conflict/ucdp-gedevents.json'));
    expect(events.map((e) => e.id)).not.toContain('612021');
    const e = events.find((x) => x.id === '612003')!;
    expect(e).toEqual({
      id: '612003',
      dateStart: Date.UTC(2026, 10, 14),
      dateEnd: Date.UTC(2026, 10, 15),
      location: { latitude: 48.5277, longitude: 37.7069 }, // Kostiantynivka
      country: 'Ukraine',
      sideA: 'Government of Russia (Soviet Union)',
      sideB: 'Government of Ukraine',
      deathsBest: 31,
      deathsLow: 20,
      deathsHigh: 44,
      violenceType: 'UCDP_VIOLENCE_TYPE_STATE_BASED',
      sourceOriginal: 'Ukrinform',
    });
    expect(events.find((x) => x.id === '612004')!.violenceType).toBe('UCDP_VIOLENCE_TYPE_ONE_SIDED');
    expect(events.find((x) => x.id === '612010')!.violenceType).toBe('UCDP_VIOLENCE_TYPE_NON_STATE');
  });

  it('keeps the trailing year before the newest event, newest first', () => {
    const { records } = ucdpEventsDataset.parse({ ged: sample('conflict/ucdp-gedevents.json') }, SAMPLE_NOW);
    expect(records.map((e) => e.id)).not.toContain('598800');
    expect(records).toHaveLength(20);
    const starts = records.map((e) => e.dateStart);
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
  });

  it('refuses a body without Result', () => {
    expect(() => parseUcdpPage(Buffer.from('{"TotalCount":0}'))).toThrow('Result');
  });
});

describe('Iran feed parser', () => {
  it('keeps 14 days before the feed time, valid positions only, newest first, timestamps as strings', () => {
    const { records, info } = parseIranFeed(sample('conflict/iran-venues.json'), SAMPLE_NOW);
    expect(info.scrapedAt).toBe(Date.UTC(2026, 10, 20, 9));
    expect(records.map((e) => e.id)).toEqual([
      '3301201',
      '3301188',
      '3301170',
      '3301152',
      '3301130',
      '3301101',
      '3301077',
      '3301040',
    ]);
    expect(records[0]).toMatchObject({
      category: 'airstrike',
      severity: 'high',
      locationName: 'Isfahan',
      timestamp: String(Date.UTC(2026, 10, 20, 7, 40)),
    });
  });

  it.each([
    ['Drone strike reported on a depot', 'airstrike', 'high'],
    ['IRGC navy holds drills', 'military', 'medium'],
    ['Security forces arrested activists', 'security', 'medium'],
    ['Retirees rally outside parliament', 'protest', 'low'],
    ['Power outages across the city', 'other', 'low'],
  ])('classifies %j as %s/%s', (headline, category, severity) => {
    expect(classifyIranReport(headline)).toEqual({ category, severity });
  });

  it('refuses a body without venues', () => {
    expect(() => parseIranFeed(Buffer.from('{"datetime":1}'), SAMPLE_NOW)).toThrow('venues');
  });
});

describe('live fetch against a local upstream', () => {
  let server: http.Server;
  let base: string;
  const seen: string[] = [];
  const files: Record<string, string> = {
    '/api/acled/read': 'conflict/acled-events.json',
    '/api/gedevents/26.0.10': 'conflict/ucdp-gedevents.json',
    '/api/venues': 'conflict/iran-venues.json',
  };
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      seen.push(url.pathname);
      const file = files[url.pathname];
      if (!file) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(sample(file));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it.each([
    [ACLED_EVENTS, acledEventsDataset, 32],
    [UCDP_EVENTS, ucdpEventsDataset, 20],
    [IRAN_EVENTS, iranEventsDataset, 8],
  ] as const)('ingests %s from its upstream URL', async (name, dataset, count) => {
    await withTestApp(
      { samples: 'none', config: { UPSTREAM_BASE_OVERRIDE: base, ACLED_ACCESS_TOKEN: 'test-token' } },
      async (app) => {
        const r = await app.deps.runner.run(dataset, { origin: { kind: 'live' } });
        expect(r).toMatchObject({ ok: true, recordCount: count });
        expect(app.deps.store.read(name)!.records).toHaveLength(count);
      },
    );
  });

  it('a failing upstream leaves the previous snapshot in place', async () => {
    await withTestApp(
      { samples: [ucdpEventsDataset, iranEventsDataset], config: { UPSTREAM_BASE_OVERRIDE: `${base}/missing` } },
      async (app) => {
        for (const [ds, name] of [
          [ucdpEventsDataset, UCDP_EVENTS],
          [iranEventsDataset, IRAN_EVENTS],
        ] as const) {
          const before = app.deps.store.read(name)!;
          const r = await app.deps.runner.run(ds, { origin: { kind: 'live' } });
          expect(r.ok).toBe(false);
          expect(r.error).toMatch(/HTTP 404/);
          expect(app.deps.store.read(name)!.version).toBe(before.version);
        }
      },
    );
  });
});
