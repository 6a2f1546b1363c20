import { beforeAll, describe, expect, it } from 'vitest';
import {
  DAILY_QUOTA,
  HISTORY_KEEP_PER_SYMBOL,
  MARKET_ANALYSES,
  type AnalysisStore,
} from '../../../../src/services/market/analysis/store.js';
import { storeEngines } from '../../../support/engines/store-engines.js';

// One specification of the stored analyses, backtests and daily quota for both engines, then what
// several nodes add: counting the quota at once, exactly.

const NOW = Date.UTC(2026, 10, 20, 12);

const engines = storeEngines('analyses', MARKET_ANALYSES);

describe.each(engines)('stock analysis store on $name', (engine) => {
  let store: AnalysisStore;
  let node: () => Promise<AnalysisStore>;
  beforeAll(async () => {
    node = await engine.storage();
    store = await node();
  });

  it('finds an analysis by account, symbol, news flag and bar; the first one stored for a bar stays', async () => {
    const row = {
      accountId: 'a',
      symbol: 'NVDA',
      includeNews: false,
      analysisAt: 100,
      analysisId: 'n1',
      body: 'first',
    };
    await store.saveAnalysis(row, NOW);
    await store.saveAnalysis({ ...row, body: 'second' }, NOW);
    expect(await store.findAnalysis('a', 'NVDA', false, 100)).toBe('first');
    expect(await store.findAnalysis('a', 'NVDA', true, 100)).toBeUndefined();
    expect(await store.findAnalysis('b', 'NVDA', false, 100)).toBeUndefined();
    expect(await store.findAnalysis('a', 'NVDA', false, 101)).toBeUndefined();
  });

  it('keeps the newest analyses per account and symbol, and drops expired ones', async () => {
    for (let i = 0; i < HISTORY_KEEP_PER_SYMBOL + 5; i++) {
      await store.saveAnalysis(
        { accountId: 'a', symbol: 'AAPL', includeNews: false, analysisAt: i, analysisId: `id${i}`, body: String(i) },
        NOW,
      );
    }
    await store.saveAnalysis(
      { accountId: 'b', symbol: 'AAPL', includeNews: false, analysisAt: 1, analysisId: 'x', body: 'other' },
      NOW,
    );
    const mine = (await store.listAnalyses('a', ['AAPL'], false, 100, NOW)).get('AAPL')!;
    expect(mine).toHaveLength(HISTORY_KEEP_PER_SYMBOL);
    expect(mine[0]).toBe(String(HISTORY_KEEP_PER_SYMBOL + 4));
    expect(mine.at(-1)).toBe('5');
    expect((await store.listAnalyses('a', ['AAPL'], false, 3, NOW)).get('AAPL')).toEqual(['36', '35', '34']);
    expect((await store.listAnalyses('b', ['AAPL'], false, 100, NOW)).get('AAPL')).toEqual(['other']);
    expect((await store.listAnalyses('a', ['AAPL', 'MSFT'], false, 100, NOW)).has('MSFT')).toBe(false);
    expect((await store.listAnalyses('a', [], false, 100, NOW)).size).toBe(0);
    expect((await store.listAnalyses('a', ['AAPL'], false, 100, NOW + 91 * 86_400_000)).get('AAPL')).toBeUndefined();
  });

  it('keeps one backtest per account, symbol and window, replaced by the newer run', async () => {
    await store.saveBacktest({ accountId: 'a', symbol: 'AAPL', evalWindowDays: 10, body: 'old' }, NOW);
    await store.saveBacktest({ accountId: 'a', symbol: 'MSFT', evalWindowDays: 10, body: 'msft' }, NOW + 1);
    await store.saveBacktest({ accountId: 'a', symbol: 'AAPL', evalWindowDays: 10, body: 'new' }, NOW + 2);
    expect(await store.listBacktests('a', [], 10, NOW + 3)).toEqual(['new', 'msft']);
    expect(await store.listBacktests('a', ['MSFT'], 10, NOW + 3)).toEqual(['msft']);
    expect(await store.listBacktests('a', [], 5, NOW + 3)).toEqual([]);
    expect(await store.listBacktests('b', [], 10, NOW + 3)).toEqual([]);
    // Past the retention the stored runs are no longer listed.
    expect(await store.listBacktests('a', [], 10, NOW + 31 * 86_400_000)).toEqual([]);
  });

  it('allows the quota per account and UTC day, then refuses until the next day', async () => {
    for (let i = 0; i < DAILY_QUOTA.backtest; i++) expect(await store.takeQuota('q', 'backtest', NOW)).toBe(true);
    expect(await store.takeQuota('q', 'backtest', NOW)).toBe(false);
    expect(await store.takeQuota('q2', 'backtest', NOW)).toBe(true);
    expect(await store.takeQuota('q', 'analyze', NOW)).toBe(true);
    expect(await store.takeQuota('q', 'backtest', NOW + 86_400_000)).toBe(true);
  });

  it('counts exactly when two nodes take quota at once', async () => {
    const other = await node();
    const tries = DAILY_QUOTA.backtest + 40;
    const outcomes = await Promise.all(
      Array.from({ length: tries }, (_, i) => (i % 2 ? store : other).takeQuota('race', 'backtest', NOW)),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(DAILY_QUOTA.backtest);
    expect(await other.takeQuota('race', 'backtest', NOW)).toBe(false);
  });
});
