import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../src/config.js';
import { coinMarketsUrl, coingeckoEndpoint, parseCoinMarkets } from '../../../src/sources/coingecko/markets.js';
import { parsePaprikaTickers } from '../../../src/sources/coinpaprika/tickers.js';

describe('CoinGecko coins/markets', () => {
  it('reads rows, preferring the in-currency 24 h change and dropping rows without a price', () => {
    const rows = parseCoinMarkets(
      JSON.stringify([
        {
          id: 'bitcoin',
          symbol: 'btc',
          name: 'Bitcoin',
          current_price: 100,
          price_change_percentage_24h: 1,
          price_change_percentage_24h_in_currency: 1.5,
          sparkline_in_7d: { price: [1, null, 2] },
          last_updated: '2026-11-20T00:00:00.000Z',
        },
        { id: 'dead', symbol: 'x', name: 'X', current_price: null },
      ]),
    );
    expect(rows).toEqual([
      {
        id: 'bitcoin',
        symbol: 'BTC',
        name: 'Bitcoin',
        image: '',
        price: 100,
        marketCap: 0,
        volume24h: 0,
        change24h: 1.5,
        change7d: undefined,
        sparkline7d: [1, 2],
        updatedAt: Date.UTC(2026, 10, 20),
      },
    ]);
  });

  it('treats a rate-limit body or non-JSON as an error', () => {
    expect(() => parseCoinMarkets('{"status":{"error_code":429}}')).toThrow(/not an array/);
    expect(() => parseCoinMarkets('<html>')).toThrow(/not JSON/);
  });

  it('picks host and key header by plan', () => {
    expect(coingeckoEndpoint(testConfig())).toEqual({ origin: 'https://api.coingecko.com', headers: {} });
    expect(coingeckoEndpoint(testConfig({ COINGECKO_DEMO_API_KEY: 'd' }))).toEqual({
      origin: 'https://api.coingecko.com',
      headers: { 'x-cg-demo-api-key': 'd' },
    });
    expect(coingeckoEndpoint(testConfig({ COINGECKO_API_KEY: 'p', COINGECKO_DEMO_API_KEY: 'd' })).origin).toBe(
      'https://pro-api.coingecko.com',
    );
    expect(coinMarketsUrl('https://x', ['a', 'b'], true)).toBe(
      'https://x/api/v3/coins/markets?vs_currency=usd&ids=a,b&order=market_cap_desc&per_page=250&page=1&sparkline=true&price_change_percentage=24h,7d',
    );
  });
});

describe('CoinPaprika tickers', () => {
  const ticker = {
    id: 'btc-bitcoin',
    name: 'Bitcoin',
    symbol: 'BTC',
    last_updated: '2026-11-20T00:00:00Z',
    quotes: { USD: { price: 5, percent_change_24h: -1, percent_change_7d: 2 } },
  };
  it('maps known tickers to CoinGecko ids, one object or an array', () => {
    const idOf = (p: string) => (p === 'btc-bitcoin' ? 'bitcoin' : undefined);
    expect(parsePaprikaTickers(JSON.stringify(ticker), idOf)[0]).toMatchObject({
      id: 'bitcoin',
      price: 5,
      change24h: -1,
      change7d: 2,
    });
    expect(parsePaprikaTickers(JSON.stringify([ticker, { ...ticker, id: 'eth-ethereum' }]), idOf)).toHaveLength(1);
  });
  it('refuses a ticker without a US-dollar price', () => {
    expect(() => parsePaprikaTickers('{"id":"x","name":"x","symbol":"x","quotes":{}}', () => 'x')).toThrow(
      /quotes\.USD/,
    );
  });
});
