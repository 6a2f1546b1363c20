import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { parseGmlTable } from '../../../src/sources/noaa-gml/gml.js';
import { co2MonitoringDataset, co2MonitoringFrom } from '../../../src/services/climate/datasets/co2-monitoring.js';
import { co2Summary } from '../../../src/services/climate/rules.js';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';

const PATH = '/api/climate/v1/get-co2-monitoring';
const payloads = Object.fromEntries(
  Object.entries(co2MonitoringDataset.sources).map(([k, s]) => [k, fs.readFileSync(path.join(SAMPLES_DIR, s.sample))]),
);
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [co2MonitoringDataset] });
});
afterAll(() => app.close());

describe('GML tables', () => {
  it('skips comments and reads numeric rows', () => {
    const rows = parseGmlTable('# header\n#\n2026 11 19 2026.8836 428.54\n', 5, 'daily');
    expect(rows).toEqual([[2026, 11, 19, 2026.8836, 428.54]]);
  });

  it.each([
    ['# only comments\n', /no data lines/],
    ['2026 11 abc\n', /unreadable line/],
    ['<html>Service Unavailable</html>', /unreadable line/],
  ])('refuses %j', (text, message) => expect(() => parseGmlTable(text, 3, 'x')).toThrow(message));
});

describe('CO2 summary', () => {
  const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);

  it('takes the nearest day a year back, the latest month and the growth of the annual means', () => {
    const s = co2Summary({
      daily: [
        { at: day(2025, 11, 16), ppm: 424 },
        { at: day(2025, 11, 20), ppm: 424.5 },
        { at: day(2026, 11, 1), ppm: 427 },
        { at: day(2026, 11, 19), ppm: 428 },
      ],
      monthly: [
        { year: 2025, month: 10, ppm: 423 },
        { year: 2026, month: 10, ppm: 426.1 },
      ],
      annual: [
        { year: 2024, ppm: 422.8 },
        { year: 2025, ppm: 425.64 },
      ],
      methane: 1946.68,
      nitrousOxide: 339.74,
    });
    expect(s).toMatchObject({
      currentPpm: 428,
      yearAgoPpm: 424.5,
      annualGrowthRate: 2.84,
      monthlyAverage: 427.5,
      measuredAt: String(day(2026, 11, 19)),
      preIndustrialBaseline: 280,
    });
    expect(s.trend12m).toEqual([
      { month: '2025-10', ppm: 423, anomaly: 0 },
      { month: '2026-10', ppm: 426.1, anomaly: 3.1 },
    ]);
  });

  it('drops GML missing-value sentinels', () => {
    const daily = Buffer.from('2026 11 18 2026.88 -999.99\n2026 11 17 2026.87 427.1\n');
    const s = co2MonitoringFrom({ ...payloads, daily });
    expect(s.currentPpm).toBe(427.1);
  });
});

describe('GET get-co2-monitoring', () => {
  it('answers with the summary of the bundled tables', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const m = res.body.monitoring;
    expect(m).toEqual(co2MonitoringFrom(payloads));
    // The newest daily row (2026-11-19) and the same day a year earlier.
    expect(m.currentPpm).toBe(428);
    expect(m.measuredAt).toBe(String(Date.UTC(2026, 10, 19)));
    expect(m.yearAgoPpm).toBe(426.89);
    // Global annual means: 2025 425.64 − 2024 422.80.
    expect(m.annualGrowthRate).toBe(2.84);
    // The 16 November 2026 daily rows average 427.571.
    expect(m.monthlyAverage).toBe(427.57);
    expect(m.trend12m).toHaveLength(12);
    // NOAA's November 2025 (426.46) against November 2024 (423.85).
    expect(m.trend12m[0]).toEqual({ month: '2025-11', ppm: 426.46, anomaly: 2.61 });
    // October 2026 (426.21, written for the sample) against NOAA's October 2025 (424.87).
    expect(m.trend12m.at(-1)).toEqual({ month: '2026-10', ppm: 426.21, anomaly: 1.34 });
    // The latest global rows, July 2026.
    expect(m.methanePpb).toBe(1932.95);
    expect(m.nitrousOxidePpb).toBe(339.9);
    expect(m.station).toBe('Mauna Loa, Hawaii');
    expect(res.headers.get('cache-control')).toMatch(/max-age=3600/);
  });

  it('has the Mauna Loa seasonal cycle: highest in May, lowest in September or October', () => {
    const monthly = parseGmlTable(payloads.monthly!, 4, 'co2_mm_mlo');
    for (const year of [2024, 2025, 2026]) {
      const rows = monthly.filter((r) => r[0] === year);
      const highest = rows.reduce((a, b) => (b[3] > a[3] ? b : a));
      const lowest = rows.reduce((a, b) => (b[3] < a[3] ? b : a));
      // June 2024 (426.91) edges May (426.90) by 0.01 ppm in NOAA's own record.
      expect([5, 6]).toContain(highest[1]);
      if (rows.length === 12) expect([9, 10]).toContain(lowest[1]);
    }
  });

  it('answers without monitoring, no-store, when there is no snapshot', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({});
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
