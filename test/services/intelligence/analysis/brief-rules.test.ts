import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  stripInvalidCitations,
  templateBrief,
  type BriefFacts,
} from '../../../../src/services/intelligence/analysis/brief-rules.js';

const FACTS: BriefFacts = {
  countryName: 'Ukraine',
  score: {
    combinedScore: 96,
    dynamicScore: 18.4,
    trend: 'TREND_DIRECTION_RISING',
    components: { ciiContribution: 97.2, geoConvergence: 72.9, militaryActivity: 88.2, newsActivity: 98.9 },
  },
  advisory: 'do-not-travel',
  sanctionsCount: 0,
  events: [
    {
      title: 'Drone strike hits energy substation near Kharkiv',
      source: 'acled',
      occurredAt: Date.UTC(2026, 10, 19, 7),
    },
    {
      title: 'Missile strike damages grain terminal at Odesa port',
      source: 'acled',
      occurredAt: Date.UTC(2026, 10, 17, 22),
    },
  ],
};

describe('template brief', () => {
  it('fills the published sections with the given facts only, and says what it is', () => {
    const brief = templateBrief(FACTS);
    expect(brief.split('\n')[0]).toBe('[Template brief assembled from snapshot facts; not model-written.]');
    for (const section of ['SITUATION NOW', 'WHAT THIS MEANS FOR UKRAINE', 'KEY RISKS', 'OUTLOOK', 'WATCH ITEMS'])
      expect(brief).toContain(section);
    expect(brief).toContain("Ukraine's instability score is 96/100, rising (+18.4 over 24 h).");
    expect(brief).toContain('- 2026-11-19: Drone strike hits energy substation near Kharkiv [1]');
    expect(brief).toContain('Travel advisory: Level 4 (do not travel).');
    expect(brief).toContain('- Personal security: the travel advisory is at level 3 or 4.');
    expect(brief).not.toContain('Sanctions exposure');
  });

  it('orders the score drivers strongest first', () => {
    expect(templateBrief(FACTS)).toContain(
      'Strongest score drivers: news pressure 98.9, unrest 97.2, military and security activity 88.2, conflict activity 72.9.',
    );
  });

  it('says when facts are missing rather than inventing them', () => {
    const brief = templateBrief({ countryName: 'Iceland', advisory: '', sanctionsCount: 0, events: [] });
    expect(brief).toContain('Iceland has no instability score in the current snapshot.');
    expect(brief).toContain('No archived events for the country in the last 180 days.');
    expect(brief).toContain('Travel advisory: none published.');
    expect(brief).toContain('- None stands out in the available facts.');
    expect(brief).not.toMatch(/\[\d+\]/);
  });

  it('cites only sources it has', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 }), { maxLength: 8 }), (titles) => {
        const brief = templateBrief({
          ...FACTS,
          events: titles.map((title, i) => ({
            title: title.replace(/\[\d+\]/g, ''),
            source: 's',
            occurredAt: i * 1000,
          })),
        });
        for (const m of brief.matchAll(/\[(\d+)\]/g))
          expect(Number(m[1])).toBeLessThanOrEqual(Math.min(5, titles.length));
      }),
    );
  });
});

describe('citation check', () => {
  it.each([
    ['Strike [1] and [2], see [7].', 2, 'Strike [1] and [2], see .'],
    ['None [0] here [1].', 0, 'None  here .'],
    ['No citations.', 3, 'No citations.'],
  ])('%j with %d sources', (text, count, expected) => expect(stripInvalidCitations(text, count)).toBe(expected));

  it('leaves no citation outside 1..count', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string({ maxLength: 5 }),
            fc.nat(20).map((n) => `[${n}]`),
          ),
        ),
        fc.nat(10),
        (parts, count) => {
          for (const m of stripInvalidCitations(parts.join(''), count).matchAll(/\[(\d+)\]/g)) {
            expect(Number(m[1])).toBeGreaterThanOrEqual(1);
            expect(Number(m[1])).toBeLessThanOrEqual(count);
          }
        },
      ),
    );
  });
});
