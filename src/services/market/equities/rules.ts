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
export function normaliseSymbols(raw: readonly string[], max = MAX_SYMBOLS): { accepted: string[]; overflow: string[] } {
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
