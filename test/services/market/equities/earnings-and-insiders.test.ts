import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import {
  earningsCalendarDataset,
  buildEarnings,
} from '../../../../src/services/market/equities/datasets/earnings-calendar.js';
import { insiderTransactionsDataset } from '../../../../src/services/market/equities/datasets/insider-transactions.js';
import { summariseInsiders, keepEarning, surpriseDirection } from '../../../../src/services/market/equities/rules.js';

const CAL = '/api/market/v1/list-earnings-calendar';
const INS = '/api/market/v1/get-insider-transactions';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [earningsCalendarDataset, insiderTransactionsDataset] });
});
afterAll(() => app.close());

describe('GET list-earnings-calendar', () => {
  it('serves the sizeable reports of the calendar held, by date then revenue estimate', async () => {
    const res = await app.get(CAL);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.unavailable).toBe(false);
    expect(b.fromDate).toBe('2026-11-13');
    expect(b.toDate).toBe('2026-12-10');
    expect(b.total).toBe(b.earnings.length);
    const symbols = b.earnings.map((e: { symbol: string }) => e.symbol);
    expect(symbols).not.toContain('TINY'); // revenue estimate under $10M
    expect(symbols).not.toContain('MICR'); // no revenue estimate and a negligible EPS estimate
    expect(symbols).toContain('SPEC'); // no revenue estimate but a material EPS estimate
    const dates = b.earnings.map((e: { date: string }) => e.date);
    expect([...dates].sort()).toEqual(dates);
    const nvda = b.earnings.find((e: { symbol: string }) => e.symbol === 'NVDA');
    expect(nvda).toMatchObject({ date: '2026-11-18', hour: 'amc', hasActuals: true, company: '' });
    expect(['beat', 'miss', '']).toContain(nvda.surpriseDirection);
    const crm = b.earnings.find((e: { symbol: string }) => e.symbol === 'CRM');
    expect(crm).toMatchObject({ hasActuals: false, epsActual: 0, surpriseDirection: '' });
  });

  it('narrows to fromDate..toDate inclusive', async () => {
    const res = await app.get(`${CAL}?fromDate=2026-11-24&toDate=2026-11-24`);
    expect(res.body.fromDate).toBe('2026-11-24');
    expect(res.body.earnings.length).toBeGreaterThan(3);
    for (const e of res.body.earnings) expect(e.date).toBe('2026-11-24');
    // Same day, largest revenue estimate first.
    expect(res.body.earnings[0].symbol).toBe('DELL');
  });

  it('refuses malformed or inverted dates', async () => {
    expectViolation(await app.get(`${CAL}?fromDate=2026-13-01`), 'fromDate');
    expectViolation(await app.get(`${CAL}?toDate=20261124`), 'toDate');
    expectViolation(await app.get(`${CAL}?fromDate=2026-11-25&toDate=2026-11-24`), 'toDate');
  });
});

describe('GET get-insider-transactions', () => {
  it('summarises AAPL by default: buys and sells in dollars, the newest 20 listed transactions', async () => {
    const res = await app.get(INS);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({ unavailable: false, symbol: 'AAPL' });
    expect(b.netValue).toBe(b.totalBuys - b.totalSells);
    expect(b.transactions.length).toBeLessThanOrEqual(20);
    const dates = b.transactions.map((t: { transactionDate: string }) => t.transactionDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const t of b.transactions) {
      expect(['P', 'S', 'M', 'A', 'D', 'F']).toContain(t.transactionCode);
      if (!['P', 'S'].includes(t.transactionCode)) expect(t.value).toBe(0);
      expect(t.transactionDate >= '2026-05-24').toBe(true);
    }
    expect(b.fetchedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('counts an open-market purchase as a buy', async () => {
    const res = await app.get(`${INS}?symbol=%20nvda`);
    expect(res.body.symbol).toBe('NVDA');
    expect(res.body.totalBuys).toBeGreaterThanOrEqual(Math.round(25000 * 188.4));
  });

  it('answers a ticker the snapshot does not hold as unavailable, not cached', async () => {
    const res = await app.get(`${INS}?symbol=ZZZZ`);
    expect(res.body).toEqual({
      unavailable: true,
      symbol: 'ZZZZ',
      totalBuys: 0,
      totalSells: 0,
      netValue: 0,
      transactions: [],
      fetchedAt: '',
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('Finnhub datasets', () => {
  it('live ingestion without FINNHUB_API_KEY stops before any request, naming the variable; the samples still serve', async () => {
    const r = await app.deps.runner.run(earningsCalendarDataset, { origin: { kind: 'live' } });
    expect(r.ok).toBe(false);
    expect(JSON.stringify(r)).toMatch(/FINNHUB_API_KEY/);
    expect((await app.get(CAL)).body.unavailable).toBe(false);
  });

  it('refuses a calendar with fewer than three sizeable reports', () => {
    expect(() => buildEarnings(Buffer.from('{"earningsCalendar":[]}'))).toThrow(/only 0/);
    expect(() => buildEarnings(Buffer.from('{"nope":1}'))).toThrow(/earningsCalendar/);
  });

  it('without snapshots: unavailable, not cached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(CAL);
      expect(res.body).toMatchObject({ unavailable: true, earnings: [], total: 0 });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('rules', () => {
  it.each([
    [20_000_000, 0.01, true],
    [5_000_000, 3, false],
    [null, 0.05, true],
    [0, -0.2, true],
    [null, 0.04, false],
    [null, null, false],
  ])('keepEarning(%s, %s) = %s', (rev, eps, keep) => expect(keepEarning(rev, eps)).toBe(keep));
  it('surprise direction', () => {
    expect([
      surpriseDirection(1.1, 1),
      surpriseDirection(0.9, 1),
      surpriseDirection(1, 1),
      surpriseDirection(null, 1),
    ]).toEqual(['beat', 'miss', '', '']);
  });
  it('insider totals count only P and S within 180 days', () => {
    const now = Date.UTC(2026, 10, 20);
    const s = summariseInsiders(
      [
        { name: 'a', change: 10, transactionDate: '2026-11-01', transactionCode: 'P', transactionPrice: 5 },
        { name: 'b', change: -4, transactionDate: '2026-10-01', transactionCode: 'S', transactionPrice: 10 },
        { name: 'c', change: 100, transactionDate: '2026-10-02', transactionCode: 'M', transactionPrice: 1 },
        { name: 'd', change: -100, transactionDate: '2026-10-03', transactionCode: 'G', transactionPrice: 0 },
        { name: 'e', change: 1000, transactionDate: '2026-01-01', transactionCode: 'P', transactionPrice: 5 },
      ],
      now,
    );
    expect(s).toMatchObject({ totalBuys: 50, totalSells: 40, netValue: 10 });
    expect(s.transactions.map((t) => t.name)).toEqual(['a', 'c', 'b']);
    expect(s.transactions[1]).toMatchObject({ shares: 100, value: 0 });
  });
});
