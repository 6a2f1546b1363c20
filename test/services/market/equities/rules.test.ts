import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isEquitySymbol,
  normaliseSymbols,
  percentChange,
  changeOverSessions,
  weekChange,
} from '../../../../src/services/market/equities/rules.js';

describe('normaliseSymbols', () => {
  it('upper-cases, strips whitespace and keeps the first occurrence', () => {
    expect(normaliseSymbols([' aapl', 'MSFT ', 'AaPl', 'b rk.b', ''])).toEqual({
      accepted: ['AAPL', 'MSFT', 'BRK.B'],
      overflow: [],
    });
  });

  it('caps distinct symbols and reports the overflow in order', () => {
    expect(normaliseSymbols(['a', 'b', 'a', 'c', 'd'], 2)).toEqual({ accepted: ['A', 'B'], overflow: ['C', 'D'] });
  });

  it('never loses or repeats a distinct symbol (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-zA-Z^.=]{1,6}$/), { maxLength: 40 }),
        fc.integer({ min: 1, max: 30 }),
        (raw, max) => {
          const { accepted, overflow } = normaliseSymbols(raw, max);
          const all = [...accepted, ...overflow];
          expect(new Set(all).size).toBe(all.length);
          expect(all).toEqual([...new Set(raw.map((s) => s.toUpperCase()))]);
          expect(accepted.length).toBe(Math.min(max, all.length));
        },
      ),
    );
  });
});

describe('isEquitySymbol', () => {
  it.each([
    ['AAPL', true],
    ['BRK.B', true],
    ['RDS-A', true],
    ['^GSPC', false],
    ['GC=F', false],
    ['EURUSD=X', false],
    ['TOOLONGNAME', false],
  ])('%s -> %s', (s, expected) => expect(isEquitySymbol(s)).toBe(expected));
});

describe('percentChange', () => {
  it('is percent against the previous close, two decimals', () => {
    expect(percentChange(110, 100)).toBe(10);
    expect(percentChange(99.5, 100)).toBe(-0.5);
    expect(percentChange(100, undefined)).toBe(0);
    expect(percentChange(100, 0)).toBe(0);
  });
});

describe('index board changes', () => {
  it('week change runs over the last six closes', () => {
    expect(weekChange([1, 100, 101, 102, 103, 104, 110])).toBe(10);
    expect(weekChange([5])).toBe(0);
  });
  it('a span of sessions or the whole month', () => {
    expect(changeOverSessions([100, 90, 110], 'month')).toBe(10);
    expect(changeOverSessions([100, 90, 99], 1)).toBe(10);
  });
});
