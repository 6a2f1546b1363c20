import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../support/app.js';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { buildCoinMarkets, coinMarketsDataset } from '../../../../src/services/market/crypto/datasets/coin-markets.js';
import { ALL_COIN_IDS, QUOTE_COINS } from '../../../../src/services/market/crypto/coins.js';

const sample = (f: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'market', f));

describe('coin-markets dataset', () => {
  it('holds every curated coin from the CoinGecko sample', () => {
    const { records, info } = buildCoinMarkets({
      coingecko: sample('coingecko-coin-markets.json'),
      paprika: sample('coinpaprika-tickers.json'),
    });
    expect(new Set(records.map((r) => r.id))).toEqual(new Set(ALL_COIN_IDS));
    expect(info.provider).toBe('coingecko');
    expect(info.asOf).toBeGreaterThan(Date.UTC(2026, 10, 20, 11, 50));
  });

  it('falls back to CoinPaprika for the headline coins when CoinGecko did not answer', () => {
    const { records, info } = buildCoinMarkets({ paprika: sample('coinpaprika-tickers.json') });
    expect(records.map((r) => r.id)).toEqual(QUOTE_COINS.map((c) => c.id));
    expect(info.provider).toBe('coinpaprika');
    expect(records[0]).toMatchObject({ symbol: 'BTC', sparkline7d: [], image: '' });
  });

  it('refuses when neither upstream answered, and keeps the last good snapshot serving', async () => {
    expect(() => buildCoinMarkets({})).toThrow(/neither/);
    await withTestApp({ samples: [coinMarketsDataset] }, async (app) => {
      const before = await app.get('/api/market/v1/list-crypto-quotes');
      const bad = await app.deps.runner.run(coinMarketsDataset, {
        origin: { kind: 'bytes', payloads: { coingecko: Buffer.from('{"status":{"error_code":429}}') } },
      });
      expect(bad.ok).toBe(false);
      expect((await app.get('/api/market/v1/list-crypto-quotes')).body).toEqual(before.body);
    });
  });
});
