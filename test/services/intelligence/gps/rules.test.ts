import fc from 'fast-check';
import { latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import {
  badSharePct,
  cellsPerRegion,
  classifyRegion,
  interferedHexes,
  interferenceLevel,
  npAvgProxy,
  type InterferenceLevel,
} from '../../../../src/services/intelligence/gps/rules.js';
import type { GpsjamCell } from '../../../../src/sources/gpsjam/daily.js';

const RANK: Record<InterferenceLevel, number> = {
  INTERFERENCE_LEVEL_UNSPECIFIED: -1,
  INTERFERENCE_LEVEL_LOW: 0,
  INTERFERENCE_LEVEL_MEDIUM: 1,
  INTERFERENCE_LEVEL_HIGH: 2,
};
const cell = (h3: string, good: number, bad: number, lat = 0, lon = 0): GpsjamCell => ({
  h3,
  lat,
  lon,
  resolution: 4,
  goodAircraft: good,
  badAircraft: bad,
});

describe('interference level', () => {
  it.each([
    [0, 'INTERFERENCE_LEVEL_LOW'],
    [1.99, 'INTERFERENCE_LEVEL_LOW'],
    [2, 'INTERFERENCE_LEVEL_MEDIUM'],
    [9.5, 'INTERFERENCE_LEVEL_MEDIUM'],
    [10, 'INTERFERENCE_LEVEL_MEDIUM'],
    [10.01, 'INTERFERENCE_LEVEL_HIGH'],
    [100, 'INTERFERENCE_LEVEL_HIGH'],
  ] as const)('a bad share of %s %% is %s', (pct, level) => {
    expect(interferenceLevel(pct)).toBe(level);
  });

  it.each([
    [0, 0, 0],
    [97, 3, 3],
    [1, 1, 50],
    [0, 4, 100],
  ])('%s good and %s bad aircraft are %s %% bad', (good, bad, pct) => {
    expect(badSharePct(good, bad)).toBe(pct);
  });

  it('gives worse levels a lower precision stand-in', () => {
    expect([
      npAvgProxy('INTERFERENCE_LEVEL_HIGH'),
      npAvgProxy('INTERFERENCE_LEVEL_MEDIUM'),
      npAvgProxy('INTERFERENCE_LEVEL_LOW'),
    ]).toEqual([0.3, 0.8, 1.5]);
  });

  it('never rates a cell lower when more of its aircraft are bad', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 5000 }),
        (total, a, b) => {
          const [less, more] = [Math.min(a, b, total), Math.min(Math.max(a, b), total)];
          return (
            RANK[interferenceLevel(badSharePct(total - less, less))] <=
            RANK[interferenceLevel(badSharePct(total - more, more))]
          );
        },
      ),
    );
  });
});

describe('region of a cell', () => {
  // The published classification (its scripts/_gpsjam-parse.mjs classifyRegion): whole-degree boxes,
  // edges inclusive, first match in its order. Labels worked out by hand from those boxes.
  it.each([
    [54.71, 20.51, 'northern-europe'], // Kaliningrad
    [59.44, 24.75, 'northern-europe'], // Tallinn
    [57.5, 18.5, 'northern-europe'], // Gotland
    [59.94, 30.31, 'russia-north'], // St Petersburg
    [68.97, 33.09, 'russia-north'], // Murmansk
    [55.75, 37.62, 'russia-north'], // Moscow: north of the ukraine-russia box (44-53 N)
    [53.9, 27.56, 'other'], // Minsk: between ukraine-russia (to 53 N) and russia-north (from 54 N)
    [32.08, 34.78, 'israel-sinai'], // Tel Aviv
    [29.5, 33.8, 'israel-sinai'], // Sinai
    [30.04, 31.24, 'israel-sinai'], // Cairo: the box reaches 29 E
    [31.5, 34.47, 'israel-sinai'], // Gaza
    [31.77, 35.21, 'levant'], // Jerusalem: levant (from 35 E, 31 N) comes first
    [33.89, 35.5, 'levant'], // Beirut
    [33.51, 36.29, 'levant'], // Damascus
    [36.2, 37.16, 'levant'], // Aleppo
    [35.17, 33.36, 'other'], // Nicosia: west of levant, north of israel-sinai
    [46.48, 30.72, 'ukraine-russia'], // Odesa
    [44.6, 33.52, 'ukraine-russia'], // Sevastopol
    [50.45, 30.52, 'ukraine-russia'], // Kyiv
    [41.01, 28.98, 'turkey-caucasus'], // Istanbul
    [39.93, 32.86, 'turkey-caucasus'], // Ankara
    [41.72, 44.79, 'iran-iraq'], // Tbilisi: iran-iraq (from 43 E, to 42 N) comes first
    [36.34, 43.13, 'iran-iraq'], // Mosul: also in levant, iran-iraq comes first
    [33.31, 44.37, 'iran-iraq'], // Baghdad
    [35.69, 51.39, 'iran-iraq'], // Tehran
    [42, 43, 'iran-iraq'], // a corner: edges are inclusive
    [26.5, 53.0, 'other'], // the southern Persian Gulf: south of 29 N
    [34.53, 69.17, 'afghanistan-pakistan'], // Kabul
    [15.35, 44.21, 'yemen-horn'], // Sanaa
    [12.8, 45.03, 'yemen-horn'], // Aden
    [2.05, 45.32, 'east-africa'], // Mogadishu
    [-1.29, 36.82, 'other'], // Nairobi: south of the equator, where east-africa starts
    [15.5, 32.56, 'sudan-sahel'], // Khartoum
    [48.86, 2.35, 'western-europe'], // Paris
    [37.98, 23.73, 'western-europe'], // Athens
    [1.35, 103.82, 'southeast-asia'], // Singapore
    [16.87, 96.2, 'other'], // Yangon: north of southeast-asia (to 8 N), south of east-asia (from 20 N)
    [25.03, 121.56, 'east-asia'], // Taipei
    [37.57, 126.98, 'east-asia'], // Seoul
    [40.71, -74.0, 'north-america'], // New York
    [34.05, -118.24, 'north-america'], // Los Angeles
    [-33.87, 151.21, 'other'], // Sydney
    [-23.55, -46.63, 'other'], // São Paulo
  ] as const)('(%s, %s) is %s', (lat, lon, region) => {
    expect(classifyRegion(lat, lon)).toBe(region);
  });

  it('counts the cells of each region', () => {
    expect(
      cellsPerRegion([cell('a', 1, 0, 54.7, 20.5), cell('b', 1, 0, 59.4, 24.7), cell('c', 1, 0, -33.9, 151.2)]),
    ).toEqual({ 'northern-europe': 2, other: 1 });
  });
});

describe('interfered cells of a day', () => {
  const kaliningrad = latLngToCell(54.71, 20.51, 4);
  it('keeps cells of at least 3 aircraft at MEDIUM or HIGH, worst first', () => {
    const out = interferedHexes([
      cell('a', 90, 10, 54.71, 20.51), // 10 %: medium
      cell('b', 1, 1), // 2 aircraft: too few
      cell('c', 2, 1), // 3 aircraft, 33 %: high
      cell('d', 99, 1), // 1 %: low, dropped
      cell('e', 40, 60, 33.89, 35.5), // 60 %: high
      cell(kaliningrad, 49, 1), // exactly 2 %: medium
    ]);
    expect(out.map((h) => [h.h3, h.level])).toEqual([
      ['e', 'INTERFERENCE_LEVEL_HIGH'],
      ['c', 'INTERFERENCE_LEVEL_HIGH'],
      ['a', 'INTERFERENCE_LEVEL_MEDIUM'],
      [kaliningrad, 'INTERFERENCE_LEVEL_MEDIUM'],
    ]);
    expect(out[0]).toEqual({
      h3: 'e',
      lat: 33.89,
      lon: 35.5,
      level: 'INTERFERENCE_LEVEL_HIGH',
      npAvg: 0.3,
      sampleCount: 60,
      aircraftCount: 100,
      badPct: 60,
      region: 'levant',
    });
  });

  it('orders any day HIGH before MEDIUM and by falling bad share, dropping thin and clean cells', () => {
    const cells = fc.array(
      fc.record({ good: fc.integer({ min: 0, max: 400 }), bad: fc.integer({ min: 0, max: 400 }) }),
      { maxLength: 80 },
    );
    fc.assert(
      fc.property(cells, (rows) => {
        const out = interferedHexes(rows.map((r, i) => cell(`c${i}`, r.good, r.bad)));
        const ok = out.every((h) => h.aircraftCount >= 3 && h.badPct >= 2 && h.level !== 'INTERFERENCE_LEVEL_LOW');
        const sorted = out.every(
          (h, i) =>
            i === 0 ||
            RANK[out[i - 1].level] > RANK[h.level] ||
            (out[i - 1].level === h.level && out[i - 1].badPct >= h.badPct),
        );
        const expected = rows.filter((r) => r.good + r.bad >= 3 && (100 * r.bad) / (r.good + r.bad) >= 2).length;
        return ok && sorted && out.length === expected;
      }),
    );
  });
});
