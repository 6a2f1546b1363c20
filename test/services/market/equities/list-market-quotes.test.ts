import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { marketQuotesDataset } from '../../../../src/services/market/equities/datasets/quotes.js';
import { DEFAULT_QUOTES, MAX_SYMBOLS } from '../../../../src/services/market/equities/rules.js';

const PATH = '/api/market/v1/list-market-quotes';
const R = (r: string) => `MARKET_QUOTE_UNAVAILABLE_REASON_${r}`;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [marketQuotesDataset] });
});
afterAll(() => app.close());

const symbolsOf = (body: { quotes: { symbol: string }[] }) => body.quotes.map((q) => q.symbol);

describe('GET list-market-quotes', () => {
  it('serves the default board when no symbols are given', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(symbolsOf(res.body)).toEqual(DEFAULT_QUOTES.map((q) => q.symbol));
    expect(res.body.unavailableSymbols).toEqual([]);
    expect(res.body.asOf).toBe('2026-11-20T08:08:00.000Z'); // Hang Seng closed last, on Friday
    const spx = res.body.quotes[0];
    expect(spx).toEqual({
      symbol: '^GSPC',
      name: 'S&P 500',
      display: 'S&P 500',
      price: 6912.44,
      change: expect.any(Number),
      sparkline: expect.any(Array),
    });
    expect(spx.sparkline).toHaveLength(22);
    expect(spx.sparkline.at(-1)).toBe(6912.44);
    // Change is percent against the previous session's close (second-to-last bar).
    expect(spx.change).toBeCloseTo(((6912.44 - spx.sparkline.at(-2)) / spx.sparkline.at(-2)) * 100, 2);
  });

  it('says the live provider is not configured, as configuration and not a market claim', async () => {
    const res = await app.get(PATH);
    expect(res.body.providerSkipped).toBe(true);
    expect(res.body.skipReason).toMatch(/not configured/);
    expect(res.body.skipReason).toMatch(/FINNHUB_API_KEY/);
    expect(res.body.rateLimited).toBe(false);
  });

  it('keeps the requested order, normalises case and whitespace and drops duplicates', async () => {
    const res = await app.get(`${PATH}?symbols=%20msft%20&symbols=aapl,%5Egspc&symbols=MSFT,Aapl`);
    expect(res.status).toBe(200);
    expect(symbolsOf(res.body)).toEqual(['MSFT', 'AAPL', '^GSPC']);
    expect(res.body.unavailableSymbols).toEqual([]);
  });

  it('accepts repeated keys and comma-separated values alike', async () => {
    const a = await app.get(`${PATH}?symbols=NVDA&symbols=TSLA`);
    const b = await app.get(`${PATH}?symbols=NVDA,TSLA`);
    expect(a.body).toEqual(b.body);
    expect(symbolsOf(a.body)).toEqual(['NVDA', 'TSLA']);
  });

  it('reports symbols the snapshot lacks with a reason, keeping the others in order', async () => {
    const res = await app.get(`${PATH}?symbols=AAPL,ZZZZ,GC=F,^GSPC,BRK.B`);
    expect(symbolsOf(res.body)).toEqual(['AAPL', '^GSPC']);
    expect(res.body.unavailableSymbols).toEqual([
      { symbol: 'ZZZZ', reason: R('PROVIDER_NOT_CONFIGURED') },
      { symbol: 'GC=F', reason: R('NOT_FOUND') },
      { symbol: 'BRK.B', reason: R('PROVIDER_NOT_CONFIGURED') },
    ]);
  });

  it(`serves at most ${MAX_SYMBOLS} distinct symbols and reports the rest as over the request limit`, async () => {
    const many = Array.from({ length: MAX_SYMBOLS + 3 }, (_, i) => `S${i}`);
    const res = await app.get(`${PATH}?symbols=AAPL,${many.join(',')},AAPL`);
    expect(res.status).toBe(200);
    const over = res.body.unavailableSymbols.filter(
      (u: { reason: string }) => u.reason === R('REQUEST_LIMIT_EXCEEDED'),
    );
    expect(over.map((u: { symbol: string }) => u.symbol)).toEqual(many.slice(MAX_SYMBOLS - 1));
    expect(res.body.unavailableSymbols).toHaveLength(MAX_SYMBOLS - 1 + 4);
    expect(symbolsOf(res.body)).toEqual(['AAPL']);
  });

  it('treats an empty symbols value as no symbols', async () => {
    const res = await app.get(`${PATH}?symbols=&symbols=,%20,`);
    expect(symbolsOf(res.body)).toEqual(DEFAULT_QUOTES.map((q) => q.symbol));
  });

  it('refuses a symbol longer than 32 characters', async () => {
    const res = await app.get(`${PATH}?symbols=${'A'.repeat(33)}`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['violations']);
    expect(res.body.violations[0].field).toMatch(/^symbols/);
  });

  it('declares the medium cache tier on a healthy answer', async () => {
    const res = await app.get(PATH);
    expect(res.headers.get('cache-control')).toMatch(/max-age=120/);
  });

  it('projects with jmespath', async () => {
    const res = await app.get(`${PATH}?symbols=AAPL,MSFT&jmespath=${encodeURIComponent('quotes[].symbol')}`);
    expect(res.body).toEqual(['AAPL', 'MSFT']);
  });
});

describe('list-market-quotes without a snapshot', () => {
  it('returns no quotes, reports every symbol as seed-unavailable and is not cached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(`${PATH}?symbols=AAPL,msft`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        quotes: [],
        providerSkipped: true,
        skipReason: expect.any(String),
        rateLimited: false,
        unavailableSymbols: [
          { symbol: 'AAPL', reason: R('SEED_UNAVAILABLE') },
          { symbol: 'MSFT', reason: R('SEED_UNAVAILABLE') },
        ],
        asOf: '',
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
      const defaults = await empty.get(PATH);
      expect(defaults.body.unavailableSymbols).toHaveLength(DEFAULT_QUOTES.length);
      expect(defaults.headers.get('cache-control')).toBe('no-store');
    });
  });
});
