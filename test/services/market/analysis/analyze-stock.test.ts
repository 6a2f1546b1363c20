import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { dailyBarsDataset, ANALYSIS_TICKERS } from '../../../../src/services/market/analysis/datasets/daily-bars.js';

const PATH = '/api/market/v1/analyze-stock';
const HISTORY = '/api/market/v1/get-stock-analysis-history';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [dailyBarsDataset] });
});
afterAll(() => app.close());

const as = (key: string) => ({ 'x-service-key': key });

describe('GET analyze-stock', () => {
  it('analyses the default ticker’s latest daily bar, with rules-written text labelled as such', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({
      available: true,
      symbol: 'AAPL',
      name: 'Apple Inc.',
      display: 'AAPL',
      currency: 'USD',
      currentPrice: 268.41,
    });
    expect(b.provider).toBe('rules');
    expect(b.model).toBe('');
    expect(b.fallback).toBe(true);
    expect(b.summary).toMatch(/^Rules-based technical read/);
    expect(['Strong buy', 'Buy', 'Hold', 'Watch', 'Sell', 'Strong sell']).toContain(b.signal);
    expect(b.signalScore).toBeGreaterThanOrEqual(0);
    expect(b.signalScore).toBeLessThanOrEqual(100);
    expect(b.compositeScore).toBe(b.signalScore);
    expect(b.ratingSignal).toBe(b.signal);
    expect(b.analysisAt).toBe(Date.UTC(2026, 10, 19, 14, 30));
    expect(b.analysisId).toBe(`stock:v3-composite:AAPL:${b.analysisAt}:core`);
    expect(b.engineVersion).toBe('v3-composite');
    expect(b.ma5).toBeGreaterThan(0);
    expect(b.stopLoss).toBeLessThan(b.currentPrice);
    expect(b.takeProfit).toBeGreaterThan(b.currentPrice);
    expect(b.headlines).toEqual([]);
    expect(b.newsSearched).toBe(false);
    expect(b.realizedVolatility).toBeGreaterThan(5);
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });

  it('analyses each ticker of the snapshot; the symbol is normalised and the name may be overridden', async () => {
    for (const t of ANALYSIS_TICKERS) {
      const res = await app.get(`${PATH}?symbol=${t.toLowerCase()}`);
      expect(res.body.available, t).toBe(true);
      expect(res.body.symbol).toBe(t);
    }
    const named = await app.get(`${PATH}?symbol=%20ms%20ft&name=Microsoft`);
    expect(named.body).toMatchObject({ symbol: 'MSFT', available: true });
  });

  it('answers a ticker outside the snapshot in-band as unavailable, not cached', async () => {
    const res = await app.get(`${PATH}?symbol=ZZZZ`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      available: false,
      symbol: 'ZZZZ',
      fallback: true,
      provider: 'rules',
      currentPrice: 0,
    });
    expect(res.body.summary).toMatch(/not configured/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a bad include_news and an over-long name', async () => {
    expect((await app.get(`${PATH}?include_news=yes`)).status).toBe(400);
    expect((await app.get(`${PATH}?name=${'x'.repeat(121)}`)).status).toBe(400);
  });

  it('requires a Pro entitlement', async () => {
    const free = await app.createKey({ plan: 'free' });
    const res = await app.get(PATH, as(free.key));
    expect(res.status).toBe(403);
    expect(res.body.requiredTier).toBe(1);
  });
});

describe('GET get-stock-analysis-history', () => {
  it('lists only the calling account’s analyses, newest first, split by include_news', async () => {
    const a = await app.createKey({ plan: 'pro' });
    const b = await app.createKey({ plan: 'pro' });
    expect((await app.get(HISTORY, as(a.key))).body).toEqual({ items: [] });

    const run = await app.get(`${PATH}?symbol=NVDA`, as(a.key));
    await app.get(`${PATH}?symbol=NVDA`, as(a.key)); // same bar again: the stored analysis, not a second row
    await app.get(`${PATH}?symbol=TSLA&include_news=true`, as(a.key));

    const mine = await app.get(HISTORY, as(a.key));
    expect(mine.status).toBe(200);
    expect(mine.body.items).toHaveLength(1);
    expect(mine.body.items[0].symbol).toBe('NVDA');
    expect(mine.body.items[0].snapshots).toEqual([run.body]);

    const news = await app.get(`${HISTORY}?include_news=true&symbols=tsla,nvda`, as(a.key));
    expect(news.body.items.map((i: { symbol: string }) => i.symbol)).toEqual(['TSLA']);
    expect((await app.get(HISTORY, as(b.key))).body).toEqual({ items: [] });
  });

  it('validates limit_per_symbol (0 or 1-32) and requires a Pro entitlement', async () => {
    expect((await app.get(`${HISTORY}?limit_per_symbol=33`)).status).toBe(400);
    expect((await app.get(`${HISTORY}?limit_per_symbol=-1`)).status).toBe(400);
    expect((await app.get(`${HISTORY}?limit_per_symbol=1`)).status).toBe(200);
    expect((await app.get(HISTORY, as((await app.createKey({ plan: 'free' })).key))).status).toBe(403);
  });
});
