import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { parseOpenMeteoDaily } from '../../../src/sources/open-meteo/archive.js';
import {
  anomaliesFrom,
  climateAnomaliesDataset,
  parseNormals,
} from '../../../src/services/climate/datasets/climate-anomalies.js';
import { anomalySeverity, anomalyType, lastWeek } from '../../../src/services/climate/rules.js';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';

const PATH = '/api/climate/v1/list-climate-anomalies';
const ARCHIVE = fs.readFileSync(path.join(SAMPLES_DIR, 'climate/open-meteo-archive-zones.json'));
const NORMALS = fs.readFileSync(path.join(SAMPLES_DIR, 'climate/climate-zone-normals-1991-2020.csv'));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [climateAnomaliesDataset] });
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

describe('parsers', () => {
  it('reads the multi-location archive and the normals', () => {
    const series = parseOpenMeteoDaily(ARCHIVE);
    expect(series).toHaveLength(8);
    expect(series[0].days).toHaveLength(21);
    expect(series[0].days.at(-1)).toEqual({ date: '2026-11-19', tempC: null, precipMm: null });
    expect(parseNormals(NORMALS)).toHaveLength(96);
  });

  it.each([
    [
      () => parseOpenMeteoDaily('{"error":true,"reason":"Parameter start_date is out of range"}'),
      /refused the request: Parameter/,
    ],
    [() => parseOpenMeteoDaily('[{"latitude":1}]'), /no daily/],
    [() => parseNormals('zone,month\nx,1'), /unexpected header/],
    [
      () =>
        parseNormals('zone,latitude,longitude,month,temperature_2m_mean,precipitation_sum_per_day\nSahel,14,0,13,1,1'),
      /line 2/,
    ],
  ])('refuses malformed input %#', (fn, message) => expect(fn).toThrow(message));
});

describe('anomalies of the bundled week', () => {
  const rows = anomaliesFrom(ARCHIVE, NORMALS);

  it('compares each zone with its November normal', () => {
    expect(rows).toHaveLength(8);
    expect(rows.find((r) => r.zone === 'East Asia')).toMatchObject({
      severity: 'ANOMALY_SEVERITY_EXTREME',
      type: 'ANOMALY_TYPE_COLD',
      period: '2026-11-11 to 2026-11-17',
    });
    expect(rows.find((r) => r.zone === 'Eastern Mediterranean')!.type).toBe('ANOMALY_TYPE_MIXED');
    expect(rows.find((r) => r.zone === 'US Midwest')!.type).toBe('ANOMALY_TYPE_WET');
    expect(rows.find((r) => r.zone === 'Amazon Basin')!.type).toBe('ANOMALY_TYPE_DRY');
  });
});

describe('GET list-climate-anomalies', () => {
  it('lists every zone, most severe first', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.anomalies).toHaveLength(8);
    expect(res.body.anomalies[0].zone).toBe('East Asia');
    expect(res.body.pagination).toEqual({ nextCursor: '', totalCount: 8 });
  });

  it.each([
    ['ANOMALY_SEVERITY_EXTREME', 1],
    ['ANOMALY_SEVERITY_MODERATE', 5],
    ['ANOMALY_SEVERITY_NORMAL', 8],
    ['ANOMALY_SEVERITY_UNSPECIFIED', 8],
  ])('min_severity=%s keeps %d zones', async (min, n) => {
    expect((await app.get(`${PATH}?min_severity=${min}`)).body.anomalies).toHaveLength(n);
  });

  it('pages', async () => {
    const first = await app.get(`${PATH}?page_size=3`);
    expect(first.body.anomalies).toHaveLength(3);
    const rest = await app.get(`${PATH}?page_size=10&cursor=${first.body.pagination.nextCursor}`);
    expect(rest.body.anomalies).toHaveLength(5);
  });

  it.each([
    ['min_severity=HIGH', 'min_severity'],
    ['page_size=-2', 'page_size'],
  ])('refuses %s', async (q, field) => expectViolation(await app.get(`${PATH}?${q}`), field));

  it('serves an empty page no-store without a snapshot', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ anomalies: [], pagination: { nextCursor: '', totalCount: 0 } });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
