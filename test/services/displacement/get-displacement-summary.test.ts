import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { ManualClock } from '../../../src/platform/clock.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  buildSummary,
  DISPLACEMENT_SUMMARY,
  unhcrPopulationDataset,
} from '../../../src/services/displacement/datasets/unhcr-population.js';
import { DEFAULT_FLOW_LIMIT, yearProblem } from '../../../src/services/displacement/rules.js';
import { expectViolation } from '../../support/expect.js';

const PATH = '/api/displacement/v1/get-displacement-summary';
const SAMPLE = fs.readFileSync(path.join(SAMPLES_DIR, 'displacement', 'unhcr-population-2025.json'));
const EMPTY_SUMMARY = {
  year: 0,
  globalTotals: { refugees: 0, asylumSeekers: 0, idps: 0, stateless: 0, total: 0 },
  countries: [],
  topFlows: [],
};
type RawItem = { year: number; coo_iso: string; coa_iso: string; refugees: number; oip: number };
const RAW: RawItem[] = JSON.parse(SAMPLE.toString('utf8')).items;
/** An independent sum over the sample's 2025 rows (refugees include `oip`). */
const sumOf = (field: 'refugees', pick: (i: RawItem) => boolean) =>
  RAW.filter((i) => i.year === 2025 && pick(i)).reduce((s, i) => s + i[field] + (field === 'refugees' ? i.oip : 0), 0);
let app: TestApp;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock(SAMPLE_NOW);
  app = await startTestApp({ samples: [unhcrPopulationDataset], clock });
});
afterAll(() => app.close());

describe('GET get-displacement-summary', () => {
  it('serves the latest data year, which precedes the calendar year, with the snapshot fetch time', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.dataAvailable).toBe(true);
    expect(res.body.fetchedAt).toBe(SAMPLE_NOW);
    expect(res.body.summary.year).toBe(2025);
    const t = res.body.summary.globalTotals;
    expect(t.total).toBe(t.refugees + t.asylumSeekers + t.idps + t.stateless);
    expect(t.stateless).toBe(930000 + 483000 + 28000 + 600000);
    expect(res.headers.get('cache-control')).toMatch(/max-age=3600/);
  });

  it('ranks countries by the larger of displaced and hosted people, with alpha-2 codes and centroids', async () => {
    const { countries } = (await app.get(PATH)).body.summary;
    const weight = (c: { totalDisplaced: number; hostTotal: number }) => Math.max(c.totalDisplaced, c.hostTotal);
    expect(countries.map(weight)).toEqual([...countries.map(weight)].sort((a: number, b: number) => b - a));
    expect(countries[0]).toMatchObject({ code: 'SD', name: 'Sudan', idps: 10142000 });
    for (const c of countries) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.totalDisplaced).toBe(c.refugees + c.asylumSeekers + c.idps);
      expect(c.hostTotal).toBe(c.hostRefugees + c.hostAsylumSeekers);
      expect(c.location).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number) });
    }
    const syria = countries.find((c: { code: string }) => c.code === 'SY');
    expect(syria).toMatchObject({
      refugees: sumOf('refugees', (i) => i.coo_iso === 'SYR'),
      asylumSeekers: 27000 + 4000 + 6000 + 9000,
      idps: 6402000,
      hostTotal: 0,
    });
    const germany = countries.find((c: { code: string }) => c.code === 'DE');
    expect(germany.hostRefugees).toBeGreaterThan(2_000_000);
    expect(germany.stateless).toBe(28000);
  });

  it('orders flows by refugees and applies the default flow limit', async () => {
    const { topFlows } = (await app.get(PATH)).body.summary;
    expect(topFlows[0]).toMatchObject({
      originCode: 'AF',
      asylumCode: 'IR',
      refugees: 3182000,
      originName: 'Afghanistan',
    });
    const refugees = topFlows.map((f: { refugees: number }) => f.refugees);
    expect(refugees).toEqual([...refugees].sort((a, b) => b - a));
    expect(topFlows.length).toBe(DEFAULT_FLOW_LIMIT);
    // Venezuelans in need of international protection count with refugees.
    expect(
      topFlows.find((f: { originCode: string; asylumCode: string }) => f.originCode === 'VE' && f.asylumCode === 'CO')
        .refugees,
    ).toBe(2810000);
  });

  it('applies country_limit and flow_limit to the answer only, keeping the stored snapshot whole', async () => {
    const small = await app.get(`${PATH}?country_limit=3&flow_limit=2`);
    expect(small.body.summary.countries).toHaveLength(3);
    expect(small.body.summary.topFlows).toHaveLength(2);
    expect(small.body.fetchedAt).toBe(SAMPLE_NOW);
    const full = await app.get(`${PATH}?flow_limit=1000`);
    expect(full.body.summary.countries.length).toBeGreaterThan(30);
    expect(full.body.summary.topFlows.length).toBeGreaterThan(DEFAULT_FLOW_LIMIT);
    expect(full.body.summary.countries.slice(0, 3)).toEqual(small.body.summary.countries);
    expect(app.deps.store.read(DISPLACEMENT_SUMMARY)!.records.length).toBe(
      full.body.summary.countries.length + full.body.summary.topFlows.length,
    );
    expect((await app.get(`${PATH}?country_limit=0&flow_limit=0`)).body).toEqual((await app.get(PATH)).body);
  });

  it('serves an explicit year equal to the data year', async () => {
    const res = await app.get(`${PATH}?year=2025`);
    expect(res.body).toEqual((await app.get(PATH)).body);
  });

  it.each([1951, 2024, 2026])('answers a valid year without data (%s) as unavailable, uncached', async (year) => {
    const res = await app.get(`${PATH}?year=${year}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ summary: EMPTY_SUMMARY, fetchedAt: 0, dataAvailable: false });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['year=1950', 'year'],
    ['year=2027', 'year'],
    ['year=-1', 'year'],
    ['year=2025.5', 'year'],
    ['year=abc', 'year'],
    ['year=0x7e9', 'year'],
    ['year=2e3', 'year'],
    ['year=99999999999', 'year'],
    ['year=2025&year=2025', 'year'],
    ['country_limit=-1', 'country_limit'],
    ['country_limit=ten', 'country_limit'],
    ['flow_limit=-5', 'flow_limit'],
    ['flow_limit=1.5', 'flow_limit'],
  ])('refuses %s with a violation on %s', async (query, field) => {
    const res = await app.get(`${PATH}?${query}`);
    expectViolation(res, field, { only: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('measures the current year on the service clock', async () => {
    clock.set(Date.UTC(2027, 0, 1, 0, 0, 1));
    try {
      const res = await app.get(`${PATH}?year=2027`);
      expect(res.status).toBe(200);
      expect(res.body.dataAvailable).toBe(false);
      expect((await app.get(`${PATH}?year=2028`)).status).toBe(400);
    } finally {
      clock.set(SAMPLE_NOW);
    }
  });
});

describe('get-displacement-summary without a snapshot', () => {
  it('is unavailable with fetchedAt 0 and no-store, and still validates the year', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ summary: EMPTY_SUMMARY, fetchedAt: 0, dataAvailable: false });
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect((await empty.get(`${PATH}?year=1900`)).status).toBe(400);
    });
  });
});

describe('yearProblem', () => {
  it('accepts 0 and exactly 1951 through the current year (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5000, max: 5000 }),
        fc.integer({ min: Date.UTC(1960, 0, 1), max: Date.UTC(2200, 0, 1) }),
        (year, now) => {
          const current = new Date(now).getUTCFullYear();
          expect(yearProblem(year, now) === undefined).toBe(year === 0 || (year >= 1951 && year <= current));
        },
      ),
    );
  });
});

describe('UNHCR parser', () => {
  it('keeps only the newest year in the answer and reads "-" as zero', () => {
    const { records, info } = buildSummary(SAMPLE);
    expect(info.year).toBe(2025);
    const turkey = records.find((r) => r.kind === 'country' && r.code === 'TR') as { hostRefugees: number };
    // The 2024 row for Türkiye is ignored.
    expect(turkey.hostRefugees).toBe(sumOf('refugees', (i) => i.coa_iso === 'TUR'));
    expect(turkey.hostRefugees).toBe(2412000 + 118000 + 51000);
  });

  it('leaves rows without a known country out of countries and flows but counts them in the totals', () => {
    const doc = {
      items: [
        { year: 2025, coo_iso: '-', coa_iso: 'CIV', refugees: 0, asylum_seekers: 0, idps: 0, stateless: '930000' },
        { year: '2025', coo_iso: 'ZZZ', coa_iso: 'FRA', refugees: 10, asylum_seekers: 5 },
        { year: 2025, coo_iso: 'SYR', coa_iso: 'DEU', refugees: 100, asylum_seekers: '-', oip: null },
        { nonsense: true },
      ],
    };
    const { records, info } = buildSummary(Buffer.from(JSON.stringify(doc)));
    expect(info.globalTotals).toEqual({ refugees: 110, asylumSeekers: 5, idps: 0, stateless: 930000, total: 930115 });
    expect(records.filter((r) => r.kind === 'flow')).toEqual([
      expect.objectContaining({
        originCode: 'SY',
        originName: 'Syria',
        asylumCode: 'DE',
        asylumName: 'Germany',
        refugees: 100,
      }),
    ]);
    expect(
      records
        .filter((r) => r.kind === 'country')
        .map((r) => (r as { code: string }).code)
        .sort(),
    ).toEqual(['CI', 'DE', 'FR', 'SY']);
  });

  it.each([
    ['not JSON', '<html>'],
    ['no items', '{"page":1}'],
  ])('refuses %s', (_, text) => {
    expect(() => buildSummary(Buffer.from(text))).toThrow(/UNHCR/);
  });
});

describe('UNHCR ingestion', () => {
  it('fetches the population API with every origin and asylum country broken out', async () => {
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(req.url!);
      res.writeHead(200, { 'content-type': 'application/json' }).end(SAMPLE);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const live = await startTestApp({
      samples: 'none',
      config: { UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
    });
    try {
      const r = await live.deps.runner.run(unhcrPopulationDataset, { origin: { kind: 'live' } });
      expect(r.ok).toBe(true);
      expect(hits).toEqual(['/population/v1/population/?limit=10000&page=1&coo_all=true&coa_all=true']);
      expect((await live.get(PATH)).body.summary.year).toBe(2025);
    } finally {
      await live.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('keeps serving the last good snapshot, with its original fetch time, when a run fails', async () => {
    await withTestApp({ samples: [unhcrPopulationDataset] }, async (other) => {
      const before = (await other.get(PATH)).body;
      if (other.clock instanceof ManualClock) other.clock.advance(3_600_000);
      for (const bytes of [
        '{"items":[]}',
        'upstream error',
        '{"page":1,"items":[{"year":2025,"coo_iso":"SYR","coa_iso":"TUR","refugees":1}]}',
      ]) {
        const r = await other.deps.runner.run(unhcrPopulationDataset, {
          origin: { kind: 'bytes', payloads: { population: Buffer.from(bytes) } },
        });
        expect(r.ok).toBe(false);
      }
      const after = (await other.get(PATH)).body;
      expect(after).toEqual(before);
      expect(after.fetchedAt).toBe(SAMPLE_NOW);
    });
  });
});
