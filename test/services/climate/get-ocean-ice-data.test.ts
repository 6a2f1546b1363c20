import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSeaLevelPage } from '../../../src/sources/nasa-climate/sea-level.js';
import { parseOceanHeat } from '../../../src/sources/ncei/ocean-heat.js';
import { newestOceanSeries, parseOceanTemperature } from '../../../src/sources/noaa-globaltemp/ocean-temperature.js';
import { parseCsvRows } from '../../../src/sources/formats/csv.js';
import { parseClimatologyMedian, parseDailyExtent } from '../../../src/sources/nsidc/sea-ice-index.js';
import { oceanIceDataset, oceanIceFrom } from '../../../src/services/climate/datasets/ocean-ice.js';
import { iceSummary } from '../../../src/services/climate/rules.js';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { sampleAsFetched, startUpstream } from '../../support/upstream.js';

const PATH = '/api/climate/v1/get-ocean-ice-data';
/** Each source's sample as its live fetch would return it (the ocean series is sampled as its two requests). */
const payloads = Object.fromEntries(
  await Promise.all(
    Object.entries(oceanIceDataset.sources).map(async ([k, s]) => [k, await sampleAsFetched(s)] as const),
  ),
);
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [oceanIceDataset] });
});
afterAll(() => app.close());

describe('ocean and ice parsers', () => {
  it('read each upstream format', () => {
    const daily = parseDailyExtent(payloads.iceDaily);
    expect(daily.at(-1)!.at).toBe(Date.UTC(2026, 10, 19));
    expect(parseClimatologyMedian(payloads.iceClimatology).size).toBe(366);
    // "0.18 inches/year (0.46 centimeters/year)": the centimetres are read, 4.6 mm a year.
    expect(parseSeaLevelPage(payloads.seaLevel)).toEqual({ riseMm: 108.9, ratePerYearMm: 4.6 });
    expect(parseOceanHeat(payloads.oceanHeat).at(-1)!.year).toBe(2025);
    expect(parseOceanTemperature(payloads.oceanTemperature).at(-1)).toMatchObject({ year: 2026, month: 10 });
  });

  it('finds the newest monthly ocean series in the NOAAGlobalTemp directory listing', () => {
    const listing = [
      'aravg.ann.ocean.90S.90N.v6.0.0.202610.asc',
      'aravg.mon.ocean.90S.90N.v6.0.0.202609.asc',
      'aravg.mon.ocean.90S.90N.v6.0.0.202610.asc',
      'aravg.mon.ocean.90S.90N.v6.0.1.202610.asc',
      'aravg.mon.land.90S.90N.v6.0.1.202611.asc',
    ]
      .map((n) => `<a href="${n}">${n}</a>`)
      .join('\n');
    expect(newestOceanSeries(listing)).toBe(
      'https://www.ncei.noaa.gov/data/noaa-global-surface-temperature/v6/access/timeseries/aravg.mon.ocean.90S.90N.v6.0.1.202610.asc',
    );
    expect(() => newestOceanSeries('<html>Not Found</html>')).toThrow(/no monthly ocean series/);
  });

  it.each([
    [() => parseDailyExtent('Year, Month\nYYYY, MM\n'), /no data rows/],
    [() => parseSeaLevelPage('<html><body>Page moved</body></html>'), /rise since 1993/],
    [() => parseOceanHeat('YEAR WO\n'), /no data rows/],
    [() => parseOceanTemperature('<html/>'), /no data rows/],
  ])('refuses malformed input %#', (fn, message) => expect(fn).toThrow(message));
});

describe('the bundled NSIDC tables', () => {
  const daily = parseDailyExtent(payloads.iceDaily);
  const extentOf = (year: number, month: number) =>
    daily.filter((r) => new Date(r.at).getUTCFullYear() === year && new Date(r.at).getUTCMonth() === month - 1);

  it('has the Arctic seasons of recent years: a March maximum near 14.4, a September minimum near 4.5 million km²', () => {
    const max = Math.max(...extentOf(2026, 3).map((r) => r.extent));
    const min = (year: number) => Math.min(...extentOf(year, 9).map((r) => r.extent));
    expect(max).toBeCloseTo(14.358, 3); // 13 March 2026, NSIDC
    expect(min(2026)).toBeGreaterThan(4.2);
    expect(min(2026)).toBeLessThan(4.7);
  });

  it('has a climatology whose spread changes through the year', () => {
    const sd = parseCsvRows(payloads.iceClimatology, { trim: true })
      .slice(1)
      .map((c) => Number(c[2]));
    expect(sd).toHaveLength(366);
    // Tightest in late spring, widest in the autumn freeze-up (1981-2010).
    expect(Math.min(...sd)).toBeLessThan(0.4);
    expect(Math.max(...sd)).toBeGreaterThan(0.95);
  });
});

describe('ice summary', () => {
  const day = (m: number, d: number) => Date.UTC(2026, m - 1, d);
  const median = new Map(Array.from({ length: 366 }, (_, i) => [i + 1, 10] as [number, number]));

  it.each([
    [9.4, 'below_average'],
    [9.6, 'average'],
    [10.6, 'above_average'],
  ])('extent %d against a median of 10 is %s', (extent, trend) => {
    expect(iceSummary([{ at: day(11, 19), extent }], median).trend).toBe(trend);
  });

  it('averages months and keeps the last twelve', () => {
    const daily = Array.from({ length: 400 }, (_, i) => ({ at: Date.UTC(2025, 9, 1) + i * 86_400_000, extent: 11 }));
    const s = iceSummary(daily, median);
    expect(s.months).toHaveLength(12);
    expect(s.months.every((m) => m.extentMkm2 === 11 && m.anomalyMkm2 === 1)).toBe(true);
  });
});

describe('indicators', () => {
  it('combine the four sections', () => {
    const { data, failed } = oceanIceFrom(payloads);
    expect(failed).toEqual([]);
    expect(data).toMatchObject({
      // 9.956 on 19 November 2026 (day 323) against the 1981-2010 median of 11.037 for that day.
      arcticExtentMkm2: 9.96,
      arcticExtentAnomalyMkm2: -1.08,
      arcticTrend: 'below_average',
      seaLevelMmAbove1993: 108.9,
      seaLevelAnnualRiseMm: 4.6,
      // NCEI's 2025 world-ocean value, 22.845 x 10^22 J.
      ohc0700mZj: 228.45,
      // October 2026 against 1991-2020: 0.461803, rounded to 3 decimals.
      sstAnomalyC: 0.462,
      measuredAt: Date.UTC(2026, 10, 19),
    });
    expect(data.iceTrend12m).toHaveLength(12);
  });

  it('leave out an unreadable section and refuse only when none reads', () => {
    const { data, failed } = oceanIceFrom({ ...payloads, seaLevel: Buffer.from('<html>moved</html>') });
    expect(failed).toEqual(['seaLevel']);
    expect(data.seaLevelMmAbove1993).toBe(0);
    expect(data.arcticExtentMkm2).toBeGreaterThan(0);
    expect(() => oceanIceFrom({ seaLevel: Buffer.from('x') })).toThrow(/no ocean or ice indicator/);
  });
});

describe('GET get-ocean-ice-data', () => {
  it('answers with the indicators', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(oceanIceFrom(payloads).data);
  });

  it('answers without data, no-store, when there is no snapshot', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({});
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('live ocean temperature', () => {
  it('reads the directory listing, then the newest monthly ocean file it names', async () => {
    const upstream = await startUpstream();
    const dir = '/data/noaa-global-surface-temperature/v6/access/timeseries/';
    const newest = 'aravg.mon.ocean.90S.90N.v6.0.0.202610.asc';
    upstream.play((_req, res, url) => {
      if (url.pathname === dir)
        return void res.writeHead(200, { 'content-type': 'text/html' }).end(`<a href="${newest}">${newest}</a>`);
      if (url.pathname === dir + newest) return void res.writeHead(200).end(payloads.oceanTemperature);
      res.writeHead(404).end();
    });
    try {
      await withTestApp({ samples: 'none', config: { UPSTREAM_BASE_OVERRIDE: upstream.origin } }, async (live) => {
        const r = await live.deps.runner.run(oceanIceDataset, { origin: { kind: 'live' } });
        // The other sections' paths answer 404 here: each is optional, the temperature alone publishes.
        expect(r).toMatchObject({ ok: true, partialSources: ['iceDaily', 'iceClimatology', 'seaLevel', 'oceanHeat'] });
        expect(upstream.seen.map((x) => x.path)).toContain(dir + newest);
        expect(live.deps.store.read<{ sstAnomalyC: number }>('climate.ocean-ice')!.records[0].sstAnomalyC).toBe(0.462);
      });
    } finally {
      await upstream.close();
    }
  });
});
