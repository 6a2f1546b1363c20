import { ServiceError } from '../../../platform/errors.js';
import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { BREADTH_HISTORY, type BreadthInfo, type BreadthRow } from './datasets/breadth-history.js';
import { EARNINGS_CALENDAR, type StoredEarning } from './datasets/earnings-calendar.js';
import { INSIDER_TICKERS, INSIDER_TRANSACTIONS, type StoredInsiders } from './datasets/insider-transactions.js';
import type {
  GetInsiderTransactionsRequest,
  GetMarketBreadthHistoryResponse,
  GetInsiderTransactionsResponse,
  ListEarningsCalendarRequest,
  ListEarningsCalendarResponse,
} from './schemas.js';

export interface Outcome<T> {
  response: T;
  degraded: boolean;
}

/** Reports between the requested dates (inclusive), defaulting to the span the calendar holds. */
export function listEarningsCalendar(
  store: SnapshotStore,
  req: ListEarningsCalendarRequest,
): Outcome<ListEarningsCalendarResponse> {
  if (req.fromDate && req.toDate && req.fromDate > req.toDate) {
    throw ServiceError.validation([{ field: 'toDate', description: 'toDate must not be earlier than fromDate' }]);
  }
  const snapshot = store.read<StoredEarning>(EARNINGS_CALENDAR);
  if (!snapshot || snapshot.records.length === 0) {
    return {
      response: { earnings: [], fromDate: req.fromDate ?? '', toDate: req.toDate ?? '', total: 0, unavailable: true },
      degraded: true,
    };
  }
  const rows = snapshot.records;
  const fromDate = req.fromDate ?? rows[0].date;
  const toDate = req.toDate ?? rows.reduce((m, r) => (r.date > m ? r.date : m), rows[0].date);
  const earnings = rows.filter((r) => r.date >= fromDate && r.date <= toDate).map((r) => ({ ...r, company: '' }));
  return { response: { earnings, fromDate, toDate, total: earnings.length, unavailable: false }, degraded: false };
}

export function getInsiderTransactions(
  store: SnapshotStore,
  req: GetInsiderTransactionsRequest,
): Outcome<GetInsiderTransactionsResponse> {
  const symbol = (req.symbol ?? '').replace(/\s+/g, '').toUpperCase().slice(0, 32) || INSIDER_TICKERS[0];
  const snapshot = store.read<StoredInsiders>(INSIDER_TRANSACTIONS);
  const row = snapshot?.derive('bySymbol', (s) => new Map(s.records.map((r) => [r.symbol, r]))).get(symbol);
  if (!row) {
    return {
      response: {
        unavailable: true,
        symbol,
        totalBuys: 0,
        totalSells: 0,
        netValue: 0,
        transactions: [],
        fetchedAt: '',
      },
      degraded: true,
    };
  }
  const { fetchedAt, ...summary } = row;
  return {
    response: { unavailable: false, ...summary, symbol, fetchedAt: new Date(fetchedAt).toISOString() },
    degraded: false,
  };
}

/** The accumulated history and its latest readings; each current figure is the newest session that reported it. */
export function getMarketBreadthHistory(store: SnapshotStore): Outcome<GetMarketBreadthHistoryResponse> {
  const snapshot = store.read<BreadthRow, BreadthInfo>(BREADTH_HISTORY);
  if (!snapshot || snapshot.records.length === 0)
    return { response: { updatedAt: '', history: [], unavailable: true }, degraded: true };
  const response = snapshot.derive('response', (s) => {
    const latest = (k: 'pctAbove20d' | 'pctAbove50d' | 'pctAbove200d') =>
      [...s.records].reverse().find((r) => r[k] !== undefined)?.[k];
    const current = {
      currentPctAbove20d: latest('pctAbove20d'),
      currentPctAbove50d: latest('pctAbove50d'),
      currentPctAbove200d: latest('pctAbove200d'),
    };
    return {
      ...Object.fromEntries(Object.entries(current).filter(([, v]) => v !== undefined)),
      updatedAt: new Date(s.info.updatedAt).toISOString(),
      history: [...s.records],
      unavailable: false,
    } as GetMarketBreadthHistoryResponse;
  });
  return { response, degraded: false };
}
