import { z } from 'zod';
import { boolParam, int32Param, listParam, stringParam } from '../../../platform/query-params.js';
import { ANALYSIS_TICKERS } from './datasets/daily-bars.js';

const dbl = (description: string) => z.number().meta({ format: 'double', description });
const i32 = (description: string) => z.number().int().meta({ format: 'int32', description });
const i64 = (description: string) => z.number().int().meta({ format: 'int64', description });
const str = (description: string) => z.string().meta({ description });

export const MAX_HISTORY_SYMBOLS = 8;
export const DEFAULT_LIMIT_PER_SYMBOL = 4;
export const DEFAULT_EVAL_WINDOW = 10;
export const DEFAULT_TICKER = ANALYSIS_TICKERS[0];

const symbolParam = (what: string) =>
  stringParam(
    `Ticker to ${what}; trimmed, whitespace removed, upper-cased, at most 32 characters. Omitted: ${DEFAULT_TICKER}.`,
    64,
  );

// ---- analyze-stock ---------------------------------------------------------------------------

export const StockAnalysisHeadline = z
  .object({
    title: str('Headline.'),
    source: str('Publisher.'),
    link: str('Article address.'),
    publishedAt: i64('Publication time, epoch ms.'),
    marketSessionAtPublish: str('Market session when published.'),
    alignedTradingDate: str('Trading day the headline is attributed to, YYYY-MM-DD.'),
    alignmentRule: z
      .enum([
        'HEADLINE_ALIGNMENT_RULE_UNSPECIFIED',
        'HEADLINE_ALIGNMENT_RULE_REGULAR_SESSION_SAME_TRADING_DAY',
        'HEADLINE_ALIGNMENT_RULE_PREMARKET_SAME_TRADING_DAY',
        'HEADLINE_ALIGNMENT_RULE_AFTER_HOURS_NEXT_TRADING_DAY',
        'HEADLINE_ALIGNMENT_RULE_NON_SESSION_NEXT_TRADING_DAY',
        'HEADLINE_ALIGNMENT_RULE_OVERNIGHT_SAME_TRADING_DAY',
      ])
      .meta({ description: 'How the publication time maps to a trading day.' }),
  })
  .meta({ id: 'market_v1_StockAnalysisHeadline', description: 'A news headline considered by an analysis.' });

export const AnalystConsensus = z
  .object({
    strongBuy: i32('Strong-buy ratings.'),
    buy: i32('Buy ratings.'),
    hold: i32('Hold ratings.'),
    sell: i32('Sell ratings.'),
    strongSell: i32('Strong-sell ratings.'),
    total: i32('All ratings.'),
    period: str('Rating period; empty when no consensus data is held.'),
  })
  .meta({
    id: 'market_v1_AnalystConsensus',
    description: 'Analyst rating counts (zeros: not held by this service’s snapshots).',
  });

export const PriceTarget = z
  .object({
    high: dbl('Highest target.'),
    low: dbl('Lowest target.'),
    mean: dbl('Mean target.'),
    median: dbl('Median target.'),
    current: dbl('Current price the targets are compared with.'),
    numberOfAnalysts: i32('Analysts with a target.'),
  })
  .meta({
    id: 'market_v1_PriceTarget',
    description: 'Analyst price targets (zeros: not held by this service’s snapshots).',
  });

export const UpgradeDowngrade = z
  .object({
    firm: str('Research firm.'),
    toGrade: str('New rating.'),
    fromGrade: str('Previous rating.'),
    action: str('up, down, init, main or reit.'),
    epochGradeDate: i64('Rating date, epoch seconds.'),
  })
  .meta({ id: 'market_v1_UpgradeDowngrade', description: 'One rating change.' });

export const Fundamentals = z
  .object({
    profitMargin: dbl('Net margin, fraction.'),
    grossMargin: dbl('Gross margin, fraction.'),
    operatingMargin: dbl('Operating margin, fraction.'),
    returnOnEquity: dbl('Return on equity, fraction.'),
    returnOnAssets: dbl('Return on assets, fraction.'),
    revenueGrowth: dbl('Revenue growth, fraction.'),
    earningsGrowth: dbl('Earnings growth, fraction.'),
    debtToEquity: dbl('Debt to equity, ratio.'),
    totalCash: dbl('Cash, reporting currency.'),
    totalDebt: dbl('Debt, reporting currency.'),
    freeCashflow: dbl('Free cash flow, reporting currency.'),
    ebitda: dbl('EBITDA, reporting currency.'),
    financialCurrency: str('Reporting currency; empty when not held.'),
  })
  .meta({
    id: 'market_v1_Fundamentals',
    description: 'Company fundamentals (zeros: not held by this service’s snapshots).',
  });

export const AnalyzeStockRequest = z.object({
  symbol: symbolParam('analyse'),
  name: stringParam('Display name to use instead of the listing’s name (at most 120 characters).', 120),
  include_news: boolParam(
    'Ask for recent headlines; no news source is configured, so the answer then says newsSearched false.',
  ),
});
export type AnalyzeStockRequest = z.infer<typeof AnalyzeStockRequest>;

export const AnalyzeStockResponse = z
  .object({
    available: z
      .boolean()
      .meta({ description: 'False when the ticker has no daily bars here (or too few); the figures are then zero.' }),
    symbol: str('Ticker analysed.'),
    name: str('Company name (or the requested name).'),
    display: str('Short label: the ticker.'),
    currency: str('Price currency.'),
    currentPrice: dbl('Close of the latest daily bar.'),
    changePercent: dbl('Percent change of that close against the previous one.'),
    signalScore: dbl(
      'Technical score, 0-100: trend 30, distance from MA5 20, volume 15, nearby supports 10, MACD 15, RSI 10.',
    ),
    signal: str('Strong buy, Buy, Hold, Watch, Sell or Strong sell.'),
    trendStatus: str(
      'Moving-average alignment: Strong bull, Bull, Weak bull, Consolidation, Weak bear, Bear, Strong bear.',
    ),
    volumeStatus: str('Heavy/Shrinking volume up/down, or Normal volume (latest volume against the five before).'),
    macdStatus: str('Golden cross (above zero), Crossing above/below zero, Bullish, Bearish or Death cross.'),
    rsiStatus: str('RSI(12) band: Overbought (>70), Strong (>60), Neutral (≥40), Weak (≥30), Oversold.'),
    summary: str('Written summary; see provider for who wrote it.'),
    action: str('Buy, Hold, Wait, Reduce or Sell.'),
    confidence: str('High (score ≥75), Medium (≥55) or Low.'),
    technicalSummary: str('The technical figures in one paragraph.'),
    newsSummary: str('Summary of headlines; empty when no news was searched.'),
    whyNow: str('Why the signal stands on the latest bar, with its levels.'),
    bullishFactors: z.array(z.string()).meta({ description: 'Supporting observations.' }),
    riskFactors: z.array(z.string()).meta({ description: 'Opposing observations.' }),
    supportLevels: z
      .array(z.number().meta({ format: 'double' }))
      .meta({ description: 'MA5/MA10 within 2% below the price, and MA20 when below it.' }),
    resistanceLevels: z
      .array(z.number().meta({ format: 'double' }))
      .meta({ description: 'The 20-bar high when above the price.' }),
    headlines: z
      .array(StockAnalysisHeadline)
      .meta({ description: 'Headlines considered (none: no news source is configured).' }),
    ma5: dbl('5-day simple moving average.'),
    ma10: dbl('10-day simple moving average.'),
    ma20: dbl('20-day simple moving average.'),
    ma60: dbl('60-day simple moving average (the 20-day one with fewer than 60 bars).'),
    biasMa5: dbl('Percent distance of the price from MA5.'),
    biasMa10: dbl('Percent distance of the price from MA10.'),
    biasMa20: dbl('Percent distance of the price from MA20.'),
    volumeRatio5d: dbl('Latest volume over the mean of the five before.'),
    rsi12: dbl('Wilder RSI over 12 bars.'),
    macdDif: dbl('MACD line: EMA12 − EMA26.'),
    macdDea: dbl('Signal line: EMA9 of the MACD line.'),
    macdBar: dbl('Histogram: 2 × (DIF − DEA).'),
    provider: str(
      'Who wrote the summary: llm (the configured model provider, from the computed figures) or rules (deterministic text).',
    ),
    model: str('Model name when the model provider wrote the summary; empty for rules.'),
    fallback: z.boolean().meta({ description: 'True when the summary is rules-written (provider off or failing).' }),
    newsSearched: z.boolean().meta({ description: 'True when a news source was searched.' }),
    generatedAt: str('When this analysis was computed, ISO 8601 UTC.'),
    analysisId: str('stock:<engine>:<SYMBOL>:<analysisAt>:<news|core>.'),
    analysisAt: i64('Open time of the analysed daily bar, epoch ms.'),
    stopLoss: dbl('Stop level for the signal’s side.'),
    takeProfit: dbl('Target level for the signal’s side.'),
    engineVersion: str('Rules version.'),
    analystConsensus: AnalystConsensus,
    priceTarget: PriceTarget,
    recentUpgrades: z.array(UpgradeDowngrade).meta({ description: 'Recent rating changes (none held).' }),
    dividendYield: dbl('Dividend yield, percent (0: not held).'),
    trailingAnnualDividendRate: dbl('Dividends over the last year per share (0: not held).'),
    exDividendDate: i64('Last ex-dividend date, epoch seconds (0: not held).'),
    payoutRatio: dbl('Payout ratio (0: not held).'),
    dividendFrequency: str('Dividend frequency (empty: not held).'),
    dividendCagr: dbl('Dividend growth rate (0: not held).'),
    marketSession: str('Session of the latest bar: regular for daily bars.'),
    extendedPrice: dbl('Pre/post-market price (0: not held).'),
    extendedChangePercent: dbl('Pre/post-market change (0: not held).'),
    fundamentals: Fundamentals,
    fundamentalScore: dbl('Fundamental score (0: no fundamentals held, so the composite is the technical score).'),
    compositeScore: dbl('Overall score: the technical score while no fundamentals are held.'),
    nextEarningsDate: str('Next earnings date (empty: not held).'),
    consensusEps: dbl('Consensus EPS for that report (0: not held).'),
    consensusRevenue: dbl('Consensus revenue for that report (0: not held).'),
    newsSentiment: dbl('Headline sentiment −1..1 (0 without headlines).'),
    realizedVolatility: dbl('Annualised volatility of daily log returns, percent.'),
    atr: dbl('Wilder average true range over 14 bars.'),
    maxDrawdown: dbl('Largest peak-to-trough fall over the bars, percent.'),
    ratingSignal: str('Signal from the composite score.'),
    ratingSummary: str('Summary of the rating.'),
    ratingAction: str('Action for the rating.'),
    ratingConfidence: str('Confidence of the rating.'),
    ratingWhyNow: str('Why the rating stands now.'),
    ratingBullishFactors: z.array(z.string()),
    ratingRiskFactors: z.array(z.string()),
  })
  .meta({
    id: 'market_v1_AnalyzeStockResponse',
    description: 'A technical analysis of one stock over its daily bars.',
  });
export type AnalyzeStockResponse = z.infer<typeof AnalyzeStockResponse>;

// ---- get-stock-analysis-history ---------------------------------------------------------------

export const GetStockAnalysisHistoryRequest = z.object({
  symbols: listParam(
    `Tickers, repeated or comma-separated; the first ${MAX_HISTORY_SYMBOLS} are used. Omitted: the analysed tickers of the snapshot.`,
    {
      maxItemLength: 64,
    },
  ),
  limit_per_symbol: int32Param({
    min: 0,
    max: 32,
    description: `Analyses per ticker, 1-32; omitted or 0: ${DEFAULT_LIMIT_PER_SYMBOL}.`,
  }),
  include_news: boolParam('Read the analyses run with include_news (true) or without (false, default).'),
});
export type GetStockAnalysisHistoryRequest = z.infer<typeof GetStockAnalysisHistoryRequest>;

export const StockAnalysisHistoryItem = z
  .object({
    symbol: str('Ticker.'),
    snapshots: z.array(AnalyzeStockResponse).meta({ description: 'Analyses, newest analysed bar first.' }),
  })
  .meta({ id: 'market_v1_StockAnalysisHistoryItem', description: 'One ticker’s stored analyses.' });

export const GetStockAnalysisHistoryResponse = z
  .object({
    items: z
      .array(StockAnalysisHistoryItem)
      .meta({ description: 'Tickers with at least one analysis, in request order.' }),
  })
  .meta({ id: 'market_v1_GetStockAnalysisHistoryResponse', description: 'Analyses this account ran.' });
export type GetStockAnalysisHistoryResponse = z.infer<typeof GetStockAnalysisHistoryResponse>;

// ---- backtest-stock --------------------------------------------------------------------------

export const BacktestStockEvaluation = z
  .object({
    analysisAt: i64('Open time of the bar the signal was given on, epoch ms.'),
    signal: str('The signal then.'),
    signalScore: dbl('Its score.'),
    entryPrice: dbl('Close of that bar.'),
    exitPrice: dbl('Stop, target, or the close at the end of the window.'),
    simulatedReturnPct: dbl('Percent return of the position (inverted for a short).'),
    directionCorrect: z
      .boolean()
      .meta({ description: 'The close at the end of the window moved the way the signal pointed.' }),
    outcome: str('stop_loss, take_profit or window_close.'),
    stopLoss: dbl('Stop level.'),
    takeProfit: dbl('Target level.'),
    analysisId: str('ledger:<engine>:<SYMBOL>:<analysisAt>.'),
  })
  .meta({ id: 'market_v1_BacktestStockEvaluation', description: 'One replayed signal.' });

export const BacktestStockRequest = z.object({
  symbol: symbolParam('backtest'),
  name: stringParam('Display name (at most 120 characters).', 120),
  eval_window_days: int32Param({
    min: 0,
    max: 30,
    description: `Bars each signal is held, 3-30; omitted or 0: ${DEFAULT_EVAL_WINDOW}.`,
  }),
});
export type BacktestStockRequest = z.infer<typeof BacktestStockRequest>;

export const BacktestStockResponse = z
  .object({
    available: z.boolean().meta({ description: 'False when the ticker has no (or too few) daily bars here.' }),
    symbol: str('Ticker.'),
    name: str('Company name (or the requested name).'),
    display: str('Short label: the ticker.'),
    currency: str('Price currency.'),
    evalWindowDays: i32('Bars each signal was held.'),
    evaluationsRun: i32('Bars the signal was computed on (the ledger).'),
    actionableEvaluations: i32('Buy or sell signals with a full window after them.'),
    winRate: dbl('Percent of those with a positive return.'),
    directionAccuracy: dbl('Percent of those where the window’s close moved the signalled way.'),
    avgSimulatedReturnPct: dbl('Mean return, percent.'),
    cumulativeSimulatedReturnPct: dbl('Sum of returns, percent.'),
    latestSignal: str('Signal on the newest bar.'),
    latestSignalScore: dbl('Its score.'),
    summary: str('The result in one sentence (rules-written).'),
    generatedAt: str('When computed, ISO 8601 UTC.'),
    evaluations: z.array(BacktestStockEvaluation).meta({ description: 'The newest eight evaluations, newest first.' }),
    engineVersion: str('Rules version.'),
    ratingBasis: str('technical_only: no fundamentals or news enter the replay.'),
  })
  .meta({
    id: 'market_v1_BacktestStockResponse',
    description: 'The technical signal replayed over the ticker’s daily bars.',
  });
export type BacktestStockResponse = z.infer<typeof BacktestStockResponse>;

export const ListStoredStockBacktestsRequest = z.object({
  symbols: listParam(
    `Tickers, repeated or comma-separated; the first ${MAX_HISTORY_SYMBOLS} are used. Omitted: every stored ticker.`,
    { maxItemLength: 64 },
  ),
  eval_window_days: int32Param({
    min: 0,
    max: 30,
    description: `Window of the stored backtests, 3-30; omitted or 0: ${DEFAULT_EVAL_WINDOW}.`,
  }),
});
export type ListStoredStockBacktestsRequest = z.infer<typeof ListStoredStockBacktestsRequest>;

export const ListStoredStockBacktestsResponse = z
  .object({ items: z.array(BacktestStockResponse).meta({ description: 'Stored backtests, newest first.' }) })
  .meta({ id: 'market_v1_ListStoredStockBacktestsResponse', description: 'Backtests this account ran.' });
