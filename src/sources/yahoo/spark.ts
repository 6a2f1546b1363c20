import { z } from 'zod';

/** One instrument's daily history as Yahoo's chart API reports it. */
export interface ChartSeries {
  symbol: string;
  name: string;
  currency: string;
  instrumentType: string;
  /** Last traded price (`meta.regularMarketPrice`). */
  price: number;
  /** Time of that price, epoch milliseconds. */
  priceTime: number;
  /** The latest session's range (`meta.regularMarketDayHigh/Low`), when given. */
  dayHigh?: number;
  dayLow?: number;
  /** Bar open times (epoch ms) and closes, holes removed, oldest first. */
  times: number[];
  closes: number[];
}

const ChartResult = z.object({
  meta: z.object({
    symbol: z.string().min(1),
    currency: z.string().nullish(),
    instrumentType: z.string().nullish(),
    regularMarketPrice: z.number().nullish(),
    regularMarketTime: z.number().nullish(),
    shortName: z.string().nullish(),
    longName: z.string().nullish(),
    regularMarketDayHigh: z.number().nullish(),
    regularMarketDayLow: z.number().nullish(),
  }),
  timestamp: z.array(z.number()).nullish(),
  indicators: z
    .object({ quote: z.array(z.object({ close: z.array(z.number().nullable()).nullish() })).nullish() })
    .nullish(),
});
type ChartResult = z.infer<typeof ChartResult>;

// Either the multi-symbol spark document or a chart document (`chart.result[]`).
const Document = z.union([
  z.object({
    spark: z.object({
      result: z.array(z.object({ symbol: z.string(), response: z.array(z.unknown()).nullish() })).nullable(),
      error: z.unknown().nullish(),
    }),
  }),
  z.object({ chart: z.object({ result: z.array(z.unknown()).nullable(), error: z.unknown().nullish() }) }),
]);

/**
 * Reads a Yahoo Finance spark (`/v7/finance/spark`) or chart (`/v8/finance/chart`) document into
 * one series per symbol. A symbol Yahoo answered without a usable price is left out; a document
 * that is not one of these shapes is an error.
 */
export function parseYahooSpark(bytes: Buffer): Map<string, ChartSeries> {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`Yahoo chart document is not JSON: ${(err as Error).message}`);
  }
  const doc = Document.safeParse(json);
  if (!doc.success) throw new Error('Yahoo chart document has neither spark.result nor chart.result');
  const raw: unknown[] =
    'spark' in doc.data
      ? (doc.data.spark.result ?? []).flatMap((r) => r.response ?? [])
      : (doc.data.chart.result ?? []);
  const out = new Map<string, ChartSeries>();
  for (const item of raw) {
    const parsed = ChartResult.safeParse(item);
    if (!parsed.success) continue;
    const series = toSeries(parsed.data);
    if (series) out.set(series.symbol, series);
  }
  return out;
}

function toSeries(r: ChartResult): ChartSeries | undefined {
  const stamps = r.timestamp ?? [];
  const rawCloses = r.indicators?.quote?.[0]?.close ?? [];
  const times: number[] = [];
  const closes: number[] = [];
  for (let i = 0; i < Math.min(stamps.length, rawCloses.length); i++) {
    const c = rawCloses[i];
    if (c === null || !Number.isFinite(c)) continue;
    times.push(stamps[i] * 1000);
    closes.push(c);
  }
  const price = r.meta.regularMarketPrice ?? closes.at(-1);
  if (price === undefined || !Number.isFinite(price)) return undefined;
  const symbol = r.meta.symbol.trim().toUpperCase();
  return {
    symbol,
    name: (r.meta.shortName ?? r.meta.longName ?? symbol).trim(),
    currency: r.meta.currency ?? '',
    instrumentType: r.meta.instrumentType ?? '',
    price,
    priceTime: (r.meta.regularMarketTime ?? (times.at(-1) ?? 0) / 1000) * 1000,
    ...(r.meta.regularMarketDayHigh ? { dayHigh: r.meta.regularMarketDayHigh } : {}),
    ...(r.meta.regularMarketDayLow ? { dayLow: r.meta.regularMarketDayLow } : {}),
    times,
    closes,
  };
}

/** `/v7/finance/spark` for several symbols (Yahoo answers at most 20 per request). */
export function sparkUrl(
  symbols: readonly string[],
  range: string,
  interval = '1d',
  origin = 'https://query1.finance.yahoo.com',
): string {
  return `${origin}/v7/finance/spark?range=${range}&interval=${interval}&symbols=${symbols.map(encodeURIComponent).join(',')}`;
}

/** Fetches spark documents for any number of symbols in batches of 20 and joins them into one spark document. */
export async function fetchSparkBatches(
  get: (url: string) => Promise<Buffer>,
  symbols: readonly string[],
  range: string,
): Promise<Buffer> {
  const results: unknown[] = [];
  for (let i = 0; i < symbols.length; i += 20) {
    const doc = JSON.parse((await get(sparkUrl(symbols.slice(i, i + 20), range))).toString('utf8')) as {
      spark?: { result?: unknown[] | null };
    };
    if (!doc.spark) throw new Error('Yahoo spark answer has no spark object');
    results.push(...(doc.spark.result ?? []));
  }
  return Buffer.from(JSON.stringify({ spark: { result: results, error: null } }));
}

/**
 * The close before the latest price: when the last bar is the latest price's own session, the
 * bar before it; otherwise the last bar (the price is from a session the history does not show yet).
 */
export function previousClose(s: ChartSeries): number | undefined {
  const n = s.closes.length;
  if (n === 0) return undefined;
  const sameDay = (a: number, b: number) =>
    Math.abs(a - b) < 20 * 3600 * 1000 && new Date(a).getUTCDate() === new Date(b).getUTCDate();
  if (sameDay(s.times[n - 1], s.priceTime)) return n >= 2 ? s.closes[n - 2] : undefined;
  return s.closes[n - 1];
}
