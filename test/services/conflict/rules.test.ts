import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  effectivePageSize,
  pageOfRange,
  timeRange,
  windowStart,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
} from '../../../src/services/conflict/rules.js';

const rows = fc
  .array(fc.integer({ min: 0, max: 50 }), { maxLength: 60 })
  .map((ts) => ts.sort((a, b) => b - a).map((t, i) => ({ id: `e${i}`, t })));

describe('timeRange', () => {
  it('selects exactly the rows with start <= t <= end (binary search equals a scan)', () => {
    fc.assert(
      fc.property(
        rows,
        fc.option(fc.integer({ min: -5, max: 55 }), { nil: undefined }),
        fc.option(fc.integer({ min: -5, max: 55 }), { nil: undefined }),
        (items, start, end) => {
          const [lo, hi] = timeRange(items, (x) => x.t, start, end);
          const expected = items.filter(
            (x) => (start === undefined || x.t >= start) && (end === undefined || x.t <= end),
          );
          expect(lo <= hi ? items.slice(lo, hi) : []).toEqual(expected);
        },
      ),
    );
  });
});

describe('pageOfRange', () => {
  it('walking the cursors visits every row of the range once, in order', () => {
    fc.assert(
      fc.property(rows, fc.integer({ min: 1, max: 9 }), (items, size) => {
        const [lo, hi] = timeRange(items, (x) => x.t, 10, 40);
        const seen: string[] = [];
        let cursor: string | undefined;
        for (let i = 0; i < 100; i++) {
          const page = pageOfRange(items, lo, hi, (x) => x.id, size, cursor);
          expect(page.totalCount).toBe(hi - lo);
          expect(page.items.length).toBeLessThanOrEqual(size);
          seen.push(...page.items.map((x) => x.id));
          if (!page.nextCursor) break;
          cursor = page.nextCursor;
        }
        expect(seen).toEqual(items.slice(lo, hi).map((x) => x.id));
      }),
    );
  });
});

describe('page size and windows', () => {
  it.each([
    [undefined, DEFAULT_PAGE_SIZE],
    [0, DEFAULT_PAGE_SIZE],
    [1, 1],
    [MAX_PAGE_SIZE, MAX_PAGE_SIZE],
    [MAX_PAGE_SIZE + 1, MAX_PAGE_SIZE],
    [2 ** 31 - 1, MAX_PAGE_SIZE],
  ])('page_size %s -> %s', (req, size) => expect(effectivePageSize(req)).toBe(size));

  it('a 30-day window starts at midnight UTC 30 days before the day', () => {
    expect(windowStart(Date.UTC(2026, 10, 20, 12), 30)).toBe(Date.UTC(2026, 9, 21));
    expect(windowStart(Date.UTC(2026, 10, 20, 0), 30)).toBe(Date.UTC(2026, 9, 21));
  });
});
