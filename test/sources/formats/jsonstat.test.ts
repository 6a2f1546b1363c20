import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../../src/sources/formats/errors.js';
import { parseJsonStat } from '../../../src/sources/formats/jsonstat.js';

const fixture = readFileSync(new URL('./fixtures/unemployment.jsonstat.json', import.meta.url));
const base = JSON.parse(fixture.toString()) as Record<string, unknown>;
const variant = (patch: Record<string, unknown>) => JSON.stringify({ ...base, ...patch });

describe('parseJsonStat', () => {
  it('reads a dense dataset row-major, the last dimension varying fastest', () => {
    const ds = parseJsonStat(fixture);
    expect(ds.label).toBe('Unemployment rate by country and year (%)');
    expect(ds.dimensions).toEqual(['unit', 'geo', 'time']);
    expect(ds.rows).toEqual([
      { unit: 'PC_ACT', geo: 'AT', time: '2024', value: 5.2 },
      { unit: 'PC_ACT', geo: 'AT', time: '2025', value: 5.4 },
      { unit: 'PC_ACT', geo: 'BE', time: '2024', value: 5.7 },
      { unit: 'PC_ACT', geo: 'BE', time: '2025', value: null },
      { unit: 'PC_ACT', geo: 'CZ', time: '2024', value: 2.6 },
      { unit: 'PC_ACT', geo: 'CZ', time: '2025', value: 2.8 },
    ]);
  });

  it('gives labels per dimension, the code standing in where the dataset has none', () => {
    expect(parseJsonStat(fixture).labels).toEqual({
      unit: { PC_ACT: 'Percentage of active population' },
      geo: { AT: 'Austria', BE: 'Belgium', CZ: 'Czechia' },
      time: { '2024': '2024', '2025': '2025' },
    });
  });

  it('reads a sparse value object the same as the dense list', () => {
    const sparse = variant({ value: { '0': 5.2, '1': 5.4, '2': 5.7, '4': 2.6, '5': 2.8 } });
    expect(parseJsonStat(sparse).rows).toEqual(parseJsonStat(fixture).rows);
  });

  it('places every value at the cell its index names (property)', () => {
    const sizes = fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(sizes, (size) => {
        const id = size.map((_, i) => `d${i}`);
        const dimension = Object.fromEntries(
          id.map((d, i) => [d, { category: { index: Array.from({ length: size[i] }, (_, k) => `${d}c${k}`) } }]),
        );
        const total = size.reduce((a, b) => a * b, 1);
        const ds = parseJsonStat(
          JSON.stringify({
            version: '2.0',
            class: 'dataset',
            id,
            size,
            dimension,
            value: Array.from({ length: total }, (_, k) => k),
          }),
        );
        expect(ds.rows).toHaveLength(total);
        for (const row of ds.rows) {
          // Recompute the flat index from the codes: sum of position * stride.
          let flat = 0;
          id.forEach((d, i) => (flat = flat * size[i] + Number(String(row[d]).split('c')[1])));
          expect(row.value).toBe(flat);
        }
      }),
      { seed: 7, numRuns: 60 },
    );
  });

  it.each([
    ['not JSON', 'oops', /JSON-stat: not valid JSON/],
    [
      'a collection',
      JSON.stringify({ class: 'collection', link: {} }),
      /JSON-stat: expected class "dataset", got "collection"/,
    ],
    ['a JSON-stat 1.0 bundle', JSON.stringify({ dataset: base }), /JSON-stat: no "id" list/],
    [
      'size not matching id',
      variant({ size: [1, 3] }),
      /JSON-stat: "size" must list one non-negative integer per dimension \(3\)/,
    ],
    [
      'a category count not matching size',
      variant({ size: [1, 4, 2] }),
      /JSON-stat: dimension geo has 3 categories but size says 4/,
    ],
    ['too few values', variant({ value: [1, 2, 3] }), /JSON-stat: "value" has 3 entries for 6 cells/],
    ['a sparse key outside the cube', variant({ value: { '6': 1 } }), /JSON-stat: "value" key 6 is outside 0..5/],
    ['a missing dimension', variant({ dimension: { unit: {}, geo: {} } }), /JSON-stat: dimension unit has no category/],
    [
      'an index with a gap',
      variant({ dimension: { ...(base.dimension as object), geo: { category: { index: { AT: 0, BE: 2, CZ: 3 } } } } }),
      /JSON-stat: dimension geo category index has gaps/,
    ],
    [
      'an error body',
      JSON.stringify({ error: { status: 400, label: 'Invalid dimension' } }),
      /JSON-stat: upstream reported an error/,
    ],
  ])('refuses %s with a FormatError', (_name, input, message) => {
    expect(() => parseJsonStat(input)).toThrow(FormatError);
    expect(() => parseJsonStat(input)).toThrow(message);
  });
});
