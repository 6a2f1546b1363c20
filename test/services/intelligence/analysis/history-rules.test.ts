import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { parseIntelHistory } from '../../../../src/services/intelligence/analysis/datasets/intel-history.js';
import {
  anyTermExpression,
  cosine,
  isLexicalPrecedent,
  searchTerms,
  withinWindow,
} from '../../../../src/services/intelligence/analysis/rules.js';
import { toMatchExpression } from '../../../../src/platform/archive/query.js';

const DAY = 86_400_000;

describe('intel history export parser', () => {
  it('reads the bundled sample: three domains, bounded to 180 days before the export', () => {
    const { records, info } = parseIntelHistory(
      readFileSync(path.join(SAMPLES_DIR, 'intelligence/intel-history.json')),
    );
    expect(records.length).toBe(73);
    expect(info).toEqual({ exportedAt: Date.parse('2026-11-20T10:00:00Z'), dropped: 1 });
    expect(new Set(records.map((r) => r.domain))).toEqual(new Set(['conflict', 'military', 'energy']));
    expect(records.every((r) => r.occurredAt >= info.exportedAt - 180 * DAY)).toBe(true);
  });

  it('skips invalid records, keeps the latest version of a repeated id, normalises countries', () => {
    const base = { id: 'a', domain: 'conflict', title: 'T', occurredAt: 1_000 * DAY, ingestedAt: 1_000 * DAY };
    const doc = {
      records: [
        base,
        { ...base, title: 'T2', ingestedAt: 1_000 * DAY + 5 },
        { ...base, id: 'b', domain: 'cyber' },
        { ...base, id: 'c', title: '' },
        { ...base, id: 'd', country: 'ua' },
        { ...base, id: 'e', country: 'Ukraine' },
      ],
    };
    const { records } = parseIntelHistory(Buffer.from(JSON.stringify(doc)));
    expect(records.map((r) => [r.id, r.title, r.country])).toEqual([
      ['a', 'T2', ''],
      ['d', 'T', 'UA'],
      ['e', 'T', ''],
    ]);
  });

  it('refuses documents that are not the export', () => {
    expect(() => parseIntelHistory(Buffer.from('<html>'))).toThrow(/not JSON/);
    expect(() => parseIntelHistory(Buffer.from('{"items":[]}'))).toThrow(/no records array/);
  });
});

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

  it('withinWindow keeps only the window, newest first, at most the cap', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 60 }),
        fc.integer({ min: 0, max: 30 }),
        (ages, cap) => {
          const anchor = 1_000 * DAY;
          const recs = ages.map((a, i) => ({ id: String(i), occurredAt: anchor - a * DAY }));
          const kept = withinWindow(recs, anchor, 180, cap);
          expect(kept.length).toBe(Math.min(cap, ages.filter((a) => a <= 180).length));
          expect(kept.every((r) => r.occurredAt >= anchor - 180 * DAY)).toBe(true);
          for (let i = 1; i < kept.length; i++)
            expect(kept[i - 1]!.occurredAt).toBeGreaterThanOrEqual(kept[i]!.occurredAt);
        },
      ),
    );
  });
});
