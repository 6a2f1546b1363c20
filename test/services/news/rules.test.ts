import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyTitle,
  clusterStories,
  importanceScore,
  similarity,
  storyPhase,
  titleTokens,
} from '../../../src/services/news/digest-rules.js';
import {
  cleanInput,
  extractiveSummary,
  fnv1a52,
  summaryCacheKey,
  CACHE_KEY_PATTERN,
} from '../../../src/services/news/summary-rules.js';

describe('keyword classifier', () => {
  it.each([
    ['Coup attempt reported in the capital', 'THREAT_LEVEL_CRITICAL', 'conflict'],
    ['Missile strike hits port', 'THREAT_LEVEL_HIGH', 'conflict'],
    ['Earthquake of magnitude 6 hits coast', 'THREAT_LEVEL_HIGH', 'disaster'],
    ['Ransomware group claims attack on insurer', 'THREAT_LEVEL_MEDIUM', 'cyber'],
    ['Oil prices rise', 'THREAT_LEVEL_LOW', 'economy'],
    ['Old archive photos show a missile parade in 1962', 'THREAT_LEVEL_UNSPECIFIED', 'general'],
    ['A quiet day', 'THREAT_LEVEL_UNSPECIFIED', 'general'],
  ])('%s -> %s / %s', (title, level, category) => expect(classifyTitle(title)).toMatchObject({ level, category }));
});

describe('story clustering', () => {
  const item = (title: string, source: string, publishedAt: number) => ({ title, source, publishedAt });

  it('joins near-identical titles and keeps different stories apart', () => {
    const stories = clusterStories([
      item('Oil jumps as Red Sea attacks disrupt tanker traffic', 'FT', 2),
      item('Oil prices jump as Red Sea attacks disrupt tankers', 'Bloomberg', 1),
      item('Central bank holds rates', 'FT', 3),
    ]);
    expect(stories.map((s) => s.map((i) => i.source))).toEqual([['Bloomberg', 'FT'], ['FT']]);
  });

  it('does not depend on input order and loses no item', () => {
    const titles = fc.constantFrom(
      'Oil jumps on Red Sea attacks',
      'Oil prices jump on Red Sea attacks',
      'Quake hits Japan',
      'Japan quake hits coast',
      'Election count',
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            title: titles,
            source: fc.constantFrom('A', 'B', 'C'),
            publishedAt: fc.integer({ min: 0, max: 100 }),
          }),
          { maxLength: 20 },
        ),
        (items) => {
          const a = clusterStories(items);
          const b = clusterStories([...items].reverse());
          expect(a.flat().length).toBe(items.length);
          const norm = (s: typeof a) =>
            s
              .map((g) =>
                g
                  .map((i) => `${i.publishedAt}|${i.source}|${i.title}`)
                  .sort()
                  .join(';'),
              )
              .sort();
          expect(norm(b)).toEqual(norm(a));
        },
      ),
    );
  });

  it('similarity is symmetric and within [0, 1]', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (x, y) => {
        const s = similarity(titleTokens(x), titleTokens(y));
        expect(s >= 0 && s <= 1 && s === similarity(titleTokens(y), titleTokens(x))).toBe(true);
      }),
    );
  });
});

describe('importance and phase', () => {
  it.each([
    ['THREAT_LEVEL_CRITICAL', 1, 5, 0, 100],
    ['THREAT_LEVEL_UNSPECIFIED', 4, 1, 86_400_000, 8],
    ['THREAT_LEVEL_HIGH', 2, 2, 43_200_000, 67],
  ] as const)('importanceScore(%s, tier %d, %d sources, age %d) = %d', (level, tier, sources, age, score) =>
    expect(importanceScore(level, tier, sources, age)).toBe(score),
  );

  it.each([
    [1, 0, 'STORY_PHASE_BREAKING'],
    [3, 3_600_000, 'STORY_PHASE_DEVELOPING'],
    [3, 3 * 3_600_000, 'STORY_PHASE_SUSTAINED'],
    [6, 0, 'STORY_PHASE_SUSTAINED'],
  ])('storyPhase(%d mentions, %d ms) = %s', (m, ms, phase) => expect(storyPhase(m, ms)).toBe(phase));
});

describe('summary keys and extractive summaries', () => {
  it('hashes deterministically into 52 bits', () => {
    expect(fnv1a52('')).toBe((0xcbf29ce484222325n & ((1n << 52n) - 1n)).toString(36));
    expect(fnv1a52('abc')).toBe(fnv1a52('abc'));
    expect(fnv1a52('abc')).not.toBe(fnv1a52('abd'));
  });

  it('keys the same headline window the same way, whatever the order, and always matches the published pattern', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 40 }), { minLength: 1, maxLength: 5 }),
        fc.constantFrom<('brief' | 'analysis' | 'translate')[]>('brief', 'analysis', 'translate'),
        (hs, mode) => {
          const { headlines, bodies } = cleanInput(hs);
          if (!headlines.length) return;
          const base = { mode, variant: 'full', lang: 'en', bodies, geoContext: '', systemAppend: '' };
          const key = summaryCacheKey({ ...base, headlines });
          expect(key).toMatch(CACHE_KEY_PATTERN);
          if (mode !== 'translate') expect(summaryCacheKey({ ...base, headlines: [...headlines].reverse() })).toBe(key);
        },
      ),
    );
  });

  it('picks the two most representative input sentences, in input order', () => {
    const s = extractiveSummary(
      ['Storm hits coast', 'Storm forces evacuations on coast', 'Football results'],
      ['Heavy rain and wind hit the coast on Monday morning.'],
    );
    expect(s).toBe('Storm hits coast. Storm forces evacuations on coast.');
  });
});
