import { z } from 'zod';

/** One daily (or intraday) bar. Times are the bar's open, epoch ms. */
export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** One instrument's bars as Yahoo's v8 chart API reports them. */
export interface ChartBars {
  symbol: string;
  name: string;
  currency: string;
  exchangeTimezone: string;
  instrumentType: string;
  /** `meta.regularMarketPrice`, or the last close. */
  price: number;
  /** `meta.chartPreviousClose` (the close before the first bar), when given. */
  chartPreviousClose: number | undefined;
  /** Bars with finite, positive, consistent prices only, oldest first. */
  bars: Bar[];
}

const nums = z.array(z.number().nullable()).nullish();
const Result = z.object({
  meta: z.object({
    symbol: z.string().min(1),
    currency: z.string().nullish(),
    exchangeTimezoneName: z.string().nullish(),
    instrumentType: z.string().nullish(),
    regularMarketPrice: z.number().nullish(),
    chartPreviousClose: z.number().nullish(),
    shortName: z.string().nullish(),
    longName: z.string().nullish(),
  }),
  timestamp: z.array(z.number()).nullish(),
  indicators: z.object({
    quote: z.array(z.object({ open: nums, high: nums, low: nums, close: nums, volume: nums })).nullish(),
  }),
});
type Result = z.infer<typeof Result>;

const Document = z.object({
  chart: z.object({ result: z.array(z.unknown()).nullable(), error: z.unknown().nullish() }),
});

/** `/v8/finance/chart/<symbol>` for a range and interval. */
export function chartUrl(
  symbol: string,
  range: string,
  interval = '1d',
  origin = 'https://query1.finance.yahoo.com',
): string {
  return `${origin}/v8/finance/chart/${encodeURIComponent(symbol)}?range=${range}&interval=${interval}`;
}

/**
 * Reads Yahoo chart documents: one document, or a JSON array of them (several per-symbol answers
 * joined by a multi-request source). Bars whose open, high, low or close is missing, not positive,
 * or inconsistent (high below low, close outside the range) are dropped; a missing volume reads as 0.
 * A document with `chart.error` and no result, or that is not a chart document, is an error.
 */
export function parseYahooChart(input: Buffer | string): ChartBars[] {
  let json: unknown;
  try {
    json = JSON.parse(input.toString());
  } catch (err) {
    throw new Error(`Yahoo chart document is not JSON: ${(err as Error).message}`);
  }
  const docs = Array.isArray(json) ? json : [json];
  const out: ChartBars[] = [];
  for (const d of docs) {
    const doc = Document.safeParse(d);
    if (!doc.success) throw new Error('Yahoo chart document has no chart.result');
    if (!doc.data.chart.result?.length) {
      const e = doc.data.chart.error as { description?: string } | null | undefined;
      throw new Error(`Yahoo chart document has no result${e?.description ? `: ${e.description}` : ''}`);
    }
    for (const item of doc.data.chart.result) {
      const r = Result.safeParse(item);
      if (!r.success) throw new Error('Yahoo chart result has no meta.symbol or indicators');
      out.push(toBars(r.data));
    }
  }
  return out;
}

function toBars(r: Result): ChartBars {
  const q = r.indicators.quote?.[0];
  const ts = r.timestamp ?? [];
  const bars: Bar[] = [];
  for (let i = 0; i < ts.length; i++) {
    const open = q?.open?.[i];
    const high = q?.high?.[i];
    const low = q?.low?.[i];
    const close = q?.close?.[i];
    if (![open, high, low, close].every((v) => typeof v === 'number' && Number.isFinite(v) && v > 0)) continue;
    const [o, h, l, c] = [open!, high!, low!, close!];
    if (h < l || c > h * 1.0001 || c < l * 0.9999) continue;
    bars.push({ time: ts[i] * 1000, open: o, high: h, low: l, close: c, volume: q?.volume?.[i] ?? 0 });
  }
  const symbol = r.meta.symbol.trim().toUpperCase();
  return {
    symbol,
    name: (r.meta.longName ?? r.meta.shortName ?? symbol).trim(),
    currency: r.meta.currency ?? '',
    exchangeTimezone: r.meta.exchangeTimezoneName ?? '',
    instrumentType: r.meta.instrumentType ?? '',
    price: r.meta.regularMarketPrice ?? bars.at(-1)?.close ?? 0,
    chartPreviousClose: r.meta.chartPreviousClose ?? undefined,
    bars,
  };
}

/** The part of a chart that close-and-volume readers (economic signals) need; every `ChartBars` is one. */
export interface Chart {
  symbol: string;
  bars: Pick<Bar, 'time' | 'close' | 'volume'>[];
}

/** The default chart address used by datasets that want a year of daily bars. */
export function yahooChartUrl(symbol: string, range = '1y', interval = '1d'): string {
  return chartUrl(symbol, range, interval);
}

/** A single-symbol chart answer, as one `Chart`. */
export function parseYahooChartOne(input: Buffer | string): Chart {
  const [first] = parseYahooChart(input);
  if (!first) throw new Error('Yahoo chart document has no result');
  return first;
}
