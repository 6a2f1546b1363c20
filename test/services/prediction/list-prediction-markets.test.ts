import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { sampleAsFetched } from '../../support/upstream.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  fromKalshi,
  fromPolymarket,
  predictionMarketsDataset,
} from '../../../src/services/prediction/datasets/markets.js';
import { isExcluded, marketScore, pageSize, poolOf, selectPool } from '../../../src/services/prediction/rules.js';
import { parseGammaEvents } from '../../../src/sources/polymarket/gamma.js';
import { parseKalshiEvents } from '../../../src/sources/kalshi/events.js';

const PATH = '/api/prediction/v1/list-prediction-markets';
const read = (f: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'prediction', f));

describe('rules', () => {
  it.each([
    [['ai'], 'tech'],
    [['fed', 'economy'], 'finance'],
    [['geopolitics'], 'geopolitical'],
    [['Economics'], 'finance'],
    [['Science and Technology'], 'tech'],
    [[], 'geopolitical'],
  ])('tags %j are %s', (tags, pool) => expect(poolOf(tags)).toBe(pool));
  it.each([
    ['Super Bowl champion', true],
    ['Oscars 2027', true],
    ['Fed decision', false],
  ])('%s excluded: %s', (t, e) => expect(isExcluded(t)).toBe(e));
  it.each([
    [undefined, 50],
    [0, 50],
    [-2, 50],
    [7, 7],
    [1000, 100],
  ])('page_size %s -> %i', (n, e) => expect(pageSize(n as number | undefined)).toBe(e));
  it('scores decided and busy markets higher, within 0..1', () => {
    expect(marketScore(50, 1)).toBe(0);
    expect(marketScore(100, 1e7)).toBe(1);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 1e12, noNaN: true }),
        (p, v) => {
          const s = marketScore(p, v);
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
  it('relaxes the price band only for a short pool, and drops expired and thin markets', () => {
    const m = (yesPercent: number, volume = 10_000, closesAt = 0) => ({ yesPercent, volume, closesAt });
    expect(selectPool([m(7), m(50), m(50, 100), m(50, 10_000, 5)], 10)).toEqual([m(7), m(50)]);
    const many = Array.from({ length: 20 }, (_, i) => m(20 + i));
    expect(selectPool([...many, m(7)], 0)).not.toContainEqual(m(7));
    expect(selectPool(many, 0).length).toBeLessThanOrEqual(25);
  });
});

describe('upstream parsers', () => {
  it('reads Gamma events, skipping closed, excluded, thin and repeated ones', async () => {
    // The sample is one Gamma answer per watched tag, joined by the dataset's fetch: 27 events, 20
    // distinct (an event under several watched tags comes once per tag; the fed decision twice in one).
    const events = parseGammaEvents(await sampleAsFetched(predictionMarketsDataset.sources.polymarket!));
    expect(events).toHaveLength(27);
    const markets = fromPolymarket(events);
    const ids = markets.map((x) => x.id);
    expect(ids).toContain('fed-decision-in-december');
    expect(ids.filter((i) => i === 'fed-decision-in-december')).toHaveLength(1);
    // (Sports and entertainment events are under no watched tag, so no answer holds them; their exclusion is tested above.)
    for (const gone of ['tiny-market-test', 'closed-event-sample']) expect(ids).not.toContain(gone);
    expect(markets.find((x) => x.id === 'fed-decision-in-december')).toMatchObject({
      yesPercent: 62,
      pool: 'finance',
      url: 'https://polymarket.com/event/fed-decision-in-december',
    });
    expect(() => parseGammaEvents('{"error":"rate limited"}')).toThrow(/Polymarket: upstream error: rate limited/);
  });
  it('reads Kalshi events: busiest binary active market over 5000', () => {
    const markets = fromKalshi(parseKalshiEvents(read('kalshi-events.json')));
    expect(markets.map((m) => m.id).sort()).toEqual([
      'kxaimodel-27',
      'kxfeddecision-26dec',
      'kxrecssnber-26',
      'kxshutdown-26dec31',
    ]);
    expect(markets.find((m) => m.id === 'kxfeddecision-26dec')).toMatchObject({
      yesPercent: 61,
      volume: 1250340,
      pool: 'finance',
      source: 'MARKET_SOURCE_KALSHI',
    });
    expect(() => parseKalshiEvents('{"error":{"code":"x"}}')).toThrow(/Kalshi: no events array/);
  });
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [predictionMarketsDataset] });
});
afterAll(() => app.close());

describe('GET list-prediction-markets', () => {
  it('answers a real default page of every pool, by volume', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const { markets, pagination, dataAvailable, fetchedAt } = res.body;
    expect(dataAvailable).toBe(true);
    expect(fetchedAt).toBeGreaterThan(0);
    expect(markets.length).toBeGreaterThan(15);
    expect(pagination).toEqual({ nextCursor: '', totalCount: markets.length });
    const vols = markets.map((m: { volume: number }) => m.volume);
    expect([...vols].sort((a, b) => b - a)).toEqual(vols);
    expect(new Set(markets.map((m: { category: string }) => m.category))).toEqual(
      new Set(['geopolitical', 'tech', 'finance']),
    );
    const titles = markets.map((m: { title: string }) => m.title).join('|');
    expect(titles).not.toMatch(/Super Bowl|Oscars|Taiwan|shut down by November/);
    expect(markets.find((m: { id: string }) => m.id === 'russia-ukraine-ceasefire-in-2026')).toMatchObject({
      yesPrice: 0.12,
      source: 'MARKET_SOURCE_POLYMARKET',
      closesAt: Date.parse('2026-12-31T00:00:00Z'),
    });
  });
  it('filters by category pool and title text', async () => {
    const crypto = (await app.get(`${PATH}?category=crypto`)).body.markets;
    expect(crypto.length).toBeGreaterThan(0);
    for (const m of crypto) expect(m.category).toBe('crypto');
    expect(crypto.map((m: { id: string }) => m.id)).toContain('best-ai-model-end-of-2026');
    const fed = (await app.get(`${PATH}?category=fed&query=FED`)).body.markets;
    expect(fed.map((m: { id: string }) => m.id).sort()).toEqual(['fed-decision-in-december', 'kxfeddecision-26dec']);
  });
  it('pages with a cursor', async () => {
    const first = (await app.get(`${PATH}?page_size=5`)).body;
    expect(first.markets).toHaveLength(5);
    const second = (await app.get(`${PATH}?page_size=5&cursor=${first.pagination.nextCursor}`)).body;
    expect(second.markets[0].url).not.toBe(first.markets[4].url);
  });
  it.each([
    ['category=sports', 'category'],
    ['page_size=x', 'page_size'],
    ['cursor=bad!', 'cursor'],
  ])('refuses %s', async (q, f) => expectViolation(await app.get(`${PATH}?${q}`), f));
  it('without a snapshot answers dataAvailable false, uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ markets: [], fetchedAt: 0, dataAvailable: false });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
