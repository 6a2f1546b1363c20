import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { parseOpenMeteoDaily } from '../../../src/sources/open-meteo/archive.js';
import { ZONE_NORMALS, zoneNormalsDataset } from '../../../src/services/climate/datasets/zone-normals.js';
import { formatNormals, monthlyNormals, parseNormals, type ZoneNormal } from '../../../src/services/climate/normals.js';
import { CLIMATE_ZONES } from '../../../src/services/climate/zones.js';
import { withTestApp } from '../../support/app.js';
import { startUpstream } from '../../support/upstream.js';

const NORMALS = fs.readFileSync(path.join(SAMPLES_DIR, 'climate/climate-zone-normals-1991-2020.csv'));

/** An archive answer for one location holding exactly these days. */
const archive = (days: [string, number | null, number | null][]) =>
  JSON.stringify({
    latitude: 48.375,
    longitude: 31.25,
    daily: {
      time: days.map((d) => d[0]),
      temperature_2m_mean: days.map((d) => d[1]),
      precipitation_sum: days.map((d) => d[2]),
    },
  });

describe('monthly normals from daily archive data', () => {
  it('averages each year-month, then the years, over days with both values', () => {
    const days = parseOpenMeteoDaily(
      archive([
        // January 1991: 1 and 3 °C, 0 and 2 mm -> 2 °C, 1 mm/day; January 1992: one day, 10 °C, 1 mm.
        // The normal is (2 + 10) / 2 = 6 °C, not the mean of the three days (4.67).
        ['1991-01-01', 1, 0],
        ['1991-01-02', 3, 2],
        ['1992-01-01', 10, 1],
        // February: the days missing either value do not count; one day of −1 °C and 0.5 mm remains.
        ['1991-02-01', null, 1],
        ['1991-02-02', 5, null],
        ['1991-02-03', -1, 0.5],
        // March: 4/3 = 1.333 °C -> 1.33; 0.5/3 = 0.1667 mm -> 0.17.
        ['1991-03-01', 1, 0.1],
        ['1991-03-02', 1, 0.2],
        ['1991-03-03', 2, 0.2],
      ]),
    )[0].days;
    expect(monthlyNormals(days)).toEqual([
      { month: 1, tempC: 6, precipMm: 1 },
      { month: 2, tempC: -1, precipMm: 0.5 },
      { month: 3, tempC: 1.33, precipMm: 0.17 },
    ]);
  });

  it('gives nothing for a month without a complete day', () => {
    expect(monthlyNormals(parseOpenMeteoDaily(archive([['1991-04-01', null, null]]))[0].days)).toEqual([]);
  });
});

describe('the normals table', () => {
  it('bundles approximate normals for all 25 zones, labelled as written for the sample', () => {
    const rows = parseNormals(NORMALS);
    expect(rows).toHaveLength(300);
    expect([...new Set(rows.map((r) => r.zone))]).toEqual(CLIMATE_ZONES.map((z) => z.name));
    expect(NORMALS.toString()).toMatch(/^# SAMPLE, NOT MEASURED: approximate/);
    expect(zoneNormalsDataset.source).toMatch(/sample: approximate normals/);
  });

  it('has the seasons where they are: the South Asian monsoon, the Sahel rains, the southern summer', () => {
    const at = (zone: string, month: number) =>
      parseNormals(NORMALS).find((r) => r.zone === zone && r.month === month)!;
    expect(at('South Asia', 7).precipMm).toBeGreaterThan(8);
    expect(at('South Asia', 1).precipMm).toBeLessThan(1);
    expect(at('Sahel', 8).precipMm).toBeGreaterThan(at('Sahel', 1).precipMm + 4);
    expect(at('Australia', 1).tempC).toBeGreaterThan(at('Australia', 7).tempC + 10);
  });

  it('reads back what it writes', () => {
    const rows: ZoneNormal[] = [{ zone: 'Sahel', latitude: 14, longitude: 0, month: 8, tempC: 27.61, precipMm: 5.65 }];
    expect(parseNormals(formatNormals(rows, ['computed']))).toEqual(rows);
  });

  it.each([
    ['zone,month\nx,1', /unexpected header/],
    ['zone,latitude,longitude,month,temperature_2m_mean,precipitation_sum_per_day\nSahel,14,0,13,1,1', /line 2/],
  ])('refuses a malformed table %#', (csv, message) => expect(() => parseNormals(csv)).toThrow(message));

  it('refuses a table without a required climate zone', () => {
    const csv = NORMALS.toString()
      .split('\n')
      .filter((l) => !l.startsWith('Coral Triangle,'))
      .join('\n');
    expect(() => zoneNormalsDataset.parse({ archive: Buffer.from(csv) }, 0)).toThrow(
      /required zones missing \(Coral Triangle\)/,
    );
  });
});

describe('live normals', () => {
  it('reads 1991-2020 two zones at a time and keeps each zone’s twelve monthly means', async () => {
    const upstream = await startUpstream();
    // Every zone gets one day per month of 1991: month m at m °C and m/10 mm, so its normal is that day.
    const year = Array.from({ length: 12 }, (_, m) => {
      const month = String(m + 1).padStart(2, '0');
      return [`1991-${month}-15`, m + 1, (m + 1) / 10] as [string, number, number];
    });
    upstream.play((_req, res, url) => {
      const n = url.searchParams.get('latitude')!.split(',').length;
      const one = JSON.parse(archive(year));
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(n === 1 ? one : Array(n).fill(one)));
    });
    try {
      await withTestApp({ samples: 'none', config: { UPSTREAM_BASE_OVERRIDE: upstream.origin } }, async (live) => {
        const r = await live.deps.runner.run(zoneNormalsDataset, { origin: { kind: 'live' } });
        expect(r).toMatchObject({ ok: true, recordCount: 300 });
        expect(upstream.seen).toHaveLength(13);
        expect(upstream.seen[0].path).toBe(
          '/v1/archive?latitude=48.4%2C51&longitude=31.2%2C10&start_date=1991-01-01&end_date=2020-12-31' +
            '&daily=temperature_2m_mean%2Cprecipitation_sum&timezone=UTC',
        );
        expect(upstream.seen[12].path).toMatch(/^\/v1\/archive\?latitude=55&longitude=-30&start_date=1991-01-01&/);
        const rows = live.deps.store.read<ZoneNormal>(ZONE_NORMALS)!.records;
        expect(rows.find((x) => x.zone === 'Greenland' && x.month === 7)).toEqual({
          zone: 'Greenland',
          latitude: 72,
          longitude: -42,
          month: 7,
          tempC: 7,
          precipMm: 0.7,
        });
      });
    } finally {
      await upstream.close();
    }
  });

  it('names the cause when the archive cannot be read', async () => {
    const upstream = await startUpstream();
    upstream.play((_req, res) => res.writeHead(404).end());
    try {
      await withTestApp({ samples: 'none', config: { UPSTREAM_BASE_OVERRIDE: upstream.origin } }, async (live) => {
        const r = await live.deps.runner.run(zoneNormalsDataset, { origin: { kind: 'live' } });
        expect(r.ok).toBe(false);
        expect(r.error).toMatch(/too few zones read from the archive; Ukraine, Europe: .*404/);
      });
    } finally {
      await upstream.close();
    }
  });
});
