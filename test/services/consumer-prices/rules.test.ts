import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  parseObservations,
  priceObservationsDataset,
} from '../../../src/services/consumer-prices/datasets/observations.js';
import { buildMarketModels } from '../../../src/services/consumer-prices/model.js';
import {
  clampLimit,
  dayAtLeastBefore,
  moverChangePct,
  pctChange,
  rangeDays,
  spreadPct,
  titleCase,
  weightedIndex,
} from '../../../src/services/consumer-prices/rules.js';

describe('index arithmetic', () => {
  it.each([
    [[], 100],
    [[{ weight: 1, ratio: 1.1 }], 110],
    [
      [
        { weight: 3, ratio: 1 },
        { weight: 1, ratio: 2 },
      ],
      125,
    ],
  ])('weighted index of %j is %d', (parts, expected) => expect(weightedIndex(parts)).toBeCloseTo(expected, 9));
  it('lies between the smallest and largest ratio', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            weight: fc.double({ min: 0.01, max: 10, noNaN: true }),
            ratio: fc.double({ min: 0.1, max: 5, noNaN: true }),
          }),
          { minLength: 1 },
        ),
        (parts) => {
          const idx = weightedIndex(parts) / 100;
          expect(idx).toBeGreaterThanOrEqual(Math.min(...parts.map((p) => p.ratio)) - 1e-9);
          expect(idx).toBeLessThanOrEqual(Math.max(...parts.map((p) => p.ratio)) + 1e-9);
        },
      ),
    );
  });
  it.each([
    [110, 100, 10],
    [99, 100, -1],
    [5, undefined, 0],
    [5, 0, 0],
  ])('pctChange(%d, %s) = %d', (c, p, e) => expect(pctChange(c, p as number | undefined)).toBe(e));
  it.each([
    [[100, 120], 4, 20],
    [[100, 120], 3, 0],
    [[100], 8, 0],
    [[90, 100, 99], 5, 11.1],
  ])('spread of %j over %i common items is %d', (totals, n, e) => expect(spreadPct(totals, n)).toBe(e));
  it.each([
    [12, 10, 20],
    [8, 10, -20],
    [41, 10, undefined],
    [2.4, 10, undefined],
    [10, 0, undefined],
  ])('mover %d from %d is %s', (c, p, e) => expect(moverChangePct(c, p)).toBe(e));
  it.each([
    ['7d', 7],
    ['90d', 90],
    ['180d', 180],
    ['1y', 30],
    [undefined, 30],
  ])('range %s is %i days', (r, d) => expect(rangeDays(r as string | undefined).days).toBe(d));
  it.each([
    [undefined, 10],
    [0, 10],
    [-1, 10],
    [3, 3],
    [500, 100],
  ])('limit %s -> %i', (l, e) => expect(clampLimit(l as number | undefined)).toBe(e));
  it('finds the newest day at least n days back and title-cases slugs', () => {
    const days = ['2026-11-01', '2026-11-10', '2026-11-13', '2026-11-20'].map((date) => ({ date }));
    expect(dayAtLeastBefore(days, '2026-11-20', 7)?.date).toBe('2026-11-13');
    expect(dayAtLeastBefore(days, '2026-11-20', 30)).toBeUndefined();
    expect(titleCase('fresh-produce_items')).toBe('Fresh Produce Items');
  });
});

describe('observation CSV', () => {
  const bytes = fs.readFileSync(path.join(SAMPLES_DIR, priceObservationsDataset.sources.observations.sample));
  it('reads the bundled file', () => {
    const rows = parseObservations(bytes);
    expect(rows).toHaveLength(853);
    expect(rows[0]).toMatchObject({ marketCode: 'ae', currencyCode: 'AED', baseDate: '2025-01-01', inStock: true });
  });
  it('refuses a file without the documented columns and skips unusable rows', () => {
    expect(() => parseObservations(Buffer.from('a,b\n1,2\n'))).toThrow(/missing columns observed_at/);
    const head =
      'observed_at,market_code,currency_code,retailer_slug,retailer_name,basket_slug,base_date,item_slug,item_name,category_slug,weight,product_id,product_title,price,in_stock\n';
    expect(
      parseObservations(Buffer.from(`${head}2026-11-20T10:00:00Z,ae,AED,r,R,b,2025-01-01,i,I,c,1,p,P,-1,true\n`)),
    ).toEqual([]);
  });
  it('is read only from an operator-provided address', () => {
    expect(priceObservationsDataset.kind).toBe('relay');
    expect(priceObservationsDataset.sources.observations).toMatchObject({
      url: '$CONSUMER_PRICES_OBSERVATIONS_URL',
      requires: ['CONSUMER_PRICES_OBSERVATIONS_URL'],
    });
  });
  it('is 100 on the base date and drops prices older than a week', () => {
    const model = buildMarketModels(parseObservations(bytes)).get('ae')!;
    expect(model.days[0]).toMatchObject({ date: '2025-01-01', essentials: 100, value: 100, coverage: 100 });
    // Lulu's bread was last read on the base date: today only Carrefour and Spinneys price it, so 7 items are common.
    expect(model.days.at(-1)!.commonItems).toBe(7);
  });
});
