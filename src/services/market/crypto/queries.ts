import { ServiceError } from '../../../platform/errors.js';
import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import type { CoinMarket } from '../../../sources/coingecko/markets.js';
import { CRYPTO_SECTORS, QUOTE_COINS, STABLECOINS, TOKEN_PANELS, type TokenPanel } from './coins.js';
import { COIN_MARKETS, type CoinMarketsInfo } from './datasets/coin-markets.js';
import {
  COIN_ID,
  healthStatus,
  MAX_QUOTE_IDS,
  MAX_STABLECOIN_LOOKUPS,
  normaliseIds,
  pegDistance,
  pegStatus,
  round,
  sectorChange,
  trimSparkline,
} from './rules.js';
import type {
  CryptoQuote,
  ListCryptoQuotesRequest,
  ListCryptoQuotesResponse,
  ListCryptoSectorsResponse,
  ListStablecoinMarketsRequest,
  ListStablecoinMarketsResponse,
  Stablecoin,
  TokensResponse,
} from './schemas.js';

/** An answer plus whether it is a fallback that must not be cached. */
export interface Outcome<T> {
  response: T;
  degraded: boolean;
}

function coins(store: SnapshotStore) {
  const snapshot = store.read<CoinMarket, CoinMarketsInfo>(COIN_MARKETS);
  if (!snapshot || snapshot.records.length === 0) return undefined;
  return { snapshot, byId: snapshot.derive('byId', (s) => new Map(s.records.map((c) => [c.id, c]))) };
}

const quoteOf = (c: CoinMarket, withSparkline: boolean): CryptoQuote => ({
  name: c.name,
  symbol: c.symbol,
  price: c.price,
  change: c.change24h ?? 0,
  sparkline: withSparkline ? trimSparkline(c.sparkline7d) : [],
  change7d: c.change7d ?? 0,
});

/** Named coins in request order from the snapshot (any coin it holds); the headline ten without ids. */
export function listCryptoQuotes(
  store: SnapshotStore,
  req: ListCryptoQuotesRequest,
): Outcome<ListCryptoQuotesResponse> {
  const ids = normaliseIds(req.ids ?? []);
  if (ids.length > MAX_QUOTE_IDS)
    throw ServiceError.validation([
      { field: 'ids', description: `array must contain at most ${MAX_QUOTE_IDS} item(s)` },
    ]);
  const wanted = ids.length ? ids : QUOTE_COINS.map((c) => c.id);
  const data = coins(store);
  if (!data) return { response: { quotes: [], unresolvedIds: ids, provider: 'degraded' }, degraded: true };
  const quotes: CryptoQuote[] = [];
  const unresolvedIds: string[] = [];
  for (const id of wanted) {
    const c = data.byId.get(id);
    if (c) quotes.push(quoteOf(c, true));
    else unresolvedIds.push(id);
  }
  const degraded = unresolvedIds.length > 0;
  return { response: { quotes, unresolvedIds, provider: degraded ? 'degraded' : 'seed' }, degraded };
}

/** One token panel in its curated order; empty (and not cacheable) without a snapshot. */
export function listTokens(store: SnapshotStore, panel: TokenPanel): Outcome<TokensResponse> {
  const data = coins(store);
  if (!data) return { response: { tokens: [] }, degraded: true };
  const tokens = data.snapshot.derive(`tokens:${panel}`, () =>
    TOKEN_PANELS[panel].flatMap((id) => {
      const c = data.byId.get(id);
      return c ? [quoteOf(c, false)] : [];
    }),
  );
  return { response: { tokens }, degraded: tokens.length === 0 };
}

export function listCryptoSectors(store: SnapshotStore): Outcome<ListCryptoSectorsResponse> {
  const data = coins(store);
  if (!data) return { response: { sectors: [] }, degraded: true };
  const sectors = data.snapshot.derive('sectors', () =>
    CRYPTO_SECTORS.map((s) => ({
      id: s.id,
      name: s.name,
      change: sectorChange(s.coins.map((id) => data.byId.get(id)?.change24h)),
    })),
  );
  return { response: { sectors }, degraded: false };
}

const stablecoinOf = (c: CoinMarket): Stablecoin => ({
  id: c.id,
  symbol: c.symbol,
  name: c.name,
  price: c.price,
  deviation: round(pegDistance(c.price) * 100, 3),
  pegStatus: pegStatus(c.price),
  marketCap: c.marketCap,
  volume24h: c.volume24h,
  change24h: c.change24h ?? 0,
  change7d: c.change7d ?? 0,
  image: c.image,
});

/** Named coins (or the default five) with peg status; the summary is over the coins answered. */
export function listStablecoinMarkets(
  store: SnapshotStore,
  req: ListStablecoinMarketsRequest,
): Outcome<ListStablecoinMarketsResponse> {
  const requested = normaliseIds(req.coins ?? []);
  const unresolved: { id: string; reason: string }[] = [];
  const lookups: string[] = [];
  for (const id of requested) {
    if (!COIN_ID.test(id)) unresolved.push({ id: id.slice(0, 64), reason: 'INVALID_ID' });
    else if (lookups.length >= MAX_STABLECOIN_LOOKUPS) unresolved.push({ id, reason: 'OVER_CAP' });
    else lookups.push(id);
  }
  const wanted = requested.length ? lookups : [...STABLECOINS];
  const data = coins(store);
  const stablecoins: Stablecoin[] = [];
  for (const id of wanted) {
    const c = data?.byId.get(id);
    if (c) stablecoins.push(stablecoinOf(c));
    else unresolved.push({ id, reason: 'NOT_FOUND' });
  }
  const depeggedCount = stablecoins.filter((s) => s.pegStatus === 'DEPEGGED').length;
  const summary = {
    totalMarketCap: stablecoins.reduce((s, c) => s + c.marketCap, 0),
    totalVolume24h: stablecoins.reduce((s, c) => s + c.volume24h, 0),
    coinCount: stablecoins.length,
    depeggedCount,
    healthStatus: healthStatus(stablecoins.length, depeggedCount),
  };
  const dataStatus = stablecoins.length === 0 ? 'UNAVAILABLE' : unresolved.length ? 'PARTIAL' : 'OK';
  // The prices' own time, else the snapshot's capture (never the clock's).
  const asOf = data?.snapshot.info.asOf || data?.snapshot.capturedAt || 0;
  return {
    response: { timestamp: new Date(asOf).toISOString(), summary, stablecoins, unresolved, dataStatus },
    degraded: !data,
  };
}
