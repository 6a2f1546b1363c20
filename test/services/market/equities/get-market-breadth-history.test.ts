import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../support/app.js';
import {
  BREADTH_KEEP,
  breadthHistoryDataset,
  buildBreadth,
} from '../../../../src/services/market/equities/datasets/breadth-history.js';
import { parseBarchartEod } from '../../../../src/sources/barchart/eod.js';

const PATH = '/api/market/v1/get-market-breadth-history';

describe('GET get-market-breadth-history', () => {
  it('serves a year of sessions from the sample, with the latest readings', async () => {
    await withTestApp({ samples: [breadthHistoryDataset] }, async (app) => {
      const res = await app.get(PATH);
      expect(res.status).toBe(200);
      const b = res.body;
      expect(b.unavailable).toBe(false);
      expect(b.history).toHaveLength(BREADTH_KEEP);
      expect(b.history.at(-1)).toEqual({
        date: '2026-11-19',
        pctAbove20d: 61.77,
        pctAbove50d: 58.44,
        pctAbove200d: 59.71,
      });
      expect(b).toMatchObject({ currentPctAbove20d: 61.77, currentPctAbove50d: 58.44, currentPctAbove200d: 59.71 });
      // A session one series did not report keeps the others and omits that reading.
      const gap = b.history.find((h: { date: string }) => h.date === '2026-08-14');
      expect(gap.pctAbove50d).toBeUndefined();
      expect(gap.pctAbove20d).toEqual(expect.any(Number));
    });
  });

  it('each ingestion adds to the history: a new session is appended, a held one updated, a year kept', async () => {
    await withTestApp({ samples: [breadthHistoryDataset] }, async (app) => {
      const next = (v: number) => Buffer.from(`$X,2026-11-19,1,1,1,${v},0\n$X,2026-11-20,1,1,1,${v + 1},0\n`);
      const r = await app.deps.runner.run(breadthHistoryDataset, {
        origin: { kind: 'bytes', payloads: { s5tw: next(40), s5th: next(70) } },
      });
      expect(r.ok).toBe(true);
      const b = (await app.get(PATH)).body;
      expect(b.history).toHaveLength(BREADTH_KEEP);
      expect(b.history.at(-2)).toEqual({ date: '2026-11-19', pctAbove20d: 40, pctAbove50d: 58.44, pctAbove200d: 70 });
      expect(b.history.at(-1)).toEqual({ date: '2026-11-20', pctAbove20d: 41, pctAbove200d: 71 });
      // The newest 50-day reading is still the one from the day before.
      expect(b).toMatchObject({ currentPctAbove20d: 41, currentPctAbove50d: 58.44, currentPctAbove200d: 71 });
    });
  });

  it('is unavailable and not cached without a history', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ updatedAt: '', history: [], unavailable: true });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('Barchart EOD series', () => {
  it('reads sessions and refuses other lines', () => {
    expect(parseBarchartEod('$S5TH,2026-11-19,1,2,0.5,1.5,0\n\n')).toEqual([
      { symbol: '$S5TH', date: '2026-11-19', close: 1.5 },
    ]);
    expect(() => parseBarchartEod('<html>blocked</html>')).toThrow(/not symbol,date/);
    expect(() => parseBarchartEod('')).toThrow(/no sessions/);
    expect(() => buildBreadth({}, 0)).toThrow(/no Barchart/);
  });
});
