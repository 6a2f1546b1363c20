import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { ManualClock } from '../../../src/platform/clock.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  parseTechEventsIcs,
  TECH_EVENTS,
  techEventsDataset,
  techEventsWindow,
} from '../../../src/services/research/datasets/tech-events.js';
import { classifyEvent, effectiveDays, effectiveLimit, geocodeCity } from '../../../src/services/research/rules.js';
import { EVENTS_UNAVAILABLE } from '../../../src/services/research/schemas.js';
import { serveSamples } from '../infrastructure/upstream-server.js';
import { expectViolation } from '../../support/expect.js';
import { samplePayloads } from '../../support/upstream.js';

const PATH = '/api/research/v1/list-tech-events';
const SAMPLE = fs.readFileSync(path.join(SAMPLES_DIR, 'research/techmeme-events.ics'));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [techEventsDataset] });
});
afterAll(() => app.close());

describe('limit and days', () => {
  it.each([
    [undefined, 50],
    [0, 1],
    [1, 1],
    [200, 200],
    [201, 200],
    [500, 200],
  ])('limit %s -> %s', (given, expected) => {
    expect(effectiveLimit(given)).toBe(expected);
  });

  it.each([
    [undefined, 90],
    [0, 1],
    [30, 30],
    [365, 365],
    [10_000, 365],
  ])('days %s -> %s', (given, expected) => {
    expect(effectiveDays(given)).toBe(expected);
  });

  it('always stays within bounds for any explicit value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (n) => effectiveLimit(n) >= 1 && effectiveLimit(n) <= 200 && effectiveDays(n) >= 1 && effectiveDays(n) <= 365,
      ),
    );
  });
});

describe('event rules', () => {
  it.each([
    ['AWS re:Invent', [], 'Las Vegas, NV', 'conference'],
    ['Nvidia Q3 FY2027 earnings', [], '', 'earnings'],
    ['Acme Q4 results', [], '', 'earnings'],
    ['Dell call', ['Earnings'], '', 'earnings'],
    ['Kraken prices', ['IPO'], '', 'ipo'],
    ['Databricks goes public on Nasdaq', [], '', 'ipo'],
    ['Some announcement', [], '', 'other'],
    ['Meetup', ['Conference'], '', 'conference'],
  ])('%s %j at "%s" is %s', (title, cats, loc, expected) => {
    expect(classifyEvent(title, cats, loc)).toBe(expected);
  });

  it('geocodes known host cities and nothing else', () => {
    expect(geocodeCity('San Francisco, CA')).toMatchObject({ country: 'US' });
    expect(geocodeCity('Lisbon, Portugal')).toMatchObject({ country: 'PT' });
    expect(geocodeCity('Springfield')).toBeUndefined();
    expect(geocodeCity('')).toBeUndefined();
  });
});

describe('iCalendar parser', () => {
  const events = parseTechEventsIcs(SAMPLE, techEventsWindow(SAMPLE_NOW));

  it('reads every dated event, soonest first, skipping undated ones', () => {
    expect(events).toHaveLength(32);
    expect(events.some((e) => e.title === 'Date to be announced')).toBe(false);
    const starts = events.map((e) => e.startDate);
    expect([...starts].sort()).toEqual(starts);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it('unfolds and unescapes text and makes an all-day DTEND inclusive', () => {
    const reinvent = events.find((e) => e.title === 'AWS re:Invent')!;
    expect(reinvent).toMatchObject({
      type: 'conference',
      location: 'Las Vegas, NV',
      startDate: '2026-11-30',
      endDate: '2026-12-04',
      url: 'https://reinvent.awsevents.com/',
      source: 'techmeme',
      coords: { lat: 36.1699, lng: -115.1398, country: 'US', original: 'Las Vegas, NV', virtual: false },
    });
    expect(reinvent.description).toBe(
      'Keynotes from AWS leadership, hundreds of sessions on cloud, AI and infrastructure; expect new Graviton and Trainium announcements.',
    );
  });

  it('reads timed events and marks online ones virtual without coordinates', () => {
    const live = events.find((e) => e.title === 'GitHub Universe livestream')!;
    expect(live).toMatchObject({
      startDate: '2026-12-02',
      endDate: '2026-12-02',
      coords: { virtual: true, country: '', original: 'Online' },
    });
    expect(live.coords).not.toHaveProperty('lat');
    expect(events.find((e) => e.title === 'Hackers Meetup')!.coords).toBeUndefined();
  });

  it('handles folding, escapes and line endings it was not shown', () => {
    const ics =
      'BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:x\nDTSTART:20270101\nSUMMARY:Long\n  name\\; with\\nbreak\nLOCATION:"Quoted": Berlin\nEND:VEVENT\nEND:VCALENDAR\n';
    const [e] = parseTechEventsIcs(Buffer.from(ics), techEventsWindow(SAMPLE_NOW));
    expect(e).toMatchObject({ title: 'Long name; with\nbreak', startDate: '2027-01-01', endDate: '2027-01-01' });
  });

  it.each([['<html>not a calendar</html>'], [''], ['{"events":[]}']])('refuses %j', (text) => {
    expect(() => parseTechEventsIcs(Buffer.from(text), techEventsWindow(SAMPLE_NOW))).toThrow(
      /iCalendar: expected BEGIN:VCALENDAR/,
    );
  });
});

describe('GET list-tech-events', () => {
  it('returns ongoing and upcoming events in the next 90 days with the counts', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      count: 17,
      conferenceCount: 11,
      mappableCount: 8,
      lastUpdated: new Date(SAMPLE_NOW).toISOString(),
    });
    expect(res.body).not.toHaveProperty('error');
    const titles = res.body.events.map((e: { title: string }) => e.title);
    expect(titles[0]).toBe('Slush'); // started on the 18th, still running
    expect(titles).not.toContain('Web Summit'); // ended
    expect(titles).not.toContain('MWC Barcelona'); // beyond 90 days
    expect(titles.at(-1)).toBe('Databricks goes public on Nasdaq');
    expect(res.headers.get('cache-control')).toMatch(/max-age=3600/);
  });

  it.each([
    ['type=conference', 11],
    ['type=earnings', 4],
    ['type=ipo', 2],
    ['type=other', 0],
    ['type=all', 17],
    ['mappable=true', 8], // earnings and IPOs carry no venue
    ['mappable=false', 17],
    ['type=conference&mappable=true', 8],
    ['limit=5', 5],
    ['limit=0', 1],
    ['limit=500', 17],
    ['days=0', 1],
    ['days=365', 29],
    ['days=100000', 29],
    ['days=365&limit=10', 10],
  ])('%s returns %s events', async (query, count) => {
    const res = await app.get(`${PATH}?${query}`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(count);
    expect(res.body.events).toHaveLength(count);
  });

  it('keeps a healthy empty window cacheable', async () => {
    const res = await app.get(`${PATH}?type=other`);
    expect(res.body).toMatchObject({ success: true, count: 0, events: [] });
    expect(res.body).not.toHaveProperty('error');
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });

  it('moves its window with the capture of the list, never with the clock', async () => {
    const clock = new ManualClock(Date.UTC(2027, 2, 20, 9));
    await withTestApp({ samples: [techEventsDataset], clock }, async (later) => {
      const titles = async () => (await later.get(`${PATH}?days=7`)).body.events.map((e: { title: string }) => e.title);
      // The bundled list answers as of its capture (2026-11-20), months later too: Slush (18-21 Nov) is on,
      // Dell's Q3 call (24 Nov) within the week.
      expect(await titles()).toEqual(['Slush', 'Dell Q3 earnings']);
      // The same calendar read on 2027-03-20 and on 2027-06-01.
      const readNow = async () =>
        expect(
          (
            await later.deps.runner.run(techEventsDataset, {
              origin: { kind: 'bytes', payloads: await samplePayloads(techEventsDataset) },
            })
          ).ok,
        ).toBe(true);
      await readNow();
      expect(await titles()).toEqual(['SXSW', 'KubeCon + CloudNativeCon Europe']); // GTC ended on the 18th
      // Read again on 2027-06-01 with exactly the same content: not stored again (snapshot history keeps
      // one version per content), so the answer stays the March capture's, byte for byte, as `as_of`
      // needs; a changed calendar would be a new capture and move the window.
      const version = later.deps.store.version(techEventsDataset.name);
      clock.set(Date.UTC(2027, 5, 1));
      await readNow();
      expect(later.deps.store.version(techEventsDataset.name)).toBe(version);
      expect(await titles()).toEqual(['SXSW', 'KubeCon + CloudNativeCon Europe']);
    });
  });

  it.each([
    ['limit=501', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=1.5', 'limit'],
    ['days=-1', 'days'],
    ['days=0x10', 'days'],
    ['type=webinar', 'type'],
    ['type=CONFERENCE', 'type'],
    ['mappable=yes', 'mappable'],
    ['mappable=1', 'mappable'],
  ])('refuses %s with a violation on %s', async (query, field) => {
    const res = await app.get(`${PATH}?${query}`);
    expectViolation(res, field, { only: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('no data, failed and live ingestion', () => {
  it('reports missing upstream data in error and is not cached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        count: 0,
        conferenceCount: 0,
        mappableCount: 0,
        lastUpdated: '',
        events: [],
        error: EVENTS_UNAVAILABLE,
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  it('keeps the last good snapshot when the feed turns into garbage or an empty calendar', async () => {
    await withTestApp({ samples: [techEventsDataset] }, async (local) => {
      const before = (await local.get(PATH)).body;
      for (const bytes of ['<html>503</html>', 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n']) {
        const r = await local.deps.runner.run(techEventsDataset, {
          origin: { kind: 'bytes', payloads: { techmeme: Buffer.from(bytes) } },
        });
        expect(r.ok).toBe(false);
      }
      expect(local.deps.store.meta(TECH_EVENTS)?.lastError).toMatch(/no rows/);
      expect((await local.get(PATH)).body).toEqual(before);
    });
  });

  it('ingests the live calendar from the upstream URL', async () => {
    const upstream = await serveSamples(techEventsDataset);
    const live = await startTestApp({ samples: 'none', config: { UPSTREAM_BASE_OVERRIDE: upstream.base } });
    try {
      const r = await live.deps.runner.run(techEventsDataset, { origin: { kind: 'live' } });
      expect(r).toMatchObject({ ok: true, recordCount: 32 });
      expect(upstream.requests).toEqual(['/newsy_events.ics']);
      expect((await live.get(PATH)).body.count).toBe(17);
    } finally {
      await live.close();
      await upstream.close();
    }
  });
});
