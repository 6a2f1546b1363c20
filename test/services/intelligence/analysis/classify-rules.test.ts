import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EVENT_CATEGORIES,
  EVENT_LEVELS,
  classifyByKeywords,
  parseModelClassification,
  severityOf,
} from '../../../../src/services/intelligence/analysis/classify-rules.js';

describe('keyword classifier', () => {
  it.each([
    ['Russia launches invasion across northern border', 'critical', 'military'],
    ['Suicide bombing at checkpoint leaves mass casualty scene', 'critical', 'terrorism'],
    ['Magnitude 7.4 earthquake triggers tsunami warning', 'critical', 'disaster'],
    ['Missile strike damages grain terminal at Odesa port', 'high', 'conflict'],
    ['Heavy fighting reported around Pokrovsk', 'high', 'conflict'],
    ['Car bomb near Mogadishu checkpoint', 'high', 'terrorism'],
    ['Chinese warships sail near Penghu', 'high', 'military'],
    ['Hurricane makes landfall in Florida', 'high', 'disaster'],
    ['Ransomware gang hits hospital systems', 'high', 'cyber'],
    ['Cholera outbreak spreads in camps', 'high', 'health'],
    ['Rolling blackouts across the capital', 'medium', 'infrastructure'],
    ['Protesters fill central square for third night', 'medium', 'protest'],
    ['Gunmen abduct villagers in Zamfara', 'medium', 'crime'],
    ['EU agrees new sanctions package', 'medium', 'economic'],
    ['Drought pushes reservoirs to record lows', 'medium', 'environmental'],
    ['Foreign ministers hold talks in Geneva', 'low', 'diplomatic'],
    ['New semiconductor plant opens in Arizona', 'low', 'tech'],
    ['Central bank holds interest rates', 'low', 'economic'],
    ['Local bakery celebrates its anniversary', 'info', 'general'],
    ['Chipmaker expands Arizona plant', 'low', 'tech'],
    ['Chipmunks spotted in the park', 'info', 'general'],
  ])('%s -> %s %s', (title, level, category) => {
    const c = classifyByKeywords(title);
    expect([c.level, c.category]).toEqual([level, category]);
  });

  it('matches whole words only and reports what it matched', () => {
    expect(classifyByKeywords('Grandstand tickets on sale').category).toBe('general');
    expect(classifyByKeywords('Missiles and air strikes, dozens killed')).toMatchObject({
      level: 'high',
      category: 'conflict',
      matched: ['missile*', 'air strike*', 'killed'],
      confidence: 0.8,
    });
  });

  it('always answers a published level and category, with confidence in [0.3, 0.9]', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const c = classifyByKeywords(text);
        expect(EVENT_LEVELS).toContain(c.level);
        expect(EVENT_CATEGORIES).toContain(c.category);
        expect(c.confidence).toBeGreaterThanOrEqual(0.3);
        expect(c.confidence).toBeLessThanOrEqual(0.9);
        expect(c.matched.length === 0).toBe(c.confidence === 0.3);
      }),
    );
  });

  it.each([
    ['critical', 'SEVERITY_LEVEL_HIGH'],
    ['high', 'SEVERITY_LEVEL_HIGH'],
    ['medium', 'SEVERITY_LEVEL_MEDIUM'],
    ['low', 'SEVERITY_LEVEL_LOW'],
    ['info', 'SEVERITY_LEVEL_LOW'],
  ] as const)('severity of %s is %s', (level, severity) => expect(severityOf(level)).toBe(severity));
});

describe('model answer parser', () => {
  it.each([
    ['{"level":"high","category":"military"}', { level: 'high', category: 'military' }],
    ['```json\n{"level": "Medium", "category": "Protest"}\n```', { level: 'medium', category: 'protest' }],
    ['{"level":"severe","category":"military"}', undefined],
    ['{"level":"high","category":"sports"}', undefined],
    ['high military', undefined],
    ['{"level":', undefined],
  ])('%j', (text, expected) => expect(parseModelClassification(text)).toEqual(expected));

  it('never throws, and anything it returns is in the published sets', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        const r = parseModelClassification(text);
        if (r) {
          expect(EVENT_LEVELS).toContain(r.level);
          expect(EVENT_CATEGORIES).toContain(r.category);
        }
      }),
    );
  });
});
