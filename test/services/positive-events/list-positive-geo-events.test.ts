import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { listPositiveGeoEvents } from '../../../src/services/positive-events/queries.js';
import { ManualClock } from '../../../src/platform/clock.js';
import {
  positiveGeoEventsDataset,
  positiveRecords,
} from '../../../src/services/positive-events/datasets/geo-events.js';
import { aggregatePositive, bucketKey, categoryOf, isPositive } from '../../../src/services/positive-events/rules.js';

const DAY = 86_400_000;

const PATH = '/api/positive-events/v1/list-positive-geo-events';

describe('rules', () => {
  it.each([
    [2.5, ['MEDICAL'], true],
    [2, ['MEDICAL'], false],
    [5, ['SPORTS'], false],
    [5, ['SPORTS', 'PEACEKEEPING'], true],
  ])('tone %d with %j positive: %s', (tone, themes, expected) => expect(isPositive(tone, themes)).toBe(expected));
  it.each([
    ['Scientists develop vaccine', 'science-health'],
    ['Coral reef recovers', 'nature-wildlife'],
    ['Solar farm opens', 'climate-wins'],
    ['Startup launches robot', 'innovation-tech'],
    ['Volunteers clean beach', 'humanity-kindness'],
    ['Jazz festival returns', 'culture-community'],
    ['Something nice happened', 'humanity-kindness'],
  ])('%s is %s', (text, category) => expect(categoryOf(text)).toBe(category));
  const rec = (url: string, lat: number, lon: number, date = 1) => ({
    url,
    date,
    title: 'Volunteers help',
    place: 'P',
    lat,
    lon,
  });
  it('needs three distinct articles in a 0.1° cell', () => {
    expect(aggregatePositive([rec('a', 1, 1), rec('a', 1.01, 1), rec('b', 1, 1)])).toEqual([]);
    expect(aggregatePositive([rec('a', 1, 1), rec('b', 1.01, 1, 5), rec('c', 1.02, 1.04)])).toEqual([
      { latitude: 1, longitude: 1, name: 'P', category: 'humanity-kindness', count: 3, timestamp: 5 },
    ]);
  });
  it('never counts an article twice and orders by count', () => {
    const arb = fc.array(
      fc.record({
        url: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
        lat: fc.constantFrom(0, 0.3, 10),
        lon: fc.constantFrom(0, 20),
        date: fc.nat(100),
        title: fc.constant('t'),
        place: fc.constant('p'),
      }),
    );
    fc.assert(
      fc.property(arb, (rows) => {
        const out = aggregatePositive(rows);
        for (const e of out) {
          expect(e.count).toBeGreaterThanOrEqual(3);
          expect(e.count).toBeLessThanOrEqual(
            new Set(
              rows.filter((r) => bucketKey(r.lat, r.lon) === bucketKey(e.latitude, e.longitude)).map((r) => r.url),
            ).size,
          );
        }
        expect(out.map((e) => e.count)).toEqual([...out.map((e) => e.count)].sort((x, y) => y - x));
      }),
    );
  });
  it('keeps only the two hours up to the newest record', () => {
    const base = {
      id: 'x',
      sourceName: '',
      persons: [],
      organizations: [],
      tone: 5,
      themes: ['MEDICAL'],
      title: 't',
      locations: [{ type: 4, name: 'P', countryCode: 'XX', lat: 1, lon: 1 }],
    };
    const out = positiveRecords([
      { ...base, url: 'new', date: 10 * 3_600_000 },
      { ...base, url: 'old', date: 7 * 3_600_000 },
      { ...base, url: 'noloc', date: 10 * 3_600_000, locations: [] },
    ]);
    expect(out.map((r) => r.url)).toEqual(['new']);
  });
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [positiveGeoEventsDataset] });
});
afterAll(() => app.close());

describe('GET list-positive-geo-events', () => {
  it('answers places with good news from the bundled two hours', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.stale).toBe(false);
    expect(res.body.fetchedAt).toBeGreaterThan(0);
    const { events } = res.body;
    expect(events.map((e: { name: string }) => e.name)).toContain('Nairobi, Nairobi Area, Kenya');
    expect(events[0]).toEqual({
      latitude: -1.28333,
      longitude: 36.8167,
      name: 'Nairobi, Nairobi Area, Kenya',
      category: 'humanity-kindness',
      count: 4,
      timestamp: Date.UTC(2026, 10, 20, 12),
    });
    // Boston and Cusco have two stories each, Oslo one: not enough.
    for (const e of events) expect(e.name).not.toMatch(/Boston|Cusco|Oslo/);
    expect(events.find((e: { name: string }) => e.name.startsWith('Great Barrier')).category).toBe('nature-wildlife');
  });
});

describe('freshness and absence', () => {
  it('judges staleness at the capture, not the clock: a day and more later the same events answer the same', async () => {
    const before = await app.get(PATH);
    const clock = new ManualClock(SAMPLE_NOW);
    await withTestApp({ samples: [positiveGeoEventsDataset], clock }, async (later) => {
      clock.advance(26 * 3_600_000);
      const res = await later.get(PATH);
      // The newest event is of the capture's own time (2026-11-20T12:00Z): not stale, whenever asked.
      expect(res.body.stale).toBe(false);
      expect(res.text).toBe(before.text);
    });
  });
  it('says stale when the newest event was over 25 hours old at the capture', () => {
    const at = Date.UTC(2026, 10, 20, 12);
    const store = (newest: number) => ({
      read: () => ({ records: [{ timestamp: newest - DAY }, { timestamp: newest }], capturedAt: at }),
    });
    expect(listPositiveGeoEvents(store(at - 26 * 3_600_000) as never, () => {}).stale).toBe(true);
    expect(listPositiveGeoEvents(store(at - 24 * 3_600_000) as never, () => {}).stale).toBe(false);
  });
  it('without a snapshot answers empty and uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ events: [], fetchedAt: 0, stale: false });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
