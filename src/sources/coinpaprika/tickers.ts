import { z } from 'zod';
import type { CoinMarket } from '../coingecko/markets.js';

const ORIGIN = 'https://api.coinpaprika.com';

/** `/v1/tickers/<paprika id>?quotes=USD`: one coin's ticker. */
export const paprikaTickerUrl = (paprikaId: string) =>
  `${ORIGIN}/v1/tickers/${encodeURIComponent(paprikaId)}?quotes=USD`;

const Ticker = z.object({
  id: z.string().min(1),
  name: z.string(),
  symbol: z.string(),
  last_updated: z.string().nullish(),
  quotes: z.object({
    USD: z.object({
      price: z.number(),
      volume_24h: z.number().nullish(),
      market_cap: z.number().nullish(),
      percent_change_24h: z.number().nullish(),
      percent_change_7d: z.number().nullish(),
    }),
  }),
});

/**
 * Reads CoinPaprika tickers: one ticker object, or an array of them (several per-id answers joined).
 * `idOf` maps a paprika id to the CoinGecko id the services key coins by; tickers it does not know
 * are left out. CoinPaprika has no sparkline or image in this answer, so those stay empty.
 */
export function parsePaprikaTickers(
  input: Buffer | string,
  idOf: (paprikaId: string) => string | undefined,
): CoinMarket[] {
  let json: unknown;
  try {
    json = JSON.parse(input.toString());
  } catch (err) {
    throw new Error(`CoinPaprika ticker is not JSON: ${(err as Error).message}`);
  }
  const items = Array.isArray(json) ? json : [json];
  const out: CoinMarket[] = [];
  for (const item of items) {
    const t = Ticker.safeParse(item);
    if (!t.success) throw new Error('CoinPaprika ticker has no quotes.USD.price');
    const id = idOf(t.data.id);
    const usd = t.data.quotes.USD;
    if (!id || !(usd.price > 0)) continue;
    const updated = t.data.last_updated ? Date.parse(t.data.last_updated) : NaN;
    out.push({
      id,
      symbol: t.data.symbol.toUpperCase(),
      name: t.data.name,
      image: '',
      price: usd.price,
      marketCap: usd.market_cap ?? 0,
      volume24h: usd.volume_24h ?? 0,
      change24h: usd.percent_change_24h ?? undefined,
      change7d: usd.percent_change_7d ?? undefined,
      sparkline7d: [],
      updatedAt: Number.isFinite(updated) ? updated : 0,
    });
  }
  return out;
}
