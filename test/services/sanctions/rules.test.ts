import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clampCount,
  compactNote,
  dice,
  nameScore,
  normaliseIdentifier,
  normaliseName,
  tally,
  markListings,
  trigrams,
} from '../../../src/services/sanctions/rules.js';

describe('normalisation', () => {
  it.each([
    ['KARIMI, Sergei', 'karimi sergei'],
    ['  Société  Générale-Bank ', 'societe generale bank'],
    ['"ORIENT" TRADING (CO.) LTD', 'orient trading co ltd'],
  ])('%s -> %s', (raw, norm) => expect(normaliseName(raw)).toBe(norm));
  it('compares identifiers without spaces or punctuation', () =>
    expect(normaliseIdentifier('imo 9-123 456')).toBe('IMO9123456'));
});

describe('similarity', () => {
  it('builds word-bounded trigrams', () => expect([...trigrams('ab cd')].sort()).toEqual([' ab', ' cd', 'ab ', 'cd ']));
  it.each([
    ['orient metals ooo', 'orient metals ooo', 1],
    ['orient metals', 'orient metals ooo', 0.9],
    ['orient', 'orientmetals', -1],
  ])('scores %s against %s', (q, name, expected) => {
    const s = nameScore(q, trigrams(q), name, trigrams(name));
    if (expected >= 0) expect(s).toBe(expected);
    else expect(s).toBeLessThan(0.9);
  });
  it('is symmetric, bounded and 1 on itself', () => {
    const word = fc.stringMatching(/^[a-z]{1,8}( [a-z]{1,8}){0,3}$/);
    fc.assert(
      fc.property(word, word, (a, b) => {
        const ga = trigrams(a);
        const gb = trigrams(b);
        expect(dice(ga, gb)).toBe(dice(gb, ga));
        expect(dice(ga, gb)).toBeGreaterThanOrEqual(0);
        expect(dice(ga, gb)).toBeLessThanOrEqual(1);
        expect(dice(ga, ga)).toBe(1);
      }),
    );
  });
});

describe('limits and tallies', () => {
  it.each([
    [undefined, 25],
    [0, 25],
    [-5, 25],
    [7, 7],
    [60, 60],
    [61, 60],
  ])('max_items %s -> %i', (n, e) => expect(clampCount(n, 25, 60)).toBe(e));
  it('compacts notes to 240 characters', () => {
    expect(compactNote(' a \n b ')).toBe('a b');
    expect(compactNote('x'.repeat(300))).toHaveLength(240);
  });
  it('counts each entry once per key, largest first', () => {
    const rows = [
      { k: ['RU', 'RU', 'AE'], t: 'vessel' },
      { k: ['RU'], t: 'aircraft' },
      { k: ['IR'], t: 'entity' },
    ];
    expect(
      tally(
        rows,
        (r) => r.k,
        (r) => r.t,
        2,
      ),
    ).toEqual([
      { key: 'RU', entryCount: 2, newEntryCount: 0, vesselCount: 1, aircraftCount: 1 },
      { key: 'AE', entryCount: 1, newEntryCount: 0, vesselCount: 1, aircraftCount: 0 },
    ]);
  });
  it('puts the keys with most new entries first, as published', () => {
    const rows = [
      { k: ['RU'], isNew: false },
      { k: ['RU'], isNew: false },
      { k: ['IR'], isNew: true },
    ];
    expect(
      tally(
        rows,
        (r) => r.k,
        () => 'entity',
        2,
        (r) => r.isNew,
      ).map((t) => [t.key, t.entryCount, t.newEntryCount]),
    ).toEqual([
      ['IR', 1, 1],
      ['RU', 2, 0],
    ]);
  });
});

describe('markListings', () => {
  const MAY = Date.UTC(2026, 4, 1);
  const JUNE = Date.UTC(2026, 5, 1);
  const JULY = Date.UTC(2026, 6, 1);
  it('marks nothing new on the first load, with no listing date known', () => {
    expect(markListings(['1', '2'], MAY, undefined)).toEqual([
      { isNew: false, firstListedAt: 0 },
      { isNew: false, firstListedAt: 0 },
    ]);
  });
  it.each([
    // [case, previous snapshot, edition date, uids -> expected marks]
    [
      'an entry absent from the previous edition is new, listed since this edition',
      { records: [{ uid: '1', isNew: false, firstListedAt: 0 }], info: { publishedAt: MAY } },
      JUNE,
      ['1', '2'],
      [
        { isNew: false, firstListedAt: 0 },
        { isNew: true, firstListedAt: JUNE },
      ],
    ],
    [
      'a later edition makes it old and keeps its listing date',
      {
        records: [
          { uid: '1', isNew: false, firstListedAt: 0 },
          { uid: '2', isNew: true, firstListedAt: JUNE },
        ],
        info: { publishedAt: JUNE },
      },
      JULY,
      ['2', '1'],
      [
        { isNew: false, firstListedAt: JUNE },
        { isNew: false, firstListedAt: 0 },
      ],
    ],
    [
      'a re-fetch of the same edition keeps the marks',
      { records: [{ uid: '2', isNew: true, firstListedAt: JUNE }], info: { publishedAt: JUNE } },
      JUNE,
      ['2'],
      [{ isNew: true, firstListedAt: JUNE }],
    ],
    [
      'rows written before the marks existed count as old and undated',
      { records: [{ uid: '1' }], info: { publishedAt: MAY } },
      JUNE,
      ['1'],
      [{ isNew: false, firstListedAt: 0 }],
    ],
  ] as const)('%s', (_case, previous, publishedAt, uids, expected) => {
    expect(markListings(uids, publishedAt, previous)).toEqual(expected);
  });
});
