/** Pure rules of the equity quotes: symbol handling and percent change. */

/** Most distinct symbols one quote request may ask for; the rest are reported, not served. */
export const MAX_SYMBOLS = 120;
/** Longest symbol accepted on the wire (exchange-suffixed tickers stay well under it). */
export const MAX_SYMBOL_LENGTH = 32;
/** Most live-provider lookups one request may spend on symbols the snapshot does not hold. */
export const PROVIDER_LOOKUP_BUDGET = 10;

/** The default board: headline indices first, then large caps. `display` is the short label a UI shows. */
export const DEFAULT_QUOTES: readonly { symbol: string; display: string }[] = [
  { symbol: '^GSPC', display: 'S&P 500' },
  { symbol: '^DJI', display: 'Dow' },
  { symbol: '^IXIC', display: 'Nasdaq' },
  { symbol: '^RUT', display: 'Russell 2000' },
  { symbol: '^VIX', display: 'VIX' },
  { symbol: '^FTSE', display: 'FTSE 100' },
  { symbol: '^GDAXI', display: 'DAX' },
  { symbol: '^N225', display: 'Nikkei 225' },
  { symbol: '^HSI', display: 'Hang Seng' },
  { symbol: 'AAPL', display: 'AAPL' },
  { symbol: 'MSFT', display: 'MSFT' },
  { symbol: 'NVDA', display: 'NVDA' },
  { symbol: 'AMZN', display: 'AMZN' },
  { symbol: 'GOOGL', display: 'GOOGL' },
  { symbol: 'META', display: 'META' },
  { symbol: 'TSLA', display: 'TSLA' },
  { symbol: 'JPM', display: 'JPM' },
  { symbol: 'XOM', display: 'XOM' },
  { symbol: 'LMT', display: 'LMT' },
  { symbol: 'TSM', display: 'TSM' },
];

export function displayFor(symbol: string): string {
  return DEFAULT_QUOTES.find((q) => q.symbol === symbol)?.display ?? symbol;
}

/**
 * Requested symbols as served: whitespace removed, upper-cased, duplicates dropped keeping the
 * first occurrence. Beyond `max` distinct symbols the rest are returned as `overflow`.
 */
export function normaliseSymbols(
  raw: readonly string[],
  max = MAX_SYMBOLS,
): { accepted: string[]; overflow: string[] } {
  const seen = new Set<string>();
  const accepted: string[] = [];
  const overflow: string[] = [];
  for (const r of raw) {
    const s = r.replace(/\s+/g, '').toUpperCase();
    if (!s || seen.has(s)) continue;
    seen.add(s);
    (accepted.length < max ? accepted : overflow).push(s);
  }
  return { accepted, overflow };
}

/** Only plain listed-equity tickers are worth a provider lookup; indices (`^`), futures (`=F`), FX pairs are not. */
export function isEquitySymbol(symbol: string): boolean {
  return /^[A-Z][A-Z0-9]{0,5}([.-][A-Z0-9]{1,3})?$/.test(symbol);
}

/** Percent change from `previous` to `price`, two decimals; 0 without a usable previous close. */
export function percentChange(price: number, previous: number | undefined): number {
  if (previous === undefined || !Number.isFinite(previous) || previous === 0) return 0;
  return Math.round(((price - previous) / previous) * 10000) / 100;
}

// ---- index boards ----------------------------------------------------------------------------

/** Sector summary periods: sessions looked back (undefined: against the previous close). */
export const SECTOR_PERIODS: Readonly<Record<string, number | 'month' | undefined>> = {
  '1d': undefined,
  '5d': 5,
  '1w': 5,
  '1m': 'month',
  '1mo': 'month',
};

/** Percent change from the close `back` sessions before the last (the first close for 'month'), two decimals. */
export function changeOverSessions(closes: readonly number[], back: number | 'month'): number {
  const last = closes.at(-1);
  const then = back === 'month' ? closes[0] : closes[closes.length - 1 - back];
  return last === undefined ? 0 : percentChange(last, then);
}

/** Week change of an index: first to last of its last six closes, two decimals. */
export function weekChange(closes: readonly number[]): number {
  const tail = closes.slice(-6);
  return tail.length < 2 ? 0 : percentChange(tail.at(-1)!, tail[0]);
}

// ---- earnings calendar -----------------------------------------------------------------------

/** Smallest revenue estimate that keeps a report on the calendar (US dollars). */
export const MIN_REVENUE_ESTIMATE = 10_000_000;
/** Without a revenue estimate, the smallest |EPS estimate| that keeps a report. */
export const MIN_EPS_ESTIMATE = 0.05;
export const MAX_CALENDAR_ROWS = 100;

/** Reports worth a calendar: sizeable revenue, or (revenue unknown) a non-trivial EPS estimate. */
export function keepEarning(
  revenueEstimate: number | null | undefined,
  epsEstimate: number | null | undefined,
): boolean {
  if (revenueEstimate) return revenueEstimate >= MIN_REVENUE_ESTIMATE;
  return epsEstimate !== null && epsEstimate !== undefined && Math.abs(epsEstimate) >= MIN_EPS_ESTIMATE;
}

/** beat or miss of the EPS estimate once reported; empty before, or without an estimate. */
export function surpriseDirection(
  epsActual: number | null | undefined,
  epsEstimate: number | null | undefined,
): string {
  if (epsActual === null || epsActual === undefined || epsEstimate === null || epsEstimate === undefined) return '';
  if (epsActual > epsEstimate) return 'beat';
  if (epsActual < epsEstimate) return 'miss';
  return '';
}

// ---- insider transactions --------------------------------------------------------------------

/** Transactions older than this (by transaction date) are left out. */
export const INSIDER_WINDOW_DAYS = 180;
export const MAX_INSIDER_ROWS = 20;
/** Codes listed: open-market purchase and sale, option exercise, grant, disposition to the issuer, tax withholding. */
export const LISTED_CODES = new Set(['P', 'S', 'M', 'A', 'D', 'F']);

export interface InsiderSummary {
  totalBuys: number;
  totalSells: number;
  netValue: number;
  transactions: { name: string; shares: number; value: number; transactionCode: string; transactionDate: string }[];
}

/**
 * Insider activity within the window before `now`: dollar totals of open-market buys (P) and sells
 * (S) only, |shares × price| each, and the newest listed transactions (value 0 for codes that are
 * not open-market trades).
 */
export function summariseInsiders(
  rows: readonly {
    name: string;
    change?: number | null;
    transactionDate: string;
    transactionCode: string;
    transactionPrice?: number | null;
  }[],
  now: number,
): InsiderSummary {
  const since = new Date(now - INSIDER_WINDOW_DAYS * 86_400_000).toISOString().slice(0, 10);
  const recent = rows.filter((r) => r.transactionDate >= since);
  const value = (r: (typeof rows)[number]) => Math.round(Math.abs((r.change ?? 0) * (r.transactionPrice ?? 0)));
  const totalBuys = recent.filter((r) => r.transactionCode === 'P').reduce((s, r) => s + value(r), 0);
  const totalSells = recent.filter((r) => r.transactionCode === 'S').reduce((s, r) => s + value(r), 0);
  const transactions = recent
    .filter((r) => LISTED_CODES.has(r.transactionCode))
    .sort((a, b) => b.transactionDate.localeCompare(a.transactionDate))
    .slice(0, MAX_INSIDER_ROWS)
    .map((r) => ({
      name: r.name,
      shares: Math.abs(r.change ?? 0),
      value: r.transactionCode === 'P' || r.transactionCode === 'S' ? value(r) : 0,
      transactionCode: r.transactionCode,
      transactionDate: r.transactionDate,
    }));
  return { totalBuys, totalSells, netValue: totalBuys - totalSells, transactions };
}
