import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_TERMS, toMatchExpression } from '../../../src/platform/archive/query.js';

describe('toMatchExpression', () => {
  it.each([
    ['port strike', '"port" "strike"'],
    ['  Port,  strike! ', '"Port" "strike"'],
    ['"rail strike" germany', '"rail strike" "germany"'],
    ['"unclosed phrase', '"unclosed phrase"'],
    ['earth*', '"earth"*'],
    ['e*', '"e"'],
    ['tsunami OR freight', '"tsunami" OR "freight"'],
    ['strike NOT rain', '"strike" NOT "rain"'],
    ['OR strike', '"strike"'],
    ['strike OR', '"strike"'],
    ['a OR NOT b', '"a" OR "b"'],
    ['a AND b', '"a" "b"'],
    ['or not near', '"or" "not" "near"'],
    ['NEAR(a b, 2)', '"NEAR" "a" "b" "2"'],
    ['title:port', '"title" "port"'],
    ['{title body}:port ^x', '"title" "body" "port" "x"'],
    ['', undefined],
    ['"" * : ^ ( )', undefined],
    ['Grève 東京', '"Grève" "東京"'],
  ])('%j -> %j', (input, expected) => {
    expect(toMatchExpression(input)).toBe(expected);
  });

  it('keeps at most MAX_TERMS terms', () => {
    const out = toMatchExpression(Array.from({ length: 100 }, (_, i) => `w${i}`).join(' '))!;
    expect(out.split(' ')).toHaveLength(MAX_TERMS);
  });

  it('only ever emits quoted words, prefixes and operators between terms (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        const out = toMatchExpression(s);
        if (out === undefined) return;
        const parts = out.match(/"[^"]*"\*?|OR|NOT/g) ?? [];
        expect(parts.join(' ')).toBe(out);
        expect(parts[0]).toMatch(/^"/);
        expect(parts.at(-1)).toMatch(/^"/);
      }),
      { numRuns: 500 },
    );
  });
});
