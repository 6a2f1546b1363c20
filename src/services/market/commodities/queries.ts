import { ServiceError } from '../../../platform/errors.js';
import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { COMMODITIES_SNAPSHOT, type CommoditiesInfo, type StoredInstrument } from './datasets/commodities.js';
import { COMMODITIES } from './instruments.js';
import { normaliseCommoditySymbols, sig7 } from './rules.js';
import type { CommodityQuote, ListCommodityQuotesRequest, ListCommodityQuotesResponse } from './schemas.js';

export interface Outcome<T> {
  response: T;
  degraded: boolean;
}

/** Sessions a board sparkline shows (about a month). */
const SPARKLINE_BARS = 22;

export function instruments(store: SnapshotStore) {
  const snapshot = store.read<StoredInstrument, CommoditiesInfo>(COMMODITIES_SNAPSHOT);
  if (!snapshot || snapshot.records.length === 0) return undefined;
  return { snapshot, bySymbol: snapshot.derive('bySymbol', (s) => new Map(s.records.map((r) => [r.symbol, r]))) };
}

export function listCommodityQuotes(
  store: SnapshotStore,
  req: ListCommodityQuotesRequest,
): Outcome<ListCommodityQuotesResponse> {
  const { symbols, unsupported } = normaliseCommoditySymbols(req.symbols ?? []);
  if (unsupported.length) {
    const description =
      unsupported.length === 1
        ? `Unsupported commodity symbol: ${unsupported[0]}`
        : `Unsupported commodity symbols: ${unsupported.join(', ')}`;
    throw ServiceError.validation([{ field: 'symbols', description }]);
  }
  const data = instruments(store);
  if (!data) return { response: { quotes: [] }, degraded: true };
  const board = data.snapshot.derive('board', () =>
    COMMODITIES.flatMap((c): CommodityQuote[] => {
      const r = data.bySymbol.get(c.symbol);
      return r
        ? [
            {
              symbol: c.symbol,
              name: c.name,
              display: c.display,
              price: r.price,
              change: r.change,
              sparkline: r.closes.slice(-SPARKLINE_BARS).map(sig7),
            },
          ]
        : [];
    }),
  );
  const wanted = new Set(symbols);
  return { response: { quotes: wanted.size ? board.filter((q) => wanted.has(q.symbol)) : board }, degraded: false };
}
