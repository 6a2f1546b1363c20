import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { marketQuotesDataset } from '../../../../src/services/market/equities/datasets/quotes.js';
import {
  finnhubProvider,
  providerFromConfig,
  type ProviderAnswer,
  type QuoteProvider,
} from '../../../../src/services/market/equities/provider.js';
import { listMarketQuotes } from '../../../../src/services/market/equities/queries.js';
import { PROVIDER_LOOKUP_BUDGET } from '../../../../src/services/market/equities/rules.js';
import { testConfig } from '../../../../src/config.js';

const R = (r: string) => `MARKET_QUOTE_UNAVAILABLE_REASON_${r}`;

function fakeProvider(answers: Record<string, ProviderAnswer>): QuoteProvider & { asked: string[] } {
  const asked: string[] = [];
  return { asked, lookup: async (s) => (asked.push(s), answers[s] ?? { kind: 'not_found' }) };
}

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [marketQuotesDataset] });
});
afterAll(() => app.close());

describe('gap-filling with a live provider', () => {
  it('fills misses in requested order and reports what the provider could not give', async () => {
    const provider = fakeProvider({
      ABCD: { kind: 'quote', price: 11, previousClose: 10 },
      LIMT: { kind: 'rate_limited' },
      FAIL: { kind: 'error' },
    });
    const { response } = await listMarketQuotes(
      app.deps.store,
      { symbols: ['abcd', 'AAPL', 'LIMT', 'NONE', 'FAIL', '^XYZ'] },
      provider,
    );
    expect(response.providerSkipped).toBe(false);
    expect(response.skipReason).toBe('');
    expect(response.rateLimited).toBe(true);
    expect(response.quotes.map((q) => q.symbol)).toEqual(['ABCD', 'AAPL']);
    expect(response.quotes[0]).toEqual({
      symbol: 'ABCD',
      name: 'ABCD',
      display: 'ABCD',
      price: 11,
      change: 10,
      sparkline: [],
    });
    expect(response.unavailableSymbols).toEqual([
      { symbol: 'LIMT', reason: R('PROVIDER_RATE_LIMITED') },
      { symbol: 'NONE', reason: R('NOT_FOUND') },
      { symbol: 'FAIL', reason: R('PROVIDER_ERROR') },
      { symbol: '^XYZ', reason: R('NOT_FOUND') },
    ]);
    // Snapshot hits and non-equity symbols never reach the provider.
    expect(provider.asked.sort()).toEqual(['ABCD', 'FAIL', 'LIMT', 'NONE']);
  });

  it(`spends at most ${PROVIDER_LOOKUP_BUDGET} lookups per request`, async () => {
    const provider = fakeProvider({});
    const symbols = Array.from({ length: PROVIDER_LOOKUP_BUDGET + 2 }, (_, i) => `Q${String.fromCharCode(65 + i)}`);
    const { response } = await listMarketQuotes(app.deps.store, { symbols }, provider);
    expect(provider.asked).toHaveLength(PROVIDER_LOOKUP_BUDGET);
    expect(response.rateLimited).toBe(false);
    expect(response.unavailableSymbols.slice(-2)).toEqual(
      symbols.slice(-2).map((symbol) => ({ symbol, reason: R('UPSTREAM_BUDGET_EXHAUSTED') })),
    );
  });

  it('is not enabled by the current configuration', () => {
    expect(providerFromConfig(testConfig())).toBeUndefined();
  });
});

describe('Finnhub quote provider', () => {
  let server: http.Server;
  let origin: string;
  const seen: { path: string; token: string | undefined }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const symbol = new URL(req.url!, 'http://x').searchParams.get('symbol');
      seen.push({ path: req.url!, token: req.headers['x-finnhub-token'] as string | undefined });
      if (symbol === 'BUSY') return void res.writeHead(429).end('{"error":"API limit reached"}');
      if (symbol === 'DOWN') return void res.writeHead(502).end();
      const body =
        symbol === 'IBM'
          ? { c: 301.5, d: 1.5, dp: 0.5, h: 303, l: 299, o: 300, pc: 300, t: 1795122000 }
          : { c: 0, d: null, dp: null, h: 0, l: 0, o: 0, pc: 0, t: 0 };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it.each([
    ['IBM', { kind: 'quote', price: 301.5, previousClose: 300 }],
    ['NOPE', { kind: 'not_found' }],
    ['BUSY', { kind: 'rate_limited' }],
    ['DOWN', { kind: 'error' }],
  ])('%s -> %j', async (symbol, expected) => {
    const p = finnhubProvider('secret-key', testConfig({ UPSTREAM_BASE_OVERRIDE: origin }));
    expect(await p.lookup(symbol, AbortSignal.timeout(2000))).toEqual(expected);
    expect(seen.at(-1)).toEqual({ path: `/api/v1/quote?symbol=${symbol}`, token: 'secret-key' });
  });
});
