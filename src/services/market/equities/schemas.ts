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
    sparkline: z.array(z.number().meta({ format: 'double' })).meta({ description: 'Recent daily closes, oldest first.' }),
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
  .meta({ id: 'market_v1_MarketQuoteUnavailable', description: 'A requested symbol that has no quote in this response.' });

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
      description: 'True when the live quote provider has no key configured, so symbols outside the snapshot cannot be looked up. Configuration, not a statement about the market.',
    }),
    skipReason: z.string().meta({ description: 'Human-readable reason when providerSkipped is true; otherwise empty.' }),
    rateLimited: z.boolean().meta({ description: 'True when the live provider refused a lookup for this request as rate-limited.' }),
    unavailableSymbols: z.array(MarketQuoteUnavailable).meta({ description: 'Requested symbols without a quote, with the reason.' }),
    asOf: z.string().meta({ description: 'Time of the newest price in the snapshot, ISO 8601 UTC; empty when there is no snapshot.' }),
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
  period: stringParam('1d (default: against the previous close), 5d or 1w (five sessions), 1m or 1mo (the month held); case-insensitive.', 8),
});
export type GetSectorSummaryRequest = z.infer<typeof GetSectorSummaryRequest>;

export const GetSectorSummaryResponse = z
  .object({ sectors: z.array(SectorPerformance).meta({ description: 'The eleven Select Sector SPDR funds and the semiconductor fund; empty without a snapshot.' }) })
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
    sparkline: z.array(z.number().meta({ format: 'double' })).meta({ description: 'Daily closes of the last month, oldest first.' }),
  })
  .meta({ id: 'market_v1_GulfQuote', description: 'One Gulf market quote.' });

export const ListGulfQuotesRequest = z.object({});
export const ListGulfQuotesResponse = z
  .object({
    quotes: z.array(GulfQuote).meta({ description: 'Indices, then currencies, then crude; empty without a snapshot.' }),
    rateLimited: z.boolean().meta({ description: 'Always false: answers come from the snapshot, never a rate-limited live call.' }),
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
    available: z.boolean().meta({ description: 'False when the country has no mapped index or the snapshot lacks it.' }),
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
