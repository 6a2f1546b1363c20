import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { etfFlowsDataset } from '../../../../src/services/market/flows/datasets/etf-flows.js';
import { etfFlow, netDirection } from '../../../../src/services/market/flows/rules.js';

const PATH = '/api/market/v1/list-etf-flows';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [etfFlowsDataset] });
});
afterAll(() => app.close());

describe('GET list-etf-flows', () => {
  it('serves the ten funds by volume with totals that add up', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const { etfs, summary, timestamp, rateLimited } = res.body;
    expect(etfs).toHaveLength(10);
    expect(etfs[0]).toMatchObject({ ticker: 'IBIT', issuer: 'BlackRock', price: 52.31, direction: 'outflow' });
    expect(etfs[0].volumeRatio).toBeGreaterThan(1.8);
    const volumes = etfs.map((e: { volume: number }) => e.volume);
    expect([...volumes].sort((a, b) => b - a)).toEqual(volumes);
    expect(summary.etfCount).toBe(10);
    expect(summary.totalVolume).toBe(volumes.reduce((a: number, b: number) => a + b, 0));
    expect(summary.totalEstFlow).toBe(etfs.reduce((a: number, e: { estFlow: number }) => a + e.estFlow, 0));
    expect(summary.netDirection).toBe('NET OUTFLOW');
    expect(etfs.find((e: { ticker: string }) => e.ticker === 'BTCW').direction).toBe('neutral');
    expect(summary.inflowCount + summary.outflowCount).toBe(9);
    expect(timestamp).toBe('2026-11-19T14:30:00.000Z');
    expect(rateLimited).toBe(false);
  });
});

describe('list-etf-flows without a snapshot', () => {
  it('says UNAVAILABLE and is not cached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body.summary.netDirection).toBe('UNAVAILABLE');
      expect(res.body.etfs).toEqual([]);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('etfFlow', () => {
  it.each([
    [[100, 101], [10, 30], { priceChange: 1, avgVolume: 10, volumeRatio: 3, direction: 'inflow', estFlow: 303 }],
    [[100, 99], [10, 10], { priceChange: -1, direction: 'outflow', estFlow: -99 }],
    [[100, 100.05], [0, 10], { direction: 'neutral', volumeRatio: 1 }],
  ])('%j with volumes %j', (closes, volumes, expected) => expect(etfFlow(closes, volumes)).toMatchObject(expected));
  it('needs two sessions', () => expect(etfFlow([1], [1])).toBeUndefined());
  it('net direction by sign', () =>
    expect([netDirection(5), netDirection(-5), netDirection(0)]).toEqual(['NET INFLOW', 'NET OUTFLOW', 'NEUTRAL']));
});
