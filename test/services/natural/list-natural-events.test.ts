import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { parseEonetEvents } from '../../../src/sources/nasa-eonet/eonet.js';
import {
  NATURAL_EVENTS,
  naturalEventsDataset,
  naturalEventsFromEonet,
} from '../../../src/services/natural/datasets/natural-events.js';
import {
  basinOf,
  bearingDeg,
  saffirSimpson,
  speedKt,
  stormClass,
  stormNameOf,
} from '../../../src/services/natural/rules.js';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';

const PATH = '/api/natural/v1/list-natural-events';
const SAMPLE = fs.readFileSync(path.join(SAMPLES_DIR, 'natural/eonet-events.json'));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [naturalEventsDataset] });
});
afterAll(() => app.close());

describe('storm rules', () => {
  it.each([
    [33, 0],
    [64, 1],
    [83, 2],
    [96, 3],
    [113, 4],
    [136, 4],
    [137, 5],
  ])('%d kt is category %d', (kt, cat) => expect(saffirSimpson(kt)).toBe(cat));

  it('never lowers the category as the wind rises', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 50 }),
        (w, d) => saffirSimpson(w + d) >= saffirSimpson(w),
      ),
    );
  });

  it.each([
    [16.9, 124.9, 'WP'],
    [14.0, 86.1, 'NI'],
    [25.0, -75.0, 'AL'],
    [15.0, -110.0, 'EP'],
    [-15.0, 60.0, 'SI'],
    [-18.0, 170.0, 'SP'],
  ])('(%d, %d) is in basin %s', (lat, lon, basin) => expect(basinOf(lat, lon)).toBe(basin));

  it.each([
    [30, 'WP', 'TD'],
    [50, 'NI', 'TS'],
    [100, 'WP', 'TY'],
    [130, 'WP', 'STY'],
    [100, 'AL', 'HU'],
    [100, 'NI', 'TC'],
  ])('%d kt in %s is %s', (kt, basin, cls) => expect(stormClass(kt, basin)).toBe(cls));

  it('measures heading and speed between fixes', () => {
    expect(bearingDeg(0, 0, 1, 0)).toBe(0);
    expect(bearingDeg(0, 0, 0, 1)).toBe(90);
    expect(bearingDeg(0, 0, -1, 0)).toBe(180);
    expect(speedKt(0, 0, 0, 1, 0, 3_600_000)).toBe(60);
    expect(speedKt(0, 0, 5, 1, 0, 5)).toBe(0);
  });

  it('strips the class from a storm title', () => {
    expect(stormNameOf('Typhoon Fung-wong')).toBe('Fung-wong');
    expect(stormNameOf('Tropical Cyclone Senyar')).toBe('Senyar');
    expect(stormNameOf('Super Typhoon Haiyan')).toBe('Haiyan');
  });
});

describe('EONET parser', () => {
  it('reads every event of the sample with its points oldest first', () => {
    const events = parseEonetEvents(SAMPLE);
    expect(events).toHaveLength(12);
    const typhoon = events.find((e) => e.id === 'EONET_15012')!;
    expect(typhoon.points).toHaveLength(9);
    expect(typhoon.points[0].date).toBeLessThan(typhoon.points[8].date);
    const snow = events.find((e) => e.id === 'EONET_14999')!;
    expect(snow.points[0].lat).toBeCloseTo(43.65, 2);
    expect(snow.points[0].lon).toBeCloseTo(142.75, 2);
    expect(events.find((e) => e.id === 'EONET_14966')!.closed).toBe(Date.parse('2026-11-16T00:00:00Z'));
  });

  it('skips stubs without a category or geometry', () => {
    const doc = JSON.parse(SAMPLE.toString());
    doc.events[0].categories = [];
    doc.events[1].geometry = [{ date: 'never', type: 'Point', coordinates: [1, 2] }];
    expect(parseEonetEvents(JSON.stringify(doc))).toHaveLength(10);
  });

  it.each([
    ['<html>', /not JSON/],
    ['{"features":[]}', /no events array/],
  ])('refuses %s', (text, message) => expect(() => parseEonetEvents(text)).toThrow(message));
});

describe('natural events from EONET', () => {
  const events = naturalEventsFromEonet(SAMPLE);

  it('drops fires not reported for 48 hours and sorts newest first', () => {
    expect(events.map((e) => e.id)).not.toContain('EONET_14902');
    expect(events).toHaveLength(11);
    const dates = events.map((e) => e.date);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('describes a typhoon from its track', () => {
    const t = events.find((e) => e.id === 'EONET_15012')!;
    expect(t).toMatchObject({
      category: 'severeStorms',
      stormName: 'Fung-wong',
      basin: 'WP',
      windKt: 100,
      stormCategory: 3,
      classification: 'TY',
      canonicalId: 'wp-fung-wong',
      windAveragingPeriodMinutes: 1,
      lat: 16.9,
      lon: 124.9,
      magnitude: 100,
      magnitudeUnit: 'kts',
    });
    expect(t.pastTrack).toHaveLength(9);
    expect(t.movementDir).toBeGreaterThan(270);
    expect(t.movementSpeedKt).toBeGreaterThan(5);
    expect(t.agencyObservations[0]).toMatchObject({ agency: 'JTWC', windKt: 100, status: 'active' });
  });

  it('leaves storm fields empty for other hazards', () => {
    const v = events.find((e) => e.id === 'EONET_14861')!;
    expect(v).toMatchObject({
      category: 'volcanoes',
      stormName: '',
      windKt: 0,
      pastTrack: [],
      magnitude: 0,
      sourceName: 'SIVolcano',
    });
  });
});

describe('GET list-natural-events', () => {
  it('returns the events of the last 30 days by default', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.dataAvailable).toBe(true);
    expect(res.body.events).toHaveLength(11);
    expect(res.body.events[0].id).toBe('EONET_15012');
    expect(res.headers.get('cache-control')).toMatch(/max-age=300/);
  });

  it.each([
    [3, 5],
    [7, 7],
    [0, 11],
    [366, 11],
  ])('days=%d keeps %d events', async (days, count) => {
    expect((await app.get(`${PATH}?days=${days}`)).body.events).toHaveLength(count);
  });

  it.each(['days=-1', 'days=400', 'days=x'])('refuses %s', async (q) =>
    expectViolation(await app.get(`${PATH}?${q}`), 'days'),
  );

  it('needs a credential like every service operation', async () => {
    expect((await app.get(PATH, { 'x-service-key': '' })).status).toBe(401);
  });

  it('says dataAvailable false without a snapshot, and keeps the last good one on a bad feed', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ events: [], fetchedAt: 0, dataAvailable: false });
      expect(res.headers.get('cache-control')).toBe('no-store');
      const bad = await empty.deps.runner.run(naturalEventsDataset, {
        origin: { kind: 'bytes', payloads: { eonet: Buffer.from('oops') } },
      });
      expect(bad.ok).toBe(false);
      expect(empty.deps.store.meta(NATURAL_EVENTS)?.lastError).toMatch(/not JSON/);
    });
  });
});
