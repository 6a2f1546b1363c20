import { ServiceError } from '../../../platform/errors.js';
import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { COUNTRY_INDEXES, GULF_QUOTES, SECTOR_ETFS } from './boards.js';
import { type BoardInstrument, INDEX_BOARDS, type IndexBoardsInfo } from './datasets/index-boards.js';
import { changeOverSessions, SECTOR_PERIODS, weekChange } from './rules.js';
import type {
  GetCountryStockIndexRequest,
  GetCountryStockIndexResponse,
  GetSectorSummaryRequest,
  GetSectorSummaryResponse,
  ListGulfQuotesResponse,
} from './schemas.js';

export interface Outcome<T> {
  response: T;
  degraded: boolean;
}

const r2 = (x: number) => Math.round(x * 100) / 100;

function boards(store: SnapshotStore) {
  const snapshot = store.read<BoardInstrument, IndexBoardsInfo>(INDEX_BOARDS);
  if (!snapshot || snapshot.records.length === 0) return undefined;
  return { snapshot, bySymbol: snapshot.derive('bySymbol', (s) => new Map(s.records.map((r) => [r.symbol, r]))) };
}

export function getSectorSummary(
  store: SnapshotStore,
  req: GetSectorSummaryRequest,
): Outcome<GetSectorSummaryResponse> {
  const period = (req.period ?? '').trim().toLowerCase() || '1d';
  // Own keys only: `in` would take `__proto__`, `constructor` or `toString` for a period.
  if (!Object.hasOwn(SECTOR_PERIODS, period)) {
    throw ServiceError.validation([
      { field: 'period', description: `value must be one of: ${Object.keys(SECTOR_PERIODS).join(', ')}` },
    ]);
  }
  const data = boards(store);
  if (!data) return { response: { sectors: [] }, degraded: true };
  const back = SECTOR_PERIODS[period];
  const sectors = data.snapshot.derive(`sectors:${period}`, () =>
    SECTOR_ETFS.flatMap((s) => {
      const r = data.bySymbol.get(s.symbol);
      if (!r) return [];
      return [
        { symbol: s.symbol, name: s.name, change: back === undefined ? r.change : changeOverSessions(r.closes, back) },
      ];
    }),
  );
  return { response: { sectors }, degraded: false };
}

export function listGulfQuotes(store: SnapshotStore): Outcome<ListGulfQuotesResponse> {
  const data = boards(store);
  if (!data) return { response: { quotes: [], rateLimited: false }, degraded: true };
  const quotes = data.snapshot.derive('gulf', () =>
    GULF_QUOTES.flatMap((g) => {
      const r = data.bySymbol.get(g.symbol);
      return r ? [{ ...g, price: r.price, change: r.change, sparkline: r.closes }] : [];
    }),
  );
  return { response: { quotes, rateLimited: false }, degraded: false };
}

export function getCountryStockIndex(
  store: SnapshotStore,
  req: GetCountryStockIndexRequest,
): Outcome<GetCountryStockIndexResponse> {
  const code = req.country_code ?? 'US';
  const unavailable = {
    available: false,
    code,
    symbol: '',
    indexName: '',
    price: 0,
    weekChangePercent: 0,
    currency: '',
    fetchedAt: '',
  };
  const index = COUNTRY_INDEXES[code];
  const r = index ? boards(store)?.bySymbol.get(index.symbol) : undefined;
  if (!index || !r) return { response: unavailable, degraded: true };
  return {
    response: {
      available: true,
      code,
      symbol: index.symbol,
      indexName: index.name,
      price: r2(r.price),
      weekChangePercent: weekChange(r.closes),
      currency: r.currency || 'USD',
      fetchedAt: new Date(r.priceTime).toISOString(),
    },
    degraded: false,
  };
}
