import { z } from 'zod';
import { listParam, stringParam } from '../../../platform/query-params.js';
import { MAX_SYMBOLS, MAX_SYMBOL_LENGTH } from './rules.js';

// ---- list-market-quotes ----------------------------------------------------------------------

export const MarketQuote = z
  .object({
    symbol: z.string().min(1).meta({ description: 'Ticker as served, upper-case (indices keep their `^` prefix).' }),
    name: z.string().meta({ description: 'Instrument name as the exchange data lists it.' }),
    display: z.string().meta({ description: 'Short label for a ticker board.' }),
    price: z.number().meta({ format: 'double', description: 'Last traded price in the instrument’s currency.' }),
    change: z.number().meta({ format: 'double', description: 'Percent change against the previous session’s close.' }),
    sparkline: z
      .array(z.number().meta({ format: 'double' }))
      .meta({ description: 'Recent daily closes, oldest first.' }),
  })
  .meta({ id: 'market_v1_MarketQuote', description: 'Latest price of one stock or index.' });

export type MarketQuote = z.infer<typeof MarketQuote>;

export const UNAVAILABLE_REASONS = [
  'MARKET_QUOTE_UNAVAILABLE_REASON_UNSPECIFIED',
  'MARKET_QUOTE_UNAVAILABLE_REASON_NOT_FOUND',
  'MARKET_QUOTE_UNAVAILABLE_REASON_PROVIDER_ERROR',
  'MARKET_QUOTE_UNAVAILABLE_REASON_PROVIDER_RATE_LIMITED',
  'MARKET_QUOTE_UNAVAILABLE_REASON_PROVIDER_NOT_CONFIGURED',
  'MARKET_QUOTE_UNAVAILABLE_REASON_REQUEST_LIMIT_EXCEEDED',
  'MARKET_QUOTE_UNAVAILABLE_REASON_UPSTREAM_BUDGET_EXHAUSTED',
  'MARKET_QUOTE_UNAVAILABLE_REASON_SEED_UNAVAILABLE',
] as const;

export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

export const MarketQuoteUnavailable = z
  .object({
    symbol: z.string().min(1).meta({ description: 'The requested symbol, normalised.' }),
    reason: z.enum(UNAVAILABLE_REASONS).meta({
      description:
        'Why no quote was served: NOT_FOUND (not in the snapshot and not a listed-equity ticker, or unknown to the provider), ' +
        'PROVIDER_NOT_CONFIGURED (would need the live provider, which has no key), PROVIDER_RATE_LIMITED, PROVIDER_ERROR, ' +
        `REQUEST_LIMIT_EXCEEDED (beyond the first ${MAX_SYMBOLS} distinct symbols), UPSTREAM_BUDGET_EXHAUSTED (beyond the ` +
        'per-request provider lookup budget), SEED_UNAVAILABLE (the market snapshot is missing).',
    }),
  })
  .meta({
    id: 'market_v1_MarketQuoteUnavailable',
    description: 'A requested symbol that has no quote in this response.',
  });

export type MarketQuoteUnavailable = z.infer<typeof MarketQuoteUnavailable>;

export const ListMarketQuotesRequest = z.object({
  symbols: listParam(
    `Tickers, as repeated keys (\`symbols=AAPL&symbols=^GSPC\`) or comma-separated. Trimmed, upper-cased and ` +
      `de-duplicated; at most ${MAX_SYMBOLS} distinct symbols are served, each at most ${MAX_SYMBOL_LENGTH} characters. ` +
      'Omitted or empty: the default board of major indices and large caps.',
    { maxItemLength: MAX_SYMBOL_LENGTH },
  ),
});

export type ListMarketQuotesRequest = z.infer<typeof ListMarketQuotesRequest>;

export const ListMarketQuotesResponse = z
  .object({
    quotes: z.array(MarketQuote).meta({ description: 'Quotes in the order the symbols were requested.' }),
    providerSkipped: z.boolean().meta({
      description:
        'True when the live quote provider has no key configured, so symbols outside the snapshot cannot be looked up. Configuration, not a statement about the market.',
    }),
    skipReason: z
      .string()
      .meta({ description: 'Human-readable reason when providerSkipped is true; otherwise empty.' }),
    rateLimited: z
      .boolean()
      .meta({ description: 'True when the live provider refused a lookup for this request as rate-limited.' }),
    unavailableSymbols: z
      .array(MarketQuoteUnavailable)
      .meta({ description: 'Requested symbols without a quote, with the reason.' }),
    asOf: z.string().meta({
      description: 'Time of the newest price in the snapshot, ISO 8601 UTC; empty when there is no snapshot.',
    }),
  })
  .meta({ id: 'market_v1_ListMarketQuotesResponse', description: 'Stock and index quotes.' });

export type ListMarketQuotesResponse = z.infer<typeof ListMarketQuotesResponse>;

// ---- index boards: sectors, Gulf markets, country indices ---------------------------------------

const dbl = (description: string) => z.number().meta({ format: 'double', description });

export const SectorPerformance = z
  .object({
    symbol: z.string().min(1).meta({ description: 'Sector fund ticker (XLK ...).' }),
    name: z.string().meta({ description: 'Sector name.' }),
    change: dbl('Percent change over the requested period, two decimals.'),
  })
  .meta({ id: 'market_v1_SectorPerformance', description: 'One US sector fund’s move.' });

export const GetSectorSummaryRequest = z.object({
  period: stringParam(
    '1d (default: against the previous close), 5d or 1w (five sessions), 1m or 1mo (the month held); case-insensitive.',
    8,
  ),
});
export type GetSectorSummaryRequest = z.infer<typeof GetSectorSummaryRequest>;

export const GetSectorSummaryResponse = z
  .object({
    sectors: z.array(SectorPerformance).meta({
      description: 'The eleven Select Sector SPDR funds and the semiconductor fund; empty without a snapshot.',
    }),
  })
  .meta({ id: 'market_v1_GetSectorSummaryResponse', description: 'US sector performance.' });
export type GetSectorSummaryResponse = z.infer<typeof GetSectorSummaryResponse>;

export const GulfQuote = z
  .object({
    symbol: z.string().meta({ description: 'Yahoo symbol.' }),
    name: z.string().meta({ description: 'Index, currency or crude name.' }),
    flag: z.string().meta({ description: 'Flag emoji of the market.' }),
    country: z.string().meta({ description: 'Market (Saudi Arabia, UAE, Qatar, Kuwait, Bahrain, Oman, GCC, Global).' }),
    type: z.string().meta({ description: 'index, currency (US dollars per unit) or oil.' }),
    price: dbl('Latest price.'),
    change: dbl('Percent change against the previous close, two decimals.'),
    sparkline: z
      .array(z.number().meta({ format: 'double' }))
      .meta({ description: 'Daily closes of the last month, oldest first.' }),
  })
  .meta({ id: 'market_v1_GulfQuote', description: 'One Gulf market quote.' });

export const ListGulfQuotesRequest = z.object({});
export const ListGulfQuotesResponse = z
  .object({
    quotes: z.array(GulfQuote).meta({ description: 'Indices, then currencies, then crude; empty without a snapshot.' }),
    rateLimited: z
      .boolean()
      .meta({ description: 'Always false: answers come from the snapshot, never a rate-limited live call.' }),
  })
  .meta({ id: 'market_v1_ListGulfQuotesResponse', description: 'Gulf stock indices, currencies and crude.' });
export type ListGulfQuotesResponse = z.infer<typeof ListGulfQuotesResponse>;

export const GetCountryStockIndexRequest = z.object({
  country_code: z
    .string()
    .regex(/^[A-Z]{2}$/, { error: 'string must be an upper-case ISO 3166-1 alpha-2 code' })
    .optional()
    .meta({ description: 'ISO 3166-1 alpha-2 code, upper-case (45 countries are mapped). Omitted: US.' }),
});
export type GetCountryStockIndexRequest = z.infer<typeof GetCountryStockIndexRequest>;

export const GetCountryStockIndexResponse = z
  .object({
    available: z
      .boolean()
      .meta({ description: 'False when the country has no mapped index or the snapshot lacks it.' }),
    code: z.string().meta({ description: 'The requested country code.' }),
    symbol: z.string().meta({ description: 'Index symbol; empty when unavailable.' }),
    indexName: z.string().meta({ description: 'Index name; empty when unavailable.' }),
    price: dbl('Latest level, two decimals.'),
    weekChangePercent: dbl('Change over the last six closes (a trading week), percent, two decimals.'),
    currency: z.string().meta({ description: 'Quote currency.' }),
    fetchedAt: z.string().meta({ description: 'Time of the latest price, ISO 8601 UTC; empty when unavailable.' }),
  })
  .meta({ id: 'market_v1_GetCountryStockIndexResponse', description: 'A country’s benchmark stock index.' });
export type GetCountryStockIndexResponse = z.infer<typeof GetCountryStockIndexResponse>;

// ---- list-earnings-calendar ------------------------------------------------------------------

const ymd = (field: string, what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'string must be a date as YYYY-MM-DD' })
    .refine(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      { error: 'string must be a real calendar date' },
    )
    .optional()
    .meta({ description: `${what} (YYYY-MM-DD, inclusive). Omitted: the ${field} date of the calendar held.` });

export const EarningsEntry = z
  .object({
    symbol: z.string().meta({ description: 'Ticker.' }),
    company: z.string().meta({ description: 'Company name; empty, as Finnhub’s calendar does not carry it.' }),
    date: z.string().meta({ description: 'Report date, YYYY-MM-DD.' }),
    hour: z
      .string()
      .meta({ description: 'bmo (before the open), amc (after the close), dmh (during market hours) or empty.' }),
    epsEstimate: dbl('Consensus EPS estimate (0 when none).'),
    revenueEstimate: dbl('Consensus revenue estimate, US dollars (0 when none).'),
    epsActual: dbl('Reported EPS (0 before the report).'),
    revenueActual: dbl('Reported revenue (0 before the report).'),
    hasActuals: z.boolean().meta({ description: 'True once EPS has been reported.' }),
    surpriseDirection: z.string().meta({ description: 'beat or miss of the EPS estimate; empty before the report.' }),
  })
  .meta({ id: 'market_v1_EarningsEntry', description: 'One scheduled or reported quarterly result.' });

export const ListEarningsCalendarRequest = z.object({
  fromDate: ymd('first', 'First report date'),
  toDate: ymd('last', 'Last report date'),
});
export type ListEarningsCalendarRequest = z.infer<typeof ListEarningsCalendarRequest>;

export const ListEarningsCalendarResponse = z
  .object({
    earnings: z
      .array(EarningsEntry)
      .meta({ description: 'Reports in the range, by date then revenue estimate (largest first).' }),
    fromDate: z.string().meta({ description: 'The range start served.' }),
    toDate: z.string().meta({ description: 'The range end served.' }),
    total: z.number().int().meta({ format: 'int32', description: 'Reports in the range.' }),
    unavailable: z.boolean().meta({ description: 'True when no calendar is held (served with no-store).' }),
  })
  .meta({ id: 'market_v1_ListEarningsCalendarResponse', description: 'Upcoming and recent earnings reports.' });
export type ListEarningsCalendarResponse = z.infer<typeof ListEarningsCalendarResponse>;

// ---- get-insider-transactions ----------------------------------------------------------------

export const InsiderTransaction = z
  .object({
    name: z.string().meta({ description: 'Insider as filed.' }),
    shares: z.number().int().meta({ format: 'int64', description: 'Shares in the transaction.' }),
    value: dbl('Dollar value for open-market buys and sells; 0 for other codes.'),
    transactionCode: z.string().meta({
      description:
        'SEC Form 4 code: P buy, S sell, M option exercise, A grant, D disposition to issuer, F tax withholding.',
    }),
    transactionDate: z.string().meta({ description: 'YYYY-MM-DD.' }),
  })
  .meta({ id: 'market_v1_InsiderTransaction', description: 'One insider transaction.' });

export const GetInsiderTransactionsRequest = z.object({
  symbol: stringParam('Ticker; whitespace removed, upper-cased, at most 32 characters. Omitted: AAPL.', 64),
});
export type GetInsiderTransactionsRequest = z.infer<typeof GetInsiderTransactionsRequest>;

export const GetInsiderTransactionsResponse = z
  .object({
    unavailable: z
      .boolean()
      .meta({ description: 'True when the snapshot holds no filings for the ticker (served with no-store).' }),
    symbol: z.string().meta({ description: 'The ticker.' }),
    totalBuys: dbl('Open-market purchases (P) over 180 days, US dollars.'),
    totalSells: dbl('Open-market sales (S) over 180 days, US dollars.'),
    netValue: dbl('Purchases minus sales.'),
    transactions: z
      .array(InsiderTransaction)
      .meta({ description: 'The newest 20 listed transactions (codes P, S, M, A, D, F).' }),
    fetchedAt: z.string().meta({ description: 'When the filings were fetched, ISO 8601 UTC; empty when unavailable.' }),
  })
  .meta({ id: 'market_v1_GetInsiderTransactionsResponse', description: 'Insider buying and selling of one stock.' });
export type GetInsiderTransactionsResponse = z.infer<typeof GetInsiderTransactionsResponse>;

// ---- get-market-breadth-history --------------------------------------------------------------

const pct = (description: string) =>
  z
    .number()
    .optional()
    .meta({ format: 'double', description: `${description}; omitted when not reported.` });

export const BreadthSnapshot = z
  .object({
    date: z.string().meta({ description: 'Session, YYYY-MM-DD.' }),
    pctAbove20d: pct('Percent of S&P 500 members above their 20-day average'),
    pctAbove50d: pct('Percent above their 50-day average'),
    pctAbove200d: pct('Percent above their 200-day average'),
  })
  .meta({ id: 'market_v1_BreadthSnapshot', description: 'One session’s breadth readings.' });

export const GetMarketBreadthHistoryRequest = z.object({});
export const GetMarketBreadthHistoryResponse = z
  .object({
    currentPctAbove20d: pct('Latest percent above the 20-day average'),
    currentPctAbove50d: pct('Latest percent above the 50-day average'),
    currentPctAbove200d: pct('Latest percent above the 200-day average'),
    updatedAt: z
      .string()
      .meta({ description: 'When the latest readings were taken in, ISO 8601 UTC; empty when unavailable.' }),
    history: z.array(BreadthSnapshot).meta({ description: 'About a year of sessions, oldest first.' }),
    unavailable: z.boolean().meta({ description: 'True when no history is held (served with no-store).' }),
  })
  .meta({ id: 'market_v1_GetMarketBreadthHistoryResponse', description: 'S&P 500 breadth history.' });
export type GetMarketBreadthHistoryResponse = z.infer<typeof GetMarketBreadthHistoryResponse>;
