import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  advisoryCountryCodes,
  advisoryLabel,
  parseAdvisoryTitle,
  preferAdvisory,
  type Advisory,
} from '../../../../src/services/intelligence/country/rules.js';

describe('parseAdvisoryTitle', () => {
  it.each([
    ['Ukraine - Level 4: Do Not Travel', { name: 'Ukraine', level: 4 }],
    ['Burma (Myanmar) - Level 4: Do Not Travel', { name: 'Burma (Myanmar)', level: 4 }],
    [
      'Israel, the West Bank and Gaza - Level 3: Reconsider Travel',
      { name: 'Israel, the West Bank and Gaza', level: 3 },
    ],
    ['Japan – Level 1: Exercise Normal Precautions', { name: 'Japan', level: 1 }],
    ['Guinea-Bissau - Level 3: Reconsider Travel', { name: 'Guinea-Bissau', level: 3 }],
  ])('%s', (title, expected) => expect(parseAdvisoryTitle(title)).toEqual(expected));

  it.each(['Worldwide Caution', 'Mexico - Level 5: Panic', 'Level 2: Exercise Increased Caution'])(
    '%s is not a country advisory',
    (title) => expect(parseAdvisoryTitle(title)).toBeUndefined(),
  );
});

describe('advisoryCountryCodes', () => {
  it.each([
    ['Ukraine', ['UA']],
    ['Burma (Myanmar)', ['MM']],
    ['Turkey', ['TR']],
    ["Cote d'Ivoire", ['CI']],
    ['Bosnia and Herzegovina', ['BA']],
    ['Israel, the West Bank and Gaza', ['IL', 'PS']],
    ['Mainland China, Hong Kong & Macau', ['CN', 'HK', 'MO']],
    ['Niger', ['NE']],
    ['Atlantis', []],
  ])('%s -> %j', (name, codes) => expect(advisoryCountryCodes(name)).toEqual(codes));
});

describe('advisoryLabel', () => {
  it.each([
    [4, 'do-not-travel'],
    [3, 'reconsider'],
    [2, 'caution'],
    [1, 'normal'],
    [0, ''],
    [5, ''],
  ])('level %d -> %j', (level, label) => expect(advisoryLabel(level)).toBe(label));
});

describe('preferAdvisory', () => {
  const arb: fc.Arbitrary<Advisory> = fc.record({
    name: fc.constant('X'),
    level: fc.constantFrom(1, 2, 3, 4) as fc.Arbitrary<Advisory['level']>,
    publishedAt: fc.integer({ min: 0, max: 10 }),
  });

  it('picks the newer advisory, the stricter on the same date, whatever the order', () => {
    fc.assert(
      fc.property(arb, arb, (a, b) => {
        const p = preferAdvisory(a, b);
        expect(p.publishedAt).toBe(Math.max(a.publishedAt, b.publishedAt));
        if (a.publishedAt === b.publishedAt) expect(p.level).toBe(Math.max(a.level, b.level));
        expect(preferAdvisory(b, a)).toEqual(p);
      }),
    );
  });
});
