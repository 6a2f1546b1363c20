import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../db/client.js';
import {
  DAILY_QUOTA,
  HISTORY_KEEP_PER_SYMBOL,
  listAnalyses,
  listBacktests,
  saveAnalysis,
  saveBacktest,
  takeQuota,
} from '../../../../src/services/market/analysis/store.js';

const NOW = Date.UTC(2026, 10, 20, 12);

describe('analysis history store', () => {
  it('keeps the newest analyses per account and symbol, and drops expired ones', () => {
    const db = openDatabase(':memory:');
    for (let i = 0; i < HISTORY_KEEP_PER_SYMBOL + 5; i++) {
      saveAnalysis(db, { accountId: 'a', symbol: 'AAPL', includeNews: false, analysisAt: i, analysisId: `id${i}`, body: String(i) }, NOW);
    }
    saveAnalysis(db, { accountId: 'b', symbol: 'AAPL', includeNews: false, analysisAt: 1, analysisId: 'x', body: 'other' }, NOW);
    const mine = listAnalyses(db, 'a', ['AAPL'], false, 100, NOW).get('AAPL')!;
    expect(mine).toHaveLength(HISTORY_KEEP_PER_SYMBOL);
    expect(mine[0]).toBe(String(HISTORY_KEEP_PER_SYMBOL + 4));
    expect(listAnalyses(db, 'b', ['AAPL'], false, 100, NOW).get('AAPL')).toEqual(['other']);
    expect(listAnalyses(db, 'a', ['AAPL'], false, 100, NOW + 91 * 86_400_000).get('AAPL')).toBeUndefined();
  });

  it('keeps one backtest per account, symbol and window, replaced by the newer run', () => {
    const db = openDatabase(':memory:');
    saveBacktest(db, { accountId: 'a', symbol: 'AAPL', evalWindowDays: 10, body: 'old' }, NOW);
    saveBacktest(db, { accountId: 'a', symbol: 'MSFT', evalWindowDays: 10, body: 'msft' }, NOW + 1);
    saveBacktest(db, { accountId: 'a', symbol: 'AAPL', evalWindowDays: 10, body: 'new' }, NOW + 2);
    expect(listBacktests(db, 'a', [], 10, NOW + 3)).toEqual(['new', 'msft']);
    expect(listBacktests(db, 'a', ['MSFT'], 10, NOW + 3)).toEqual(['msft']);
    expect(listBacktests(db, 'a', [], 5, NOW + 3)).toEqual([]);
  });
});

describe('daily quota', () => {
  it('allows the quota per account and UTC day, then refuses until the next day', () => {
    const db = openDatabase(':memory:');
    for (let i = 0; i < DAILY_QUOTA.backtest; i++) expect(takeQuota(db, 'a', 'backtest', NOW)).toBe(true);
    expect(takeQuota(db, 'a', 'backtest', NOW)).toBe(false);
    expect(takeQuota(db, 'b', 'backtest', NOW)).toBe(true);
    expect(takeQuota(db, 'a', 'analyze', NOW)).toBe(true);
    expect(takeQuota(db, 'a', 'backtest', NOW + 86_400_000)).toBe(true);
  });
});
