import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  mineralProductionDataset,
  parseMcsProduction,
} from '../../../src/services/supply-chain/minerals/datasets/mineral-production.js';
import { summariseStage } from '../../../src/services/supply-chain/minerals/rules.js';

const PATH = '/api/supply-chain/v1/get-mineral-production';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [mineralProductionDataset] });
});
afterAll(() => app.close());

describe('GET get-mineral-production', () => {
  it('answers every commodity with its stages, latest year, shares and concentration', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ upstreamUnavailable: false, dataYear: 2024, countries: [] });
    const ids = res.body.commodities.map((c: any) => c.commodityId);
    expect(ids).toEqual(['cobalt', 'copper', 'gallium', 'germanium', 'graphite', 'nickel', 'ree', 'tungsten']);
    const cobalt = res.body.commodities.find((c: any) => c.commodityId === 'cobalt');
    expect(cobalt.mine).toMatchObject({ year: 2024, worldTotal: 290_000, withheldCount: 0 });
    expect(cobalt.mine.countries[0]).toMatchObject({ iso2: 'CD', output: 220_000, estimated: true, residual: false });
    expect(cobalt.refinery.withheldCount).toBe(1);
    expect(cobalt.refinery.countries.at(-1)).toMatchObject({ country: 'Belgium', withheld: true });
    expect(cobalt.refinery.countries.at(-1)).not.toHaveProperty('output');
    expect(cobalt.sources).toEqual(['USGS Mineral Commodity Summaries']);
  });

  it('falls back to the latest year a stage has data and to the quantified sum without a world total', async () => {
    const ge = (await app.get(`${PATH}?commodity=germanium`)).body.commodities[0];
    expect(ge.refinery).toMatchObject({ year: 2023, worldTotal: 130_000, withheldCount: 1 });
    expect(ge.refinery.countries[0]).toMatchObject({ iso2: 'CN', estimated: false });
    expect(ge.mine).toBeUndefined();
  });

  it.each([
    ['commodity=Rare%20earths', 'ree'],
    ['commodity=REE', 'ree'],
    ['commodity=COBALT', 'cobalt'],
  ])('finds %s', async (q, id) => {
    expect((await app.get(`${PATH}?${q}`)).body.commodities.map((c: any) => c.commodityId)).toEqual([id]);
  });

  it('keeps one stage; smelter means refinery', async () => {
    const refinery = (await app.get(`${PATH}?stage=smelter`)).body.commodities;
    expect(refinery.every((c: any) => c.refinery && !c.mine)).toBe(true);
    expect(refinery.map((c: any) => c.commodityId)).toEqual(['cobalt', 'copper', 'gallium', 'germanium']);
  });

  it('narrows to one country and gives its portfolio', async () => {
    const res = await app.get(`${PATH}?iso2=CD`);
    expect(res.body.commodities.map((c: any) => c.commodityId)).toEqual(['cobalt', 'copper']);
    expect(res.body.commodities[0].mine.countries).toHaveLength(1);
    expect(res.body.countries).toEqual([
      {
        iso2: 'CD',
        holdings: expect.arrayContaining([
          expect.objectContaining({ commodityId: 'cobalt', stage: 'mine', output: 220_000, withheld: false }),
        ]),
      },
    ]);
    expect(res.body.countries[0].holdings).toHaveLength(3);
  });

  it.each([
    ['stage=processing', 'stage'],
    ['iso2=cd', 'iso2'],
  ])('refuses %s', async (q, field) => expectViolation(await app.get(`${PATH}?${q}`), field));

  it('answers the unavailable body with no-store without the table', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({
        commodities: [],
        countries: [],
        fetchedAt: '',
        upstreamUnavailable: true,
        dataYear: 0,
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('parseMcsProduction', () => {
  it('reads the sample, leaving out unknown stages and countries', () => {
    const { records } = parseMcsProduction(
      fs.readFileSync(path.join(SAMPLES_DIR, 'supply-chain/usgs-mcs-commodities.csv')),
    );
    expect(records.filter((r) => r.worldTotal)).toHaveLength(10);
    expect(records.every((r) => r.residual || r.worldTotal || /^[A-Z]{2}$/.test(r.iso2))).toBe(true);
  });

  it('refuses a table without the expected columns', () => {
    expect(() => parseMcsProduction(Buffer.from('A,B\n1,2\n'))).toThrow(/lacks the COMMODITY column/);
    expect(() => parseMcsProduction(Buffer.from('COMMODITY,COUNTRY,TYPE,UNIT_MEAS\nx,y,Mine production,t\n'))).toThrow(
      /no PROD_<year> column/,
    );
  });
});

describe('summariseStage', () => {
  const row = (
    country: string,
    output: number | null,
    extra: Partial<{ residual: boolean; worldTotal: boolean; withheld: boolean }> = {},
  ) => ({
    iso2: country.slice(0, 2).toUpperCase(),
    country,
    output,
    withheld: output === null,
    estimated: false,
    residual: false,
    worldTotal: false,
    ...extra,
  });

  it('shares include the residual; the HHI does not', () => {
    const s = summariseStage([
      row('aa', 60),
      row('bb', 20),
      row('Other', 20, { residual: true }),
      row('World', 100, { worldTotal: true }),
    ]);
    expect(s.countries.map((c) => c.share)).toEqual([60, 20, 20]);
    expect(s.hhi).toBe(3600 + 400);
    expect(s.worldTotal).toBe(100);
  });

  it('puts withheld producers last and counts them', () => {
    const s = summariseStage([row('aa', null), row('bb', 5), row('cc', 10)]);
    expect(s.countries.map((c) => c.country)).toEqual(['cc', 'bb', 'aa']);
    expect(s.withheldCount).toBe(1);
    expect(s.worldTotal).toBe(15);
  });

  it('keeps the HHI within 0-10000 and the shares summing to 100 (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 10 }), (outputs) => {
        const s = summariseStage(outputs.map((o, i) => row(`c${i}`, o)));
        expect(s.hhi).toBeGreaterThanOrEqual(0);
        expect(s.hhi).toBeLessThanOrEqual(10000);
        expect(s.countries.reduce((a, c) => a + (c.share ?? 0), 0)).toBeCloseTo(100, 0);
      }),
    );
  });
});
