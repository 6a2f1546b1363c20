import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { evaluateWindow, windowStartOf } from '../../../src/platform/ratelimit/window.js';

const W = 60_000;
const T0 = Date.UTC(2026, 10, 20, 12, 0, 0); // minute-aligned

describe('sliding-window arithmetic', () => {
  it.each([
    // prev, curr, limit, offset into window, allowed, remaining
    [0, 0, 10, 0, true, 9],
    [0, 9, 10, 0, true, 0],
    [0, 10, 10, 0, false, 0],
    [10, 0, 10, 0, false, 0], // the whole previous window still overlaps
    [10, 0, 10, 6_000, true, 0], // 10 * 54/60 = 9 -> one more fits
    [10, 0, 10, 5_999, false, 0],
    [10, 0, 10, 30_000, true, 4], // 5 weighted + 1 -> 4 left
    [4, 3, 10, 59_999, true, 5], // a sliver of the previous window still counts; remaining rounds down,
  ])(
    'prev %i, curr %i, limit %i at +%i ms -> allowed %s, remaining %i',
    (prev, curr, limit, offset, allowed, remaining) => {
      const o = evaluateWindow(prev, curr, limit, W, T0 + offset);
      expect(o.allowed).toBe(allowed);
      expect(o.remaining).toBe(remaining);
      expect(o.limit).toBe(limit);
    },
  );

  it('resets once everything counted has slid out: the end of the next fixed window after an admission', () => {
    expect(evaluateWindow(0, 0, 5, W, T0 + 12_345).resetAt).toBe(T0 + 2 * W);
  });

  it('reports the same reset for every answer of one burst, admitted or refused', () => {
    const resets: number[] = [];
    let curr = 0;
    for (let i = 0; i < 8; i++) {
      const o = evaluateWindow(3, curr, 5, W, T0 + 1000 + i);
      resets.push(o.resetAt);
      if (o.allowed) curr++;
    }
    for (let i = 1; i < resets.length; i++) expect(resets[i]).toBeGreaterThanOrEqual(resets[i - 1]);
  });

  it('on a denial, retryAt is the first instant a request is admitted again', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: W - 1 }),
        (prev, curr, limit, offset) => {
          const now = T0 + offset;
          const o = evaluateWindow(prev, curr, limit, W, now);
          if (o.allowed) return;
          expect(o.retryAt).toBeGreaterThan(now);
          expect(o.resetAt).toBeGreaterThanOrEqual(o.retryAt);
          // Counts carry over as they would with no further admissions.
          const at = (t: number) => {
            const start = windowStartOf(t, W);
            if (start === T0) return evaluateWindow(prev, curr, limit, W, t);
            return start === T0 + W ? evaluateWindow(curr, 0, limit, W, t) : evaluateWindow(0, 0, limit, W, t);
          };
          expect(at(o.retryAt).allowed).toBe(true);
          if (o.retryAt - 1 > now) expect(at(o.retryAt - 1).allowed).toBe(false);
        },
      ),
    );
  });

  it('never admits more than the limit within one fixed window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.integer({ min: 0, max: W - 1 }), { maxLength: 80 }),
        (prev, limit, offsets) => {
          let curr = 0;
          for (const off of [...offsets].sort((a, b) => a - b))
            if (evaluateWindow(prev, curr, limit, W, T0 + off).allowed) curr++;
          expect(curr).toBeLessThanOrEqual(limit);
        },
      ),
    );
  });

  it('aligns windows to multiples of their length', () => {
    expect(windowStartOf(T0 + 59_999, W)).toBe(T0);
    expect(windowStartOf(T0 + 60_000, W)).toBe(T0 + W);
  });
});
