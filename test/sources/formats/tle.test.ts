import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../../src/sources/formats/errors.js';
import { orbitOf, parseTle, tleChecksum } from '../../../src/sources/formats/tle.js';

const text = readFileSync(new URL('./fixtures/stations.tle', import.meta.url), 'utf8');
const lines = text.trimEnd().split('\r\n');

describe('parseTle', () => {
  const sets = parseTle(text);

  it('reads every 3-line set with its elements', () => {
    expect(sets.map((s) => s.name)).toEqual([
      'ISS (ZARYA)',
      'GPS BIIF-1  (PRN 25)',
      'STARLINK-1008',
      'ALPHA5 TEST OBJECT',
    ]);
    expect(sets[0]).toEqual({
      name: 'ISS (ZARYA)',
      noradId: 25544,
      epoch: Date.UTC(2026, 10, 23, 12), // day 327.5 of 2026
      inclinationDeg: 51.6393,
      raanDeg: 212.4417,
      eccentricity: 0.0006912,
      argPerigeeDeg: 73.2214,
      meanAnomalyDeg: 286.9485,
      meanMotionRevPerDay: 15.49815303,
    });
  });

  it.each([
    ['26001.00000000', Date.UTC(2026, 0, 1)],
    ['26327.50000000', Date.UTC(2026, 10, 23, 12)],
    ['99365.25000000', Date.UTC(1999, 11, 31, 6)],
    ['57001.00000000', Date.UTC(1957, 0, 1)],
    ['56001.00000000', Date.UTC(2056, 0, 1)],
  ])('reads epoch %s (two-digit years 57-99 are 1900s)', (epoch, ms) => {
    const l1 = lines[1].slice(0, 18) + epoch + lines[1].slice(32, 68);
    const fixed = l1 + tleChecksum(l1);
    expect(parseTle(['X', fixed, lines[2]].join('\n'))[0].epoch).toBe(ms);
  });

  it('drops the "0 " prefix of 3LE names and reads Alpha-5 catalogue numbers', () => {
    expect(sets[2].name).toBe('STARLINK-1008');
    expect(sets[3].noradId).toBe(100001);
  });

  it('names a set without a name line by its catalogue number', () => {
    expect(parseTle(`${lines[1]}\n${lines[2]}\n`)[0].name).toBe('25544');
  });

  it('reads an empty document as no sets', () => {
    expect(parseTle('\n\n')).toEqual([]);
  });

  const bad = (i: number, edit: (l: string) => string) =>
    lines
      .slice(0, 3)
      .map((l, j) => (j === i ? edit(l) : l))
      .join('\n');
  it.each([
    [
      'a wrong line 1 check digit',
      bad(1, (l) => l.slice(0, 68) + ((+l[68] + 1) % 10)),
      /TLE: set 1 \(ISS \(ZARYA\)\): line 1 checksum is 2, line says 3/,
    ],
    [
      'a corrupted digit in line 2',
      bad(2, (l) => l.slice(0, 10) + '2' + l.slice(11)),
      /TLE: set 1 \(ISS \(ZARYA\)\): line 2 checksum/,
    ],
    ['a short line', bad(1, (l) => l.slice(0, 60)), /line 1 has 60 characters, expected 69/],
    [
      'a missing line 2',
      lines.slice(0, 2).join('\n'),
      /TLE: set 1 \(ISS \(ZARYA\)\): expected lines starting "1 " and "2 "/,
    ],
    [
      'lines of different objects',
      [lines[0], lines[1], lines[5]].join('\n'),
      /line 1 is object 25544 but line 2 is object 36585/,
    ],
    [
      'an HTML page',
      '<html><body>No GP data found</body></html>',
      /TLE: set 1 \(<html><body>No GP data found<\/body><\/html>\): expected lines/,
    ],
  ])('refuses %s with a FormatError', (_name, input, message) => {
    expect(() => parseTle(input)).toThrow(FormatError);
    expect(() => parseTle(input)).toThrow(message);
  });

  it('detects any single-digit change through the checksum (property)', () => {
    const l2 = lines[2];
    const digitPositions = [...l2.slice(0, 68)].map((c, i) => (/\d/.test(c) ? i : -1)).filter((i) => i >= 0);
    fc.assert(
      fc.property(fc.constantFrom(...digitPositions), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
        const changed = l2.slice(0, pos) + String((+l2[pos] + delta) % 10) + l2.slice(pos + 1);
        expect(() => parseTle([lines[0], lines[1], changed].join('\n'))).toThrow(/checksum|object|expected lines/);
      }),
      { seed: 3, numRuns: 150 },
    );
  });
});

describe('tleChecksum', () => {
  it('sums digits, counts minus signs as 1 and ignores everything else', () => {
    expect(tleChecksum('1-2-3')).toBe((1 + 1 + 2 + 1 + 3) % 10);
    expect(tleChecksum('ABC +.')).toBe(0);
    expect(tleChecksum('9'.repeat(68) + '7')).toBe((9 * 68) % 10); // column 69 is not summed
  });
});

describe('orbitOf', () => {
  it.each([
    // Values from a = (mu / n^2)^(1/3), mu = 398600.4418 km^3/s^2, R = 6378.137 km, computed independently.
    ['ISS', 15.49815303, 6795.403, 417.266, 7.6588, 92.914],
    ['GPS', 2.00563891, 26560.322, 20182.185, 3.8739, 717.976],
  ])('derives the %s orbit from its mean motion', (_name, meanMotionRevPerDay, a, alt, v, period) => {
    const o = orbitOf({ meanMotionRevPerDay });
    expect(o.semiMajorAxisKm).toBeCloseTo(a, 2);
    expect(o.altitudeKm).toBeCloseTo(alt, 2);
    expect(o.velocityKmS).toBeCloseTo(v, 3);
    expect(o.periodMinutes).toBeCloseTo(period, 2);
  });

  it('gives a lower, faster orbit for a higher mean motion (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 16, noNaN: true }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (n, dn) => {
          const slow = orbitOf({ meanMotionRevPerDay: n });
          const fast = orbitOf({ meanMotionRevPerDay: n + dn });
          expect(fast.altitudeKm).toBeLessThan(slow.altitudeKm);
          expect(fast.velocityKmS).toBeGreaterThan(slow.velocityKmS);
        },
      ),
      { seed: 5, numRuns: 100 },
    );
  });
});
