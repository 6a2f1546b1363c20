import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { dailyBarsDataset } from '../../../../src/services/market/analysis/datasets/daily-bars.js';
import { DAILY_QUOTA, MARKET_ANALYSES } from '../../../../src/services/market/analysis/store.js';

const PATH = '/api/market/v1/backtest-stock';
const STORED = '/api/market/v1/list-stored-stock-backtests';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [dailyBarsDataset] });
});
afterAll(() => app.close());

const as = (key: string) => ({ 'x-service-key': key });

describe('GET backtest-stock', () => {
  it('replays the signal over the default ticker with a ten-bar window', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({
      available: true,
      symbol: 'AAPL',
      evalWindowDays: 10,
      engineVersion: 'v3-technical-only',
      ratingBasis: 'technical_only',
    });
    // 129 bars, analysed from the 60th: 70 ledger entries.
    expect(b.evaluationsRun).toBe(70);
    expect(b.actionableEvaluations).toBeGreaterThan(0);
    expect(b.evaluations.length).toBe(Math.min(8, b.actionableEvaluations));
    const times = b.evaluations.map((e: { analysisAt: number }) => e.analysisAt);
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    for (const e of b.evaluations) {
      expect(['stop_loss', 'take_profit', 'window_close']).toContain(e.outcome);
      expect(e.signal).toMatch(/buy|sell/i);
      expect(e.analysisId).toBe(`ledger:v3-technical-only:AAPL:${e.analysisAt}`);
    }
    expect(b.winRate).toBeGreaterThanOrEqual(0);
    expect(b.winRate).toBeLessThanOrEqual(100);
    expect(b.summary).toMatch(/rules-written/);
  });

  it('holds signals for eval_window_days, which changes the outcome', async () => {
    const short = await app.get(`${PATH}?symbol=nvda&eval_window_days=3`);
    const long = await app.get(`${PATH}?symbol=NVDA&eval_window_days=30`);
    expect(short.body.evalWindowDays).toBe(3);
    expect(long.body.evalWindowDays).toBe(30);
    expect(short.body.actionableEvaluations).toBeGreaterThan(long.body.actionableEvaluations);
    expect((await app.get(`${PATH}?eval_window_days=0`)).body.evalWindowDays).toBe(10);
  });

  it('refuses a window outside 3-30', async () => {
    expectViolation(await app.get(`${PATH}?eval_window_days=2`), 'eval_window_days');
    expectViolation(await app.get(`${PATH}?eval_window_days=31`), 'eval_window_days');
    expectViolation(await app.get(`${PATH}?eval_window_days=1.5`), 'eval_window_days');
  });

  it('answers a ticker outside the snapshot as unavailable, not cached', async () => {
    const res = await app.get(`${PATH}?symbol=BRK.B`);
    expect(res.body).toMatchObject({ available: false, symbol: 'BRK.B', evaluations: [], evaluationsRun: 0 });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the per-account daily quota', () => {
  it('refuses a fresh backtest past the quota with 429 until UTC midnight; other accounts are unaffected', async () => {
    const spent = await app.createKey({ plan: 'pro' });
    const now = app.deps.clock.now();
    for (let i = 0; i < DAILY_QUOTA.backtest; i++)
      await app.deps.stores.get(MARKET_ANALYSES).takeQuota(spent.accountId, 'backtest', now);
    const res = await app.get(`${PATH}?symbol=AAPL`, as(spent.key));
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: 'Stock backtest daily quota exceeded' });
    const midnight = Math.ceil((now + 1) / 86_400_000) * 86_400_000;
    expect(Number(res.headers.get('retry-after'))).toBe(Math.ceil((midnight - now) / 1000));
    expect((await app.get(`${PATH}?symbol=AAPL`, as((await app.createKey({ plan: 'pro' })).key))).status).toBe(200);
  });
});

describe('GET list-stored-stock-backtests', () => {
  it('lists the calling account’s latest backtests for the window, newest first', async () => {
    const a = await app.createKey({ plan: 'pro' });
    const b = await app.createKey({ plan: 'pro' });
    await app.get(`${PATH}?symbol=MSFT`, as(a.key));
    await app.get(`${PATH}?symbol=ZZZZ`, as(a.key));
    await app.get(`${PATH}?symbol=JPM&eval_window_days=5`, as(a.key));
    const mine = await app.get(STORED, as(a.key));
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((i: { symbol: string }) => i.symbol)).toEqual(['MSFT']);
    expect(
      (await app.get(`${STORED}?eval_window_days=5`, as(a.key))).body.items.map((i: { symbol: string }) => i.symbol),
    ).toEqual(['JPM']);
    expect((await app.get(`${STORED}?symbols=JPM`, as(a.key))).body.items).toEqual([]);
    expect((await app.get(STORED, as(b.key))).body.items).toEqual([]);
    expectViolation(await app.get(`${STORED}?eval_window_days=2`), 'eval_window_days');
    expect((await app.get(STORED, as((await app.createKey({ plan: 'free' })).key))).status).toBe(403);
  });
});
