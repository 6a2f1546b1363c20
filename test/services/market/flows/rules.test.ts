import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORY_KEYS, composite, compositeLabel, stressLabel } from '../../../../src/services/market/flows/rules.js';

describe('fear & greed scoring', () => {
  it.each([
    [0, 'Extreme Fear'],
    [20, 'Extreme Fear'],
    [20.1, 'Fear'],
    [40, 'Fear'],
    [60, 'Neutral'],
    [80, 'Greed'],
    [80.1, 'Extreme Greed'],
  ])('composite %s is labelled %s', (s, label) => expect(compositeLabel(s)).toBe(label));

  it.each([
    [1.5, 'Low Stress'],
    [0.8, 'Moderate Stress'],
    [0.3, 'Elevated Stress'],
    [0.29, 'High Stress'],
  ])('stress %s is labelled %s', (v, label) => expect(stressLabel(v)).toBe(label));

  it('stays within 0..100 and the contributions add up to it (property)', () => {
    const input = fc.record(
      Object.fromEntries(
        CATEGORY_KEYS.map((k) => [k, fc.option(fc.double({ min: -1e3, max: 1e3, noNaN: true }), { nil: undefined })]),
      ),
    );
    fc.assert(
      fc.property(input, (inputs) => {
        const c = composite(inputs as never);
        if (!c) return expect(Object.values(inputs).every((v) => v === undefined)).toBe(true);
        expect(c.score).toBeGreaterThanOrEqual(0);
        expect(c.score).toBeLessThanOrEqual(100);
        const sum = CATEGORY_KEYS.reduce((s, k) => s + c.categories[k].contribution, 0);
        expect(Math.abs(sum - c.score)).toBeLessThan(0.1);
        for (const k of CATEGORY_KEYS) expect(c.categories[k].degraded).toBe(inputs[k] === undefined);
      }),
    );
  });

  it('maps each input to fear or greed in the right direction', () => {
    const high = composite({ volatility: 40 })!; // VIX 40: fear
    const low = composite({ volatility: 12 })!;
    expect(high.score).toBe(0);
    expect(low.score).toBe(100);
    expect(composite({ credit: 7 })!.score).toBe(0); // wide HY spread: fear
    expect(composite({ macro: 2 })!.score).toBe(100); // steep curve: greed
  });
});
