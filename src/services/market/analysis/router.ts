import { markDegraded, type RequestContext } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { ANALYSIS_TICKERS } from './datasets/daily-bars.js';
import { analyzeStock, backtestStock, getStockAnalysisHistory, listStoredStockBacktests } from './queries.js';
import {
  AnalyzeStockRequest,
  AnalyzeStockResponse,
  BacktestStockRequest,
  BacktestStockResponse,
  DEFAULT_TICKER,
  GetStockAnalysisHistoryRequest,
  GetStockAnalysisHistoryResponse,
  ListStoredStockBacktestsRequest,
  ListStoredStockBacktestsResponse,
} from './schemas.js';
import { DAILY_QUOTA } from './store.js';

const TICKERS = `${ANALYSIS_TICKERS.join(', ')}`;
const BARS = `six months of daily bars (Yahoo Finance chart data) for ${TICKERS}`;

/** Whose history a call reads and writes: the caller's account (an operator key counts as its own account). */
const accountOf = (ctx: RequestContext) => ctx.principal?.accountId ?? ctx.principal?.id ?? 'anonymous';

// No `datasets` on these: answers are per account, so they must not enter the shared response cache.
/** Stock analysis: technical read and backtest over the daily-bars snapshot, with per-account history. */
export const analysisProcedures = {
  analyzeStock: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/analyze-stock',
        operationId: 'AnalyzeStock',
        tags: ['market'],
        summary: 'Analyse a stock’s daily chart',
        description:
          `A deterministic technical analysis of the latest daily bar from ${BARS}: moving averages, MACD, RSI, volume, ` +
          'trend, a 0-100 score and signal, stop and target levels, volatility, ATR and drawdown. The summary is written by the ' +
          'configured model provider from those figures (provider llm), or by rules (provider rules, fallback true). Without symbol: ' +
          `${DEFAULT_TICKER}. A ticker outside the snapshot answers available false (no-store). Each new analysis is stored ` +
          `in the calling account’s history (get-stock-analysis-history); at most ${DAILY_QUOTA.analyze} new analyses per ` +
          'account per UTC day (429 past it). Requires a Pro entitlement.',
      },
      cacheTier: 'slow',
      requiredTier: 1,
      ratePolicy: 'analyze-stock',
    })
    .input(AnalyzeStockRequest)
    .output(AnalyzeStockResponse)
    .query(async ({ ctx, input }) => {
      const { response, degraded } = await analyzeStock(ctx.deps, accountOf(ctx), input, ctx.deps.clock.now());
      if (degraded) markDegraded(ctx);
      return response;
    }),

  getStockAnalysisHistory: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/get-stock-analysis-history',
        operationId: 'GetStockAnalysisHistory',
        tags: ['market'],
        summary: 'List the account’s stored stock analyses',
        description:
          'Analyses the calling account ran with analyze-stock (never another account’s), newest analysed bar first, ' +
          'limit_per_symbol per ticker (default 4, at most 32; the newest 32 per ticker are kept for 90 days), split by ' +
          'include_news. Without symbols: every ticker of the daily-bars snapshot. Requires a Pro entitlement.',
      },
      cacheTier: 'medium',
      requiredTier: 1,
    })
    .input(GetStockAnalysisHistoryRequest)
    .output(GetStockAnalysisHistoryResponse)
    .query(({ ctx, input }) => getStockAnalysisHistory(ctx.deps, accountOf(ctx), input, ctx.deps.clock.now())),

  backtestStock: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/backtest-stock',
        operationId: 'BacktestStock',
        tags: ['market'],
        summary: 'Backtest the technical signal on a stock',
        description:
          `Replays the analyze-stock technical signal over ${BARS}: the signal on every bar from the 60th, each buy or sell ` +
          'held eval_window_days bars (default 10, 3-30) with its stop and target, and the win rate, direction accuracy and ' +
          `returns. Without symbol: ${DEFAULT_TICKER}. A ticker outside the snapshot answers available false (no-store). The ` +
          `result is stored for the calling account (list-stored-stock-backtests); at most ${DAILY_QUOTA.backtest} backtests per ` +
          'account per UTC day (429 past it). Requires a Pro entitlement.',
      },
      cacheTier: 'slow',
      requiredTier: 1,
      ratePolicy: 'backtest-stock',
    })
    .input(BacktestStockRequest)
    .output(BacktestStockResponse)
    .query(async ({ ctx, input }) => {
      const { response, degraded } = await backtestStock(ctx.deps, accountOf(ctx), input, ctx.deps.clock.now());
      if (degraded) markDegraded(ctx);
      return response;
    }),

  listStoredStockBacktests: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/list-stored-stock-backtests',
        operationId: 'ListStoredStockBacktests',
        tags: ['market'],
        summary: 'List the account’s stored backtests',
        description:
          'The latest backtest the calling account ran per ticker for eval_window_days (default 10, 3-30), newest first, kept ' +
          '30 days; symbols narrows to those tickers (first 8). Requires a Pro entitlement.',
      },
      cacheTier: 'medium',
      requiredTier: 1,
    })
    .input(ListStoredStockBacktestsRequest)
    .output(ListStoredStockBacktestsResponse)
    .query(({ ctx, input }) => listStoredStockBacktests(ctx.deps, accountOf(ctx), input, ctx.deps.clock.now())),
};
