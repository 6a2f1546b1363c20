import { FormatError, isObject, parseJsonText } from '../formats/errors.js';

/** Kalshi trade API v2 (public market data, no key). */
export const KALSHI_EVENTS_URL =
  'https://api.elections.kalshi.com/trade-api/v2/events?status=open&with_nested_markets=true&limit=100';

export interface KalshiMarket {
  ticker: string;
  title: string;
  type: string;
  status: string;
  closeTime: number | undefined;
  /** Last traded price of Yes, 0 to 1, or NaN. */
  lastPrice: number;
  volume: number;
}

export interface KalshiEvent {
  ticker: string;
  seriesTicker: string;
  title: string;
  category: string;
  markets: KalshiMarket[];
}

export function parseKalshiEvents(input: Buffer | string): KalshiEvent[] {
  const doc = parseJsonText('Kalshi', input);
  if (!isObject(doc) || !Array.isArray(doc.events)) throw new FormatError('Kalshi', 'no events array');
  const out: KalshiEvent[] = [];
  for (const e of doc.events as unknown[]) {
    if (!isObject(e) || typeof e.event_ticker !== 'string') continue;
    out.push({
      ticker: e.event_ticker,
      seriesTicker: String(e.series_ticker ?? ''),
      title: String(e.title ?? ''),
      category: String(e.category ?? ''),
      markets: (Array.isArray(e.markets) ? e.markets : []).flatMap((m) => {
        if (!isObject(m)) return [];
        const close = typeof m.close_time === 'string' ? Date.parse(m.close_time) : NaN;
        const price =
          typeof m.last_price_dollars === 'string' && m.last_price_dollars.trim() !== ''
            ? Number(m.last_price_dollars)
            : NaN;
        return [
          {
            ticker: String(m.ticker ?? ''),
            title: String(m.title ?? ''),
            type: String(m.market_type ?? ''),
            status: String(m.status ?? ''),
            closeTime: Number.isFinite(close) ? close : undefined,
            lastPrice: price >= 0 && price <= 1 ? price : NaN,
            volume: Number(m.volume) || 0,
          },
        ];
      }),
    });
  }
  return out;
}
