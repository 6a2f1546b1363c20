import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { strategicRisk } from '../../../../src/services/intelligence/analysis/risk-rules.js';

// The index itself (components, boosts, floors, trend) is specified in test/services/intelligence/cii/.
describe('strategic risk', () => {
  it('weights the five highest scores', () => {
    const scores = [90, 80, 70, 60, 50, 10].map((combinedScore, i) => ({
      region: String.fromCharCode(65 + i) + 'X',
      combinedScore,
    }));
    // weighted avg = (90 + 68 + 49 + 33 + 20) / 3.5 = 74.2857 -> round(0.7 * 74.29 + 15) = 67
    expect(strategicRisk(scores)).toEqual({
      score: 67,
      level: 'SEVERITY_LEVEL_MEDIUM',
      factors: ['AX', 'BX', 'CX', 'DX', 'EX'],
    });
    expect(strategicRisk([{ region: 'UA', combinedScore: 100 }])).toEqual({
      score: 85,
      level: 'SEVERITY_LEVEL_HIGH',
      factors: ['UA'],
    });
    expect(strategicRisk([])).toBeUndefined();
  });

  it('is in [15, 100] and HIGH exactly from 70', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 12 }), (values) => {
        const r = strategicRisk(values.map((combinedScore, i) => ({ region: `R${i}`, combinedScore })))!;
        expect(r.score).toBeGreaterThanOrEqual(15);
        expect(r.score).toBeLessThanOrEqual(85);
        expect(r.level === 'SEVERITY_LEVEL_HIGH').toBe(r.score >= 70);
        expect(r.factors.length).toBe(Math.min(5, values.length));
      }),
    );
  });
});
