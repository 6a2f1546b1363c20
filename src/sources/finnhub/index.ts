import { z } from 'zod';
import type { Config } from '../../config.js';

export const FINNHUB_ORIGIN = 'https://finnhub.io';

/** The token header Finnhub reads (datasets declare `requires: ['FINNHUB_API_KEY']`, so it is set when this runs). */
export function finnhubHeaders(config: Pick<Config, 'FINNHUB_API_KEY'>): Record<string, string> {
  return { 'x-finnhub-token': config.FINNHUB_API_KEY ?? '', accept: 'application/json' };
}

const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `/api/v1/calendar/earnings` between two instants (whole UTC days). */
export const earningsCalendarUrl = (from: number, to: number) =>
  `${FINNHUB_ORIGIN}/api/v1/calendar/earnings?from=${ymd(from)}&to=${ymd(to)}`;

/** `/api/v1/stock/insider-transactions` for one symbol. */
export const insiderTransactionsUrl = (symbol: string) =>
  `${FINNHUB_ORIGIN}/api/v1/stock/insider-transactions?symbol=${encodeURIComponent(symbol)}`;

function json(input: Buffer | string, what: string): unknown {
  try {
    return JSON.parse(input.toString());
  } catch (err) {
    throw new Error(`Finnhub ${what} is not JSON: ${(err as Error).message}`);
  }
}

const num = z.number().nullish();

const EarningsRow = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  symbol: z.string().min(1),
  hour: z.string().nullish(),
  quarter: z.number().nullish(),
  year: z.number().nullish(),
  epsActual: num,
  epsEstimate: num,
  revenueActual: num,
  revenueEstimate: num,
});
export type FinnhubEarning = z.infer<typeof EarningsRow>;

/** Reads `{earningsCalendar: [...]}`; rows without a date or symbol are skipped. */
export function parseEarningsCalendar(input: Buffer | string): FinnhubEarning[] {
  const doc = z.object({ earningsCalendar: z.array(z.unknown()) }).safeParse(json(input, 'earnings calendar'));
  if (!doc.success) throw new Error('Finnhub earnings calendar has no earningsCalendar array');
  return doc.data.earningsCalendar.flatMap((r) => {
    const row = EarningsRow.safeParse(r);
    return row.success ? [row.data] : [];
  });
}

const InsiderRow = z.object({
  name: z.string(),
  share: num,
  change: num,
  transactionDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  transactionCode: z.string(),
  transactionPrice: num,
});
export type FinnhubInsiderTransaction = z.infer<typeof InsiderRow>;

/**
 * Reads insider-transaction documents: one `{data, symbol}` or an array of them (several symbols
 * joined). Rows without a transaction date or code are skipped.
 */
export function parseInsiderTransactions(
  input: Buffer | string,
): { symbol: string; data: FinnhubInsiderTransaction[] }[] {
  const raw = json(input, 'insider transactions');
  const docs = Array.isArray(raw) ? raw : [raw];
  return docs.map((d) => {
    const doc = z.object({ symbol: z.string().min(1), data: z.array(z.unknown()).nullable() }).safeParse(d);
    if (!doc.success) throw new Error('Finnhub insider transactions document has no symbol and data');
    return {
      symbol: doc.data.symbol.toUpperCase(),
      data: (doc.data.data ?? []).flatMap((r) => {
        const row = InsiderRow.safeParse(r);
        return row.success ? [row.data] : [];
      }),
    };
  });
}
