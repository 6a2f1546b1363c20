import { ServiceError } from '../../../platform/errors.js';
import { dataTimeOf } from '../../../platform/snapshots/data-time.js';
import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import type { AppDeps } from '../../../trpc/context.js';
import type { Llm } from '../../../platform/llm/provider.js';
import { DAILY_BARS, type DailyBarsInfo, type TickerBars } from './datasets/daily-bars.js';
import { writeNarrative } from './narrative.js';
import {
  backtest,
  BACKTEST_ENGINE_VERSION,
  ENGINE_VERSION,
  ledger,
  MIN_ANALYSIS_BARS,
  MIN_BACKTEST_BARS,
  round,
  technicals,
} from './rules.js';
import {
  type AnalyzeStockRequest,
  type AnalyzeStockResponse,
  type BacktestStockRequest,
  type BacktestStockResponse,
  DEFAULT_EVAL_WINDOW,
  DEFAULT_LIMIT_PER_SYMBOL,
  DEFAULT_TICKER,
  type GetStockAnalysisHistoryRequest,
  type GetStockAnalysisHistoryResponse,
  type ListStoredStockBacktestsRequest,
  MAX_HISTORY_SYMBOLS,
} from './schemas.js';
import { DAILY_QUOTA, MARKET_ANALYSES, type AnalysisStore, type QuotaKind } from './store.js';

/** What the queries read: the snapshots, and the account's stored analyses (wherever they live). */
type StoreDeps = { store: SnapshotStore } & Pick<AppDeps, 'db' | 'stores'>;

export interface Outcome<T> {
  response: T;
  degraded: boolean;
}

/** Trimmed, inner whitespace removed, upper-cased, at most 32 characters. */
export const sanitiseSymbol = (raw: string) => raw.replace(/\s+/g, '').toUpperCase().slice(0, 32);

function tickerBars(store: SnapshotStore, symbol: string): TickerBars | undefined {
  const snapshot = store.read<TickerBars, DailyBarsInfo>(DAILY_BARS);
  return snapshot?.derive('bySymbol', (s) => new Map(s.records.map((r) => [r.symbol, r]))).get(symbol);
}

/** Refuses a fresh computation past the account's daily quota, with the wait until UTC midnight. */
async function spendQuota(analyses: AnalysisStore, accountId: string, kind: QuotaKind, now: number): Promise<void> {
  if (await analyses.takeQuota(accountId, kind, now)) return;
  const midnight = Date.UTC(
    new Date(now).getUTCFullYear(),
    new Date(now).getUTCMonth(),
    new Date(now).getUTCDate() + 1,
  );
  const what = kind === 'analyze' ? 'Stock analysis' : 'Stock backtest';
  throw ServiceError.gateway(429, `${what} daily quota exceeded`, {
    'Retry-After': String(Math.max(1, Math.ceil((midnight - now) / 1000))),
    'X-RateLimit-Limit': String(DAILY_QUOTA[kind]),
    'X-RateLimit-Remaining': '0',
    'X-RateLimit-Reset': String(midnight),
  });
}

const UNAVAILABLE_TEXT =
  'No daily bars for this ticker in the market snapshot; tickers outside it would need a live chart provider, which is not configured.';

function emptyAnalysis(symbol: string, name: string, now: number): AnalyzeStockResponse {
  const zeros = { strongBuy: 0, buy: 0, hold: 0, sell: 0, strongSell: 0, total: 0, period: '' };
  return {
    available: false,
    symbol,
    name: name || symbol,
    display: symbol,
    currency: '',
    currentPrice: 0,
    changePercent: 0,
    signalScore: 0,
    signal: '',
    trendStatus: '',
    volumeStatus: '',
    macdStatus: '',
    rsiStatus: '',
    summary: UNAVAILABLE_TEXT,
    action: '',
    confidence: '',
    technicalSummary: '',
    newsSummary: '',
    whyNow: '',
    bullishFactors: [],
    riskFactors: [],
    supportLevels: [],
    resistanceLevels: [],
    headlines: [],
    ma5: 0,
    ma10: 0,
    ma20: 0,
    ma60: 0,
    biasMa5: 0,
    biasMa10: 0,
    biasMa20: 0,
    volumeRatio5d: 0,
    rsi12: 0,
    macdDif: 0,
    macdDea: 0,
    macdBar: 0,
    provider: 'rules',
    model: '',
    fallback: true,
    newsSearched: false,
    generatedAt: new Date(now).toISOString(),
    analysisId: '',
    analysisAt: 0,
    stopLoss: 0,
    takeProfit: 0,
    engineVersion: ENGINE_VERSION,
    analystConsensus: zeros,
    priceTarget: { high: 0, low: 0, mean: 0, median: 0, current: 0, numberOfAnalysts: 0 },
    recentUpgrades: [],
    dividendYield: 0,
    trailingAnnualDividendRate: 0,
    exDividendDate: 0,
    payoutRatio: 0,
    dividendFrequency: '',
    dividendCagr: 0,
    marketSession: '',
    extendedPrice: 0,
    extendedChangePercent: 0,
    fundamentals: {
      profitMargin: 0,
      grossMargin: 0,
      operatingMargin: 0,
      returnOnEquity: 0,
      returnOnAssets: 0,
      revenueGrowth: 0,
      earningsGrowth: 0,
      debtToEquity: 0,
      totalCash: 0,
      totalDebt: 0,
      freeCashflow: 0,
      ebitda: 0,
      financialCurrency: '',
    },
    fundamentalScore: 0,
    compositeScore: 0,
    nextEarningsDate: '',
    consensusEps: 0,
    consensusRevenue: 0,
    newsSentiment: 0,
    realizedVolatility: 0,
    atr: 0,
    maxDrawdown: 0,
    ratingSignal: '',
    ratingSummary: '',
    ratingAction: '',
    ratingConfidence: '',
    ratingWhyNow: '',
    ratingBullishFactors: [],
    ratingRiskFactors: [],
  };
}

/**
 * The analysis of the ticker's latest daily bar. An account's analysis of a given bar is computed
 * once and stored (its history); asking again answers the stored one without spending quota.
 */
export async function analyzeStock(
  deps: StoreDeps & { llm: Llm },
  accountId: string,
  req: AnalyzeStockRequest,
  now: number,
): Promise<Outcome<AnalyzeStockResponse>> {
  const symbol = sanitiseSymbol(req.symbol ?? '') || DEFAULT_TICKER;
  const name = (req.name ?? '').trim();
  const includeNews = req.include_news ?? false;
  const data = tickerBars(deps.store, symbol);
  // Written from the bars: stamped with their data time, not the clock's (`now` is for quota and storage).
  const barsAt = dataTimeOf(deps.store, [DAILY_BARS]);
  if (!data || data.bars.length < MIN_ANALYSIS_BARS)
    return { response: emptyAnalysis(symbol, name, barsAt), degraded: true };

  const analysisAt = data.bars.at(-1)!.time;
  const analyses = deps.stores.get(MARKET_ANALYSES);
  const stored = await analyses.findAnalysis(accountId, symbol, includeNews, analysisAt);
  if (stored) return { response: JSON.parse(stored) as AnalyzeStockResponse, degraded: false };
  await spendQuota(analyses, accountId, 'analyze', now);

  const t = technicals(data.bars);
  const text = await writeNarrative(deps.llm, symbol, name || data.name, t);
  const analysisId = `stock:${ENGINE_VERSION}:${symbol}:${analysisAt}:${includeNews ? 'news' : 'core'}`;
  const base = emptyAnalysis(symbol, name || data.name, barsAt);
  const response: AnalyzeStockResponse = {
    ...base,
    available: true,
    currency: data.currency,
    currentPrice: t.price,
    changePercent: t.changePercent,
    signalScore: t.score,
    signal: t.signal,
    trendStatus: t.trend,
    volumeStatus: t.volumeStatus,
    macdStatus: t.macdStatus,
    rsiStatus: t.rsiStatus,
    ...text,
    supportLevels: t.supportLevels,
    resistanceLevels: t.resistanceLevels,
    ma5: t.ma5,
    ma10: t.ma10,
    ma20: t.ma20,
    ma60: t.ma60,
    biasMa5: t.biasMa5,
    biasMa10: t.biasMa10,
    biasMa20: t.biasMa20,
    volumeRatio5d: t.volumeRatio5d,
    rsi12: t.rsi12,
    macdDif: t.macdDif,
    macdDea: t.macdDea,
    macdBar: t.macdBar,
    analysisId,
    analysisAt,
    stopLoss: t.stopLoss,
    takeProfit: t.takeProfit,
    marketSession: 'regular',
    compositeScore: t.score,
    realizedVolatility: t.realizedVolatility,
    atr: t.atr,
    maxDrawdown: t.maxDrawdown,
    // No fundamentals are held, so the rating is the technical read itself.
    ratingSignal: t.signal,
    ratingSummary: text.summary,
    ratingAction: text.action,
    ratingConfidence: text.confidence,
    ratingWhyNow: text.whyNow,
    ratingBullishFactors: text.bullishFactors,
    ratingRiskFactors: text.riskFactors,
  };
  await analyses.saveAnalysis(
    { accountId, symbol, includeNews, analysisAt, analysisId, body: JSON.stringify(response) },
    now,
  );
  return { response, degraded: false };
}

/** First eight requested tickers, sanitised and de-duplicated. */
function requestedSymbols(raw: readonly string[] | undefined): string[] {
  return [...new Set(raw?.slice(0, MAX_HISTORY_SYMBOLS).map(sanitiseSymbol).filter(Boolean) ?? [])];
}

export async function getStockAnalysisHistory(
  deps: StoreDeps,
  accountId: string,
  req: GetStockAnalysisHistoryRequest,
  now: number,
): Promise<GetStockAnalysisHistoryResponse> {
  const limit = req.limit_per_symbol || DEFAULT_LIMIT_PER_SYMBOL;
  let symbols = requestedSymbols(req.symbols);
  if (symbols.length === 0) symbols = deps.store.read<TickerBars>(DAILY_BARS)?.records.map((r) => r.symbol) ?? [];
  const found = await deps.stores
    .get(MARKET_ANALYSES)
    .listAnalyses(accountId, symbols, req.include_news ?? false, limit, now);
  return {
    items: symbols.flatMap((symbol) => {
      const bodies = found.get(symbol);
      return bodies?.length ? [{ symbol, snapshots: bodies.map((b) => JSON.parse(b) as AnalyzeStockResponse) }] : [];
    }),
  };
}

export function validateWindow(v: number | undefined): number {
  if (v !== undefined && v !== 0 && v < 3)
    throw ServiceError.validation([
      { field: 'eval_window_days', description: 'number must be greater than or equal to 3' },
    ]);
  return v || DEFAULT_EVAL_WINDOW;
}

export async function backtestStock(
  deps: StoreDeps,
  accountId: string,
  req: BacktestStockRequest,
  now: number,
): Promise<Outcome<BacktestStockResponse>> {
  const window = validateWindow(req.eval_window_days);
  const symbol = sanitiseSymbol(req.symbol ?? '') || DEFAULT_TICKER;
  const name = (req.name ?? '').trim();
  const data = tickerBars(deps.store, symbol);
  // Evaluated over the bars: stamped with their data time, not the clock's (`now` is for quota and storage).
  const generatedAt = new Date(dataTimeOf(deps.store, [DAILY_BARS])).toISOString();
  const head = {
    symbol,
    display: symbol,
    evalWindowDays: window,
    generatedAt,
    engineVersion: BACKTEST_ENGINE_VERSION,
    ratingBasis: 'technical_only',
  };
  if (!data || data.bars.length < MIN_BACKTEST_BARS) {
    const response: BacktestStockResponse = {
      ...head,
      available: false,
      name: name || symbol,
      currency: '',
      evaluationsRun: 0,
      actionableEvaluations: 0,
      winRate: 0,
      directionAccuracy: 0,
      avgSimulatedReturnPct: 0,
      cumulativeSimulatedReturnPct: 0,
      latestSignal: '',
      latestSignalScore: 0,
      summary: 'Backtest unavailable for this symbol: the market snapshot holds too few or no daily bars for it.',
      evaluations: [],
    };
    return { response, degraded: true };
  }
  const analyses = deps.stores.get(MARKET_ANALYSES);
  await spendQuota(analyses, accountId, 'backtest', now);
  const snapshot = deps.store.read<TickerBars, DailyBarsInfo>(DAILY_BARS)!;
  // The ledger depends only on the bars: computed once per snapshot version and ticker.
  const entries = snapshot.derive(`ledger:${symbol}`, () => ledger(data.bars));
  const stats = backtest(data.bars, entries, window);
  const latest = entries.at(-1)!;
  const n = stats.evaluations.length;
  const response: BacktestStockResponse = {
    ...head,
    available: true,
    name: name || data.name,
    currency: data.currency,
    evaluationsRun: entries.length,
    actionableEvaluations: n,
    winRate: stats.winRate,
    directionAccuracy: stats.directionAccuracy,
    avgSimulatedReturnPct: stats.avgReturnPct,
    cumulativeSimulatedReturnPct: stats.cumulativeReturnPct,
    latestSignal: latest.signal,
    latestSignalScore: latest.score,
    summary:
      n === 0
        ? `No buy or sell signal of ${symbol} had a full ${window}-bar window in the replayed history; latest signal ${latest.signal}.`
        : `Over ${n} buy/sell signals held up to ${window} bars, ${symbol} won ${stats.winRate}% with an average return of ${stats.avgReturnPct}% ` +
          `(rules-written; technical signals only). Latest signal: ${latest.signal}.`,
    evaluations: stats.evaluations
      .slice(-8)
      .reverse()
      .map((e) => ({
        analysisAt: e.time,
        signal: e.signal,
        signalScore: e.score,
        entryPrice: e.entry,
        exitPrice: round(e.exit),
        simulatedReturnPct: round(e.returnPct),
        directionCorrect: e.directionCorrect,
        outcome: e.outcome,
        stopLoss: e.stopLoss,
        takeProfit: e.takeProfit,
        analysisId: `ledger:${BACKTEST_ENGINE_VERSION}:${symbol}:${e.time}`,
      })),
  };
  await analyses.saveBacktest({ accountId, symbol, evalWindowDays: window, body: JSON.stringify(response) }, now);
  return { response, degraded: false };
}

export async function listStoredStockBacktests(
  deps: StoreDeps,
  accountId: string,
  req: ListStoredStockBacktestsRequest,
  now: number,
): Promise<{ items: BacktestStockResponse[] }> {
  const window = validateWindow(req.eval_window_days);
  const stored = await deps.stores
    .get(MARKET_ANALYSES)
    .listBacktests(accountId, requestedSymbols(req.symbols), window, now);
  const items = stored.map((b) => JSON.parse(b) as BacktestStockResponse);
  return { items: items.filter((i) => i.available) };
}
