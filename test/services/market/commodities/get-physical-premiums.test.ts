import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import { commoditiesDataset } from '../../../../src/services/market/commodities/datasets/commodities.js';
import { sgeBenchmarksDataset } from '../../../../src/services/market/commodities/datasets/sge-benchmarks.js';
import { GRAMS_PER_TROY_OUNCE, physicalUsdPerOz, premium } from '../../../../src/services/market/commodities/rules.js';
import { parseSgeBenchmark } from '../../../../src/sources/sge/benchmark.js';
import { samplePayloads } from '../../../support/upstream.js';

const PATH = '/api/market/v1/get-physical-premiums';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [commoditiesDataset, sgeBenchmarksDataset] });
});
afterAll(() => app.close());

describe('GET get-physical-premiums', () => {
  it('computes gold and silver premiums from the dated benchmark sample', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const { premiums, fx } = res.body;
    expect(fx).toMatchObject({ pair: 'CNY/USD', rate: Math.round(1e6 / 7.1082) / 1e6 });
    expect(premiums.map((p: { metal: string }) => p.metal)).toEqual(['gold', 'silver']);
    const [gold, silver] = premiums;
    expect(gold.physical).toMatchObject({
      currency: 'CNY',
      unit: 'gram',
      asOf: '2026-11-19',
      source: 'Shanghai Gold Exchange SHAU PM benchmark',
    });
    expect(gold.paper).toMatchObject({
      price: 4065.3,
      currency: 'USD',
      unit: 'troy ounce',
      source: 'COMEX GC=F futures snapshot',
    });
    const physical = (gold.physical.price / 7.1082) * GRAMS_PER_TROY_OUNCE;
    expect(gold.premiumUsdPerOz).toBeCloseTo(physical - 4065.3, 3);
    expect(gold.premiumPct).toBeCloseTo(((physical - 4065.3) / 4065.3) * 100, 3);
    // The silver PM session had not priced on the latest day: the AM benchmark stands.
    expect(silver.physical).toMatchObject({
      unit: 'kilogram',
      source: 'Shanghai Gold Exchange SHAG AM benchmark',
      asOf: '2026-11-19',
    });
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });

  it('filters by metal and refuses others', async () => {
    const res = await app.get(`${PATH}?metals=%20SILVER%20`);
    expect(res.body.premiums.map((p: { metal: string }) => p.metal)).toEqual(['silver']);
    const bad = await app.get(`${PATH}?metals=gold,platinum`);
    expectViolation(bad, 'metals', { only: true });
    expect(bad.body.violations[0].description).toBe('Unsupported metal: platinum');
    expect((await app.get(`${PATH}?metals=copper,tin`)).body.violations[0].description).toBe(
      'Unsupported metals: copper, tin',
    );
  });

  it('live SGE ingestion refuses without the licence; the sample keeps serving', async () => {
    const r = await app.deps.runner.run(sgeBenchmarksDataset, { origin: { kind: 'live' } });
    expect(r.ok).toBe(false);
    expect(JSON.stringify(r)).toMatch(/SGE_BENCHMARK_LICENSED/);
    expect((await app.get(PATH)).body.premiums).toHaveLength(2);
  });
});

describe('get-physical-premiums when the inputs are missing or stale', () => {
  it('a benchmark over 10 days older than the futures gives an empty list, not cached; the clock alone changes nothing', async () => {
    const clock = new ManualClock(SAMPLE_NOW);
    await withTestApp({ samples: [commoditiesDataset, sgeBenchmarksDataset], clock }, async (later) => {
      const before = await later.get(PATH);
      clock.set(SAMPLE_NOW + 11 * 86_400_000);
      expect((await later.get(PATH)).text).toBe(before.text);
      // Futures read now, eleven days after the benchmark's capture.
      const r = await later.deps.runner.run(commoditiesDataset, {
        origin: { kind: 'bytes', payloads: await samplePayloads(commoditiesDataset) },
      });
      expect(r.ok).toBe(true);
      const res = await later.get(PATH);
      expect(res.status).toBe(200);
      expect(res.body.premiums).toEqual([]);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  it('no snapshots: empty, not cached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ premiums: [], fx: { pair: 'CNY/USD', rate: 0, source: '', asOf: '' } });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('SGE benchmark page and premium rules', () => {
  it('refuses a page without the benchmark table', () => {
    expect(() => parseSgeBenchmark('<html><table><tr><th>Date</th></tr></table></html>')).toThrow(/Trade Date/);
  });
  it('a physical price equal to the paper price has no premium', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 100, max: 10000, noNaN: true }),
        fc.double({ min: 0.05, max: 0.5, noNaN: true }),
        (paper, usdPerCny) => {
          const cnyPerGram = paper / GRAMS_PER_TROY_OUNCE / usdPerCny;
          const p = premium(physicalUsdPerOz(cnyPerGram, 1, usdPerCny), paper);
          expect(Math.abs(p.premiumUsdPerOz)).toBeLessThan(0.001);
          expect(Math.abs(p.premiumPct)).toBeLessThan(0.001);
        },
      ),
    );
  });
});
