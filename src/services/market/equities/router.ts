import { markDegraded, type RequestContext } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { getCountryStockIndex, getSectorSummary, listGulfQuotes, type Outcome } from './boards-queries.js';
import { getInsiderTransactions, getMarketBreadthHistory, listEarningsCalendar } from './company-queries.js';
import { BREADTH_HISTORY } from './datasets/breadth-history.js';
import { EARNINGS_CALENDAR } from './datasets/earnings-calendar.js';
import { INDEX_BOARDS } from './datasets/index-boards.js';
import { INSIDER_TICKERS, INSIDER_TRANSACTIONS } from './datasets/insider-transactions.js';
import { MARKET_QUOTES } from './datasets/quotes.js';
import { providerFromConfig } from './provider.js';
import { listMarketQuotes } from './queries.js';
import {
  GetCountryStockIndexRequest,
  GetCountryStockIndexResponse,
  GetInsiderTransactionsRequest,
  GetInsiderTransactionsResponse,
  GetMarketBreadthHistoryRequest,
  GetMarketBreadthHistoryResponse,
  ListEarningsCalendarRequest,
  ListEarningsCalendarResponse,
  GetSectorSummaryRequest,
  GetSectorSummaryResponse,
  ListGulfQuotesRequest,
  ListGulfQuotesResponse,
  ListMarketQuotesRequest,
  ListMarketQuotesResponse,
} from './schemas.js';

function served<T>(ctx: RequestContext, outcome: Outcome<T>): T {
  if (outcome.degraded) markDegraded(ctx);
  return outcome.response;
}

const BOARDS_SOURCE = 'From the index-boards snapshot (a month of daily closes from Yahoo Finance chart data).';
import { MAX_SYMBOLS } from './rules.js';

/** Stocks and indices: quotes, sectors, country indices, Gulf markets, earnings, insiders, breadth. */
export const equitiesProcedures = {
  listMarketQuotes: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/list-market-quotes',
        operationId: 'ListMarketQuotes',
        tags: ['market'],
        summary: 'List stock and index quotes',
        description:
          'Latest price, percent change against the previous close and a one-month daily sparkline for each requested ' +
          `symbol, in the order requested (up to ${MAX_SYMBOLS} distinct symbols). Without symbols, a default board of ` +
          'major indices and large caps. Symbols the market snapshot lacks are listed in unavailableSymbols with a reason; ' +
          'providerSkipped says the live gap-filling provider is not configured.',
      },
      cacheTier: 'medium',
      ratePolicy: 'list-market-quotes',
      // Pure function of the query and the snapshot while no live provider is configured (there is
      // no provider key in the config yet); drop this once gap-filled quotes can appear.
      datasets: [MARKET_QUOTES],
    })
    .input(ListMarketQuotesRequest)
    .output(ListMarketQuotesResponse)
    .query(async ({ ctx, input }) => {
      const { response, degraded } = await listMarketQuotes(ctx.deps.store, input, providerFromConfig(ctx.deps.config));
      if (degraded) markDegraded(ctx);
      return response;
    }),

  getSectorSummary: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/get-sector-summary',
        operationId: 'GetSectorSummary',
        tags: ['market'],
        summary: 'Get US sector performance',
        description:
          'Percent move of the eleven Select Sector SPDR funds and the semiconductor fund (SMH), named by sector. period picks ' +
          `the span: 1d (default), 5d/1w, 1m/1mo; anything else is a 400. ${BOARDS_SOURCE} An empty list (no snapshot) is served with no-store.`,
      },
      cacheTier: 'medium',
      datasets: [INDEX_BOARDS],
    })
    .input(GetSectorSummaryRequest)
    .output(GetSectorSummaryResponse)
    .query(({ ctx, input }) => served(ctx, getSectorSummary(ctx.deps.store, input))),

  getCountryStockIndex: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/get-country-stock-index',
        operationId: 'GetCountryStockIndex',
        tags: ['market'],
        summary: 'Get a country’s benchmark stock index',
        description:
          'Level, week change (last six closes) and currency of the benchmark index of one of 45 countries (US S&P 500, GB FTSE ' +
          `100, JP Nikkei 225, SA Tadawul ...). country_code is an upper-case ISO alpha-2 code (400 otherwise); omitted: US. ${BOARDS_SOURCE} ` +
          'A country without a mapped index, or missing from the snapshot, answers available false with no-store; nothing is fetched live.',
      },
      cacheTier: 'slow',
      ratePolicy: 'get-country-stock-index',
      datasets: [INDEX_BOARDS],
    })
    .input(GetCountryStockIndexRequest)
    .output(GetCountryStockIndexResponse)
    .query(({ ctx, input }) => served(ctx, getCountryStockIndex(ctx.deps.store, input))),

  listGulfQuotes: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/list-gulf-quotes',
        operationId: 'ListGulfQuotes',
        tags: ['market'],
        summary: 'List Gulf market quotes',
        description:
          'Six Gulf stock indices and funds, six Gulf currencies (US dollars per unit) and WTI and Brent crude, each with its ' +
          `flag, country, type, price, change against the previous close and one-month sparkline. ${BOARDS_SOURCE} Takes no parameters; ` +
          'an empty list (no snapshot) is served with no-store.',
      },
      cacheTier: 'medium',
      datasets: [INDEX_BOARDS],
    })
    .input(ListGulfQuotesRequest)
    .output(ListGulfQuotesResponse)
    .query(({ ctx }) => served(ctx, listGulfQuotes(ctx.deps.store))),

  listEarningsCalendar: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/list-earnings-calendar',
        operationId: 'ListEarningsCalendar',
        tags: ['market'],
        summary: 'List the earnings calendar',
        description:
          'Quarterly reports from a week back to two weeks ahead (Finnhub earnings calendar, refreshed live with FINNHUB_API_KEY; ' +
          'the bundled sample otherwise): estimates, actuals once reported and beat/miss, limited to sizeable companies (revenue ' +
          'estimate of $10M or more, or an EPS estimate of at least 0.05 when revenue is unknown), the first 100 by date. fromDate ' +
          'and toDate (YYYY-MM-DD, inclusive) narrow the range; malformed dates are a 400. unavailable true (no-store) without a calendar.',
      },
      cacheTier: 'slow',
      datasets: [EARNINGS_CALENDAR],
    })
    .input(ListEarningsCalendarRequest)
    .output(ListEarningsCalendarResponse)
    .query(({ ctx, input }) => served(ctx, listEarningsCalendar(ctx.deps.store, input))),

  getInsiderTransactions: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/get-insider-transactions',
        operationId: 'GetInsiderTransactions',
        tags: ['market'],
        summary: 'Get insider transactions of a stock',
        description:
          `Form 4 insider activity over the last 180 days for ${INSIDER_TICKERS.join(', ')} (Finnhub insider transactions, ` +
          'refreshed live with FINNHUB_API_KEY; the bundled sample otherwise): dollar totals of open-market buys and sells and ' +
          'the newest 20 transactions. Without symbol: AAPL. A ticker the snapshot does not hold answers unavailable true (no-store).',
      },
      cacheTier: 'slow',
      ratePolicy: 'get-insider-transactions',
      datasets: [INSIDER_TRANSACTIONS],
    })
    .input(GetInsiderTransactionsRequest)
    .output(GetInsiderTransactionsResponse)
    .query(({ ctx, input }) => served(ctx, getInsiderTransactions(ctx.deps.store, input))),

  getMarketBreadthHistory: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/get-market-breadth-history',
        operationId: 'GetMarketBreadthHistory',
        tags: ['market'],
        summary: 'Get S&P 500 breadth history',
        description:
          'Percent of S&P 500 members above their 20-, 50- and 200-day averages (Barchart $S5TW, $S5FI, $S5TH end-of-day ' +
          'series) for about a year of sessions, with the latest readings. The history is a dataset each ingestion adds to ' +
          '(a session already held is updated); readings a series did not give are omitted, not zero. Takes no parameters; ' +
          'unavailable true (no-store) without a history.',
      },
      cacheTier: 'daily',
      datasets: [BREADTH_HISTORY],
    })
    .input(GetMarketBreadthHistoryRequest)
    .output(GetMarketBreadthHistoryResponse)
    .query(({ ctx }) => served(ctx, getMarketBreadthHistory(ctx.deps.store))),
};
