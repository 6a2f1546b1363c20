import { z } from 'zod';
import type { Config } from '../../config.js';

/** One coin as CoinGecko's `/coins/markets` lists it, reduced to what the services read. */
export interface CoinMarket {
  /** CoinGecko id (`bitcoin`, `usd-coin`). */
  id: string;
  /** Ticker, upper-cased. */
  symbol: string;
  name: string;
  image: string;
  price: number;
  marketCap: number;
  volume24h: number;
  /** Percent changes; undefined when CoinGecko has none for the coin. */
  change24h: number | undefined;
  change7d: number | undefined;
  /** Hourly prices over the last seven days, oldest first (empty unless requested). */
  sparkline7d: number[];
  /** `last_updated`, epoch ms (0 when absent). */
  updatedAt: number;
}

const num = z.number().nullish();
const Row = z.object({
  id: z.string().min(1),
  symbol: z.string(),
  name: z.string(),
  image: z.string().nullish(),
  current_price: num,
  market_cap: num,
  total_volume: num,
  price_change_percentage_24h: num,
  price_change_percentage_24h_in_currency: num,
  price_change_percentage_7d_in_currency: num,
  last_updated: z.string().nullish(),
  sparkline_in_7d: z.object({ price: z.array(z.number().nullable()) }).nullish(),
});

/** Host and key header by plan: a Pro key, a Demo key, or the keyless public API. */
export function coingeckoEndpoint(config: Pick<Config, 'COINGECKO_API_KEY' | 'COINGECKO_DEMO_API_KEY'>): {
  origin: string;
  headers: Record<string, string>;
} {
  if (config.COINGECKO_API_KEY)
    return { origin: 'https://pro-api.coingecko.com', headers: { 'x-cg-pro-api-key': config.COINGECKO_API_KEY } };
  if (config.COINGECKO_DEMO_API_KEY)
    return { origin: 'https://api.coingecko.com', headers: { 'x-cg-demo-api-key': config.COINGECKO_DEMO_API_KEY } };
  return { origin: 'https://api.coingecko.com', headers: {} };
}

/** `/api/v3/coins/markets` for the given ids in US dollars, with 24 h and 7 d changes and optionally the 7-day sparkline. */
export function coinMarketsUrl(origin: string, ids: readonly string[], sparkline: boolean): string {
  const q = new URLSearchParams({
    vs_currency: 'usd',
    ids: ids.join(','),
    order: 'market_cap_desc',
    per_page: '250',
    page: '1',
    sparkline: String(sparkline),
    price_change_percentage: '24h,7d',
  });
  return `${origin}/api/v3/coins/markets?${q.toString().replace(/%2C/g, ',')}`;
}

/**
 * Reads a `/coins/markets` answer. Rows without a usable price are left out; a body that is not an
 * array (CoinGecko's `{status:{error_code}}` on a rate limit, for instance) is an error.
 */
export function parseCoinMarkets(input: Buffer | string): CoinMarket[] {
  let json: unknown;
  try {
    json = JSON.parse(input.toString());
  } catch (err) {
    throw new Error(`CoinGecko coins/markets is not JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(json)) throw new Error('CoinGecko coins/markets answer is not an array of coins');
  const out: CoinMarket[] = [];
  for (const item of json) {
    const r = Row.safeParse(item);
    if (!r.success) continue;
    const c = r.data;
    if (typeof c.current_price !== 'number' || !Number.isFinite(c.current_price) || c.current_price <= 0) continue;
    const updated = c.last_updated ? Date.parse(c.last_updated) : NaN;
    out.push({
      id: c.id,
      symbol: c.symbol.toUpperCase(),
      name: c.name,
      image: c.image ?? '',
      price: c.current_price,
      marketCap: c.market_cap ?? 0,
      volume24h: c.total_volume ?? 0,
      change24h: c.price_change_percentage_24h_in_currency ?? c.price_change_percentage_24h ?? undefined,
      change7d: c.price_change_percentage_7d_in_currency ?? undefined,
      sparkline7d: (c.sparkline_in_7d?.price ?? []).filter((p): p is number => p !== null && Number.isFinite(p)),
      updatedAt: Number.isFinite(updated) ? updated : 0,
    });
  }
  return out;
}
