import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anyTermExpression,
  cosine,
  isLexicalPrecedent,
  searchTerms,
} from '../../../../src/services/intelligence/analysis/rules.js';
import { toMatchExpression } from '../../../../src/platform/archive/query.js';

describe('history rules', () => {
  it.each([
    ['Drone strike on the Odesa port', ['drone', 'strike', 'odesa', 'port']],
    ['The the THE a', []],
    ['OPEC+ output, OPEC output', ['opec', 'output']],
  ])('searchTerms(%j)', (text, terms) => expect(searchTerms(text)).toEqual(terms));

  it.each([
    [['drone', 'strike'], 'Drone strike hits Kyiv', true],
    [['drone', 'strike', 'port'], 'Drone seen over the sea', false],
    [['volcano'], 'Volcano erupts', true],
    [[], 'anything', false],
  ])('isLexicalPrecedent(%j, %j) is %s', (terms, text, expected) =>
    expect(isLexicalPrecedent(terms, text)).toBe(expected),
  );

  it('anyTermExpression is always a valid, safe FTS5 expression', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const e = anyTermExpression(searchTerms(s));
        if (e !== undefined) expect(toMatchExpression(e)).toBe(e);
      }),
    );
  });

  it('cosine stays in [-1, 1], is symmetric and 1 for a vector with itself', () => {
    const vec = fc.array(fc.double({ min: -1e3, max: 1e3, noNaN: true }), { minLength: 3, maxLength: 3 });
    fc.assert(
      fc.property(vec, vec, (a, b) => {
        const c = cosine(a, b);
        expect(c).toBeGreaterThanOrEqual(-1);
        expect(c).toBeLessThanOrEqual(1);
        expect(c).toBeCloseTo(cosine(b, a), 9);
        if (a.some((x) => Math.abs(x) > 1e-3)) expect(cosine(a, a)).toBeCloseTo(1, 9);
      }),
    );
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([1, 0], [1, 0, 0])).toBe(0);
  });
});
