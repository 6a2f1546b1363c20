import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/platform/clock.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { parseOpenMeteoDaily } from '../../../src/sources/open-meteo/archive.js';
import { zoneNormalsDataset } from '../../../src/services/climate/datasets/zone-normals.js';
import {
  ZONE_WEATHER,
  zoneWeatherDataset,
  zoneWeeks,
  type ZoneWeek,
} from '../../../src/services/climate/datasets/zone-weather.js';
import { parseNormals } from '../../../src/services/climate/normals.js';
import { anomaliesOf } from '../../../src/services/climate/queries.js';
import { anomalyOf, anomalySeverity, anomalyType, lastWeek } from '../../../src/services/climate/rules.js';
import { CLIMATE_ZONES, zoneBatches } from '../../../src/services/climate/zones.js';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { startUpstream } from '../../support/upstream.js';

const PATH = '/api/climate/v1/list-climate-anomalies';
const sample = (file: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'climate', file));
const ARCHIVES = [1, 2, 3, 4].map((i) => sample(`open-meteo-archive-zones-${i}.json`));
const NORMALS = sample('climate-zone-normals-1991-2020.csv');
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [zoneWeatherDataset, zoneNormalsDataset] });
});
afterAll(() => app.close());

describe('anomaly rules', () => {
  it.each([
    [5, 0, 'ANOMALY_SEVERITY_EXTREME'],
    [0, -12, 'ANOMALY_SEVERITY_EXTREME'],
    [-3, 0, 'ANOMALY_SEVERITY_MODERATE'],
    [0, 6, 'ANOMALY_SEVERITY_MODERATE'],
    [2.9, 5.9, 'ANOMALY_SEVERITY_NORMAL'],
  ])('ΔT %d ΔP %d is %s', (t, p, s) => expect(anomalySeverity(t, p)).toBe(s));

  it.each([
    [4, -3.1, 'ANOMALY_TYPE_MIXED'],
    [4, 0, 'ANOMALY_TYPE_WARM'],
    [-4, 0, 'ANOMALY_TYPE_COLD'],
    [1, 7.5, 'ANOMALY_TYPE_WET'],
    [1.7, -6.9, 'ANOMALY_TYPE_DRY'],
    [0.5, 0.1, 'ANOMALY_TYPE_WARM'],
    [-0.1, 1, 'ANOMALY_TYPE_COLD'],
  ])('ΔT %d ΔP %d is %s', (t, p, type) => expect(anomalyType(t, p)).toBe(type));

  // Worked by hand: Δ = week − normal, rounded to 1 decimal, then classified.
  it.each([
    // 12.34 − 10 = 2.34 → 2.3; 3.21 − 1 = 2.21 → 2.2: below 3 °C and 6 mm, |2.3| ≥ 2.2/3, warm
    [{ tempC: 12.34, precipMm: 3.21 }, { tempC: 10, precipMm: 1 }, 2.3, 2.2, 'NORMAL', 'WARM'],
    // 12.96 − 10 = 2.96 rounds to 3.0 before the 3 °C threshold is applied
    [{ tempC: 12.96, precipMm: 0 }, { tempC: 10, precipMm: 0 }, 3, 0, 'MODERATE', 'WARM'],
    // −10 − (−4.5) = −5.5: extreme, and colder than −3 °C with temperature leading
    [{ tempC: -10, precipMm: 1 }, { tempC: -4.5, precipMm: 1 }, -5.5, 0, 'EXTREME', 'COLD'],
    // 30 − 26 = 4 and 0 − 3.5 = −3.5: warm and drier than −3 mm/day together
    [{ tempC: 30, precipMm: 0 }, { tempC: 26, precipMm: 3.5 }, 4, -3.5, 'MODERATE', 'MIXED'],
    // 21.2 − 22 = −0.8 and 7.5 − 1 = 6.5: |−0.8| < 6.5/3, so precipitation leads: wet
    [{ tempC: 21.2, precipMm: 7.5 }, { tempC: 22, precipMm: 1 }, -0.8, 6.5, 'MODERATE', 'WET'],
    // 14.5 − 2.5 = 12 mm/day: extreme on precipitation alone
    [{ tempC: 20, precipMm: 14.5 }, { tempC: 20, precipMm: 2.5 }, 0, 12, 'EXTREME', 'WET'],
    // 1 − 8 = −7 mm/day with 0.5 °C: dry
    [{ tempC: 27.5, precipMm: 1 }, { tempC: 27, precipMm: 8 }, 0.5, -7, 'MODERATE', 'DRY'],
  ])('week %o against normal %o: ΔT %d, ΔP %d, %s %s', (week, normal, dT, dP, severity, type) =>
    expect(anomalyOf(week, normal)).toEqual({
      tempDelta: dT,
      precipDelta: dP,
      severity: `ANOMALY_SEVERITY_${severity}`,
      type: `ANOMALY_TYPE_${type}`,
    }),
  );

  it('grows no less severe as departures grow', () => {
    const rank = ['ANOMALY_SEVERITY_NORMAL', 'ANOMALY_SEVERITY_MODERATE', 'ANOMALY_SEVERITY_EXTREME'];
    fc.assert(
      fc.property(
        fc.double({ min: -10, max: 10, noNaN: true }),
        fc.double({ min: -20, max: 20, noNaN: true }),
        fc.double({ min: 1, max: 3, noNaN: true }),
        (t, p, k) => rank.indexOf(anomalySeverity(t * k, p * k)) >= rank.indexOf(anomalySeverity(t, p)),
      ),
    );
  });

  it('takes the last seven complete days', () => {
    const days = Array.from({ length: 10 }, (_, i) => ({
      date: `2026-11-${String(i + 1).padStart(2, '0')}`,
      tempC: i as number | null,
      precipMm: 1 as number | null,
    }));
    days[9].tempC = null;
    expect(lastWeek(days)).toEqual({ from: '2026-11-03', to: '2026-11-09', tempC: 5, precipMm: 1 });
    expect(lastWeek(days.slice(0, 5))).toBeUndefined();
  });
});

describe('zone weeks from the archive', () => {
  const weeks = zoneBatches(8).flatMap((batch, i) => zoneWeeks(batch, ARCHIVES[i]));

  it('reads every zone of the four bundled answers, in the order asked', () => {
    expect(parseOpenMeteoDaily(ARCHIVES[0])).toHaveLength(8);
    // A single location comes back as one object, not an array.
    expect(parseOpenMeteoDaily(ARCHIVES[3])).toHaveLength(1);
    expect(weeks.map((w) => w.zone)).toEqual(CLIMATE_ZONES.map((z) => z.name));
  });

  it('takes the week before the empty newest days, and the month of the last day asked for', () => {
    // The answers run 2026-10-30..2026-11-20; the archive has nothing after 11-17 yet.
    expect(parseOpenMeteoDaily(ARCHIVES[0])[0].days.at(-1)).toEqual({
      date: '2026-11-20',
      tempC: null,
      precipMm: null,
    });
    for (const w of weeks) expect(w).toMatchObject({ from: '2026-11-11', to: '2026-11-17', month: 11 });
  });

  it('refuses an answer that does not hold one series per zone', () => {
    expect(() => zoneWeeks(zoneBatches(8)[0], ARCHIVES[3])).toThrow(/1 locations for 8 zones/);
  });

  it.each([
    [
      () => parseOpenMeteoDaily('{"error":true,"reason":"Parameter start_date is out of range"}'),
      /refused the request/,
    ],
    [() => parseOpenMeteoDaily('[{"latitude":1}]'), /no daily/],
  ])('refuses malformed input %#', (fn, message) => expect(fn).toThrow(message));
});

describe('anomalies of the bundled week', () => {
  const weeks = zoneBatches(8).flatMap((batch, i) => zoneWeeks(batch, ARCHIVES[i]));
  const rows = anomaliesOf(weeks, parseNormals(NORMALS));
  const zone = (name: string) => rows.find((r) => r.zone === name)!;

  it('compares each zone with its November normal', () => {
    expect(rows).toHaveLength(25);
    // Greenland's week (11-11..11-17): −26.0 −22.8 −21.8 −25.5 −19.7 −27.9 −33.4 °C, mean −25.3, against a
    // November normal of −31.5: +6.2; precipitation 0 0 2.1 1.5 1.3 1.1 0 mm, mean 0.857, against 0.55: +0.3.
    expect(zone('Greenland')).toEqual({
      zone: 'Greenland',
      location: { latitude: 72, longitude: -42 },
      tempDelta: 6.2,
      precipDelta: 0.3,
      severity: 'ANOMALY_SEVERITY_EXTREME',
      type: 'ANOMALY_TYPE_WARM',
      period: '2026-11-11 to 2026-11-17',
    });
    // Horn of Africa: 21.3 21.0 22.1 19.5 20.5 21.4 22.6 °C (mean 21.2) and 0 39.8 0 0 0 5.4 7.3 mm
    // (mean 7.5) against 22.0 °C and 1.0 mm/day: −0.8 °C, +6.5 mm/day, a wet week of the short rains.
    expect(zone('Horn of Africa')).toMatchObject({ tempDelta: -0.8, precipDelta: 6.5, type: 'ANOMALY_TYPE_WET' });
    // Middle East: 17.7 18.2 17.6 19.5 18.2 19.4 19.6 °C (mean 18.6), no rain, against 16.8 °C and 0.6 mm/day.
    expect(zone('Middle East')).toMatchObject({
      tempDelta: 1.8,
      precipDelta: -0.6,
      severity: 'ANOMALY_SEVERITY_NORMAL',
    });
  });

  it('leaves out a zone without a normal for the month', () => {
    const normals = parseNormals(NORMALS).filter((n) => !(n.zone === 'Sahel' && n.month === 11));
    expect(anomaliesOf(weeks, normals).map((r) => r.zone)).not.toContain('Sahel');
  });
});

describe('GET list-climate-anomalies', () => {
  it('lists every zone, most severe first', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.anomalies).toHaveLength(25);
    // Greenland is the one extreme zone; then the moderate ones by the size of the temperature departure.
    expect(res.body.anomalies.slice(0, 5).map((a: { zone: string }) => a.zone)).toEqual([
      'Greenland',
      'Southern Africa',
      'Ukraine',
      'Europe',
      'Horn of Africa',
    ]);
    expect(res.body.pagination).toEqual({ nextCursor: '', totalCount: 25 });
  });

  it.each([
    ['ANOMALY_SEVERITY_EXTREME', 1],
    ['ANOMALY_SEVERITY_MODERATE', 5],
    ['ANOMALY_SEVERITY_NORMAL', 25],
    ['ANOMALY_SEVERITY_UNSPECIFIED', 25],
  ])('min_severity=%s keeps %d zones', async (min, n) => {
    expect((await app.get(`${PATH}?min_severity=${min}`)).body.anomalies).toHaveLength(n);
  });

  it('pages', async () => {
    const first = await app.get(`${PATH}?page_size=10`);
    expect(first.body.anomalies).toHaveLength(10);
    const rest = await app.get(`${PATH}?page_size=20&cursor=${first.body.pagination.nextCursor}`);
    expect(rest.body.anomalies).toHaveLength(15);
  });

  it.each([
    ['min_severity=HIGH', 'min_severity'],
    ['page_size=-2', 'page_size'],
  ])('refuses %s', async (q, field) => expectViolation(await app.get(`${PATH}?${q}`), field));

  it.each([
    ['no snapshot', 'none' as const],
    ['weather without normals', [zoneWeatherDataset]],
    ['normals without weather', [zoneNormalsDataset]],
  ])('serves an empty page no-store with %s', async (_, samples) => {
    await withTestApp({ samples }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ anomalies: [], pagination: { nextCursor: '', totalCount: 0 } });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('live zone weather', () => {
  it('asks the archive for eight zones at a time, the last 21 days up to today, and publishes all 25', async () => {
    const upstream = await startUpstream();
    upstream.play((_req, res, url) => {
      const first = Number(url.searchParams.get('latitude')!.split(',')[0]);
      const i = zoneBatches(8).findIndex((b) => b[0].lat === first);
      res.writeHead(200, { 'content-type': 'application/json' }).end(ARCHIVES[i]);
    });
    try {
      await withTestApp(
        { samples: 'none', clock: new ManualClock(SAMPLE_NOW), config: { UPSTREAM_BASE_OVERRIDE: upstream.origin } },
        async (live) => {
          const r = await live.deps.runner.run(zoneWeatherDataset, { origin: { kind: 'live' } });
          expect(r).toMatchObject({ ok: true, recordCount: 25 });
          expect(upstream.seen.map((s) => s.path)).toEqual([
            '/v1/archive?latitude=48.4%2C51%2C39%2C33%2C14%2C8%2C25%2C36.8&longitude=31.2%2C10%2C127%2C44%2C0%2C42%2C78%2C-119.4' +
              '&start_date=2026-10-30&end_date=2026-11-20&daily=temperature_2m_mean%2Cprecipitation_sum&timezone=UTC',
            expect.stringMatching(/^\/v1\/archive\?latitude=-3.4%2C-25%2C38%2C24%2C19.8%2C4%2C-25%2C42&/),
            expect.stringMatching(/^\/v1\/archive\?latitude=7%2C19%2C70%2C72%2C-78%2C31%2C-1%2C-5&/),
            expect.stringMatching(
              /^\/v1\/archive\?latitude=55&longitude=-30&start_date=2026-10-30&end_date=2026-11-20&/,
            ),
          ]);
        },
      );
    } finally {
      await upstream.close();
    }
  });

  it('publishes without a failed first batch, but not without the required climate zones', async () => {
    const upstream = await startUpstream();
    const failing = new Set<number>();
    upstream.play((_req, res, url) => {
      const first = Number(url.searchParams.get('latitude')!.split(',')[0]);
      const i = zoneBatches(8).findIndex((b) => b[0].lat === first);
      if (failing.has(i)) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(ARCHIVES[i]);
    });
    try {
      await withTestApp(
        { samples: 'none', clock: new ManualClock(SAMPLE_NOW), config: { UPSTREAM_BASE_OVERRIDE: upstream.origin } },
        async (live) => {
          failing.add(0);
          // 17 zones remain: exactly two thirds of 25, rounded up.
          expect(await live.deps.runner.run(zoneWeatherDataset, { origin: { kind: 'live' } })).toMatchObject({
            ok: true,
            recordCount: 17,
            partialSources: ['zones1'],
          });
          const kept = live.deps.store.read<ZoneWeek>(ZONE_WEATHER)!;
          failing.clear();
          failing.add(3);
          const r = await live.deps.runner.run(zoneWeatherDataset, { origin: { kind: 'live' } });
          expect(r.ok).toBe(false);
          expect(r.error).toMatch(/required zones missing \(North Atlantic\)/);
          expect(live.deps.store.read(ZONE_WEATHER)!.version).toBe(kept.version);
        },
      );
    } finally {
      await upstream.close();
    }
  });
});
