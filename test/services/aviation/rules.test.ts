import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  hubDelayStats,
  KNOWN_SEVERITIES,
  meetsMinSeverity,
  parseFaaDuration,
  severityForDelay,
  severityRank,
  type Severity,
} from '../../../src/services/aviation/delays/rules.js';
import { flightStatusOf, isCalendarDate, normaliseFlightNumber } from '../../../src/services/aviation/flights/rules.js';

const S = (s: string) => `FLIGHT_DELAY_SEVERITY_${s}` as Severity;

describe('severityForDelay', () => {
  it.each([
    [0, 'NORMAL'],
    [14.9, 'NORMAL'],
    [15, 'MINOR'],
    [29, 'MINOR'],
    [30, 'MODERATE'],
    [59, 'MODERATE'],
    [60, 'MAJOR'],
    [89, 'MAJOR'],
    [90, 'SEVERE'],
    [600, 'SEVERE'],
    [Number.NaN, 'NORMAL'],
  ])('%d min -> %s', (min, sev) => expect(severityForDelay(min)).toBe(S(sev)));

  it('never gets better as the delay grows', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(severityRank(severityForDelay(lo))).toBeLessThanOrEqual(severityRank(severityForDelay(hi)));
        },
      ),
    );
  });
});

describe('parseFaaDuration', () => {
  it.each([
    ['45 minutes', 45],
    ['1 minute', 1],
    ['1 hour and 5 minutes', 65],
    ['2 hours and 1 minute', 121],
    ['2 hours', 120],
    ['  1 Hour And 12 Minutes ', 72],
  ])('%s -> %d', (text, minutes) => expect(parseFaaDuration(text)).toBe(minutes));

  it.each(['', 'soon', 'minutes', '7:45 am EST'])('%j is unreadable', (text) =>
    expect(parseFaaDuration(text)).toBeNaN(),
  );
});

describe('hubDelayStats', () => {
  it('needs five departures before judging a hub', () => {
    expect(hubDelayStats({ total: 4, cancelled: 0, delays: [90, 90, 90, 90] })).toBeUndefined();
    expect(hubDelayStats({ total: 5, cancelled: 0, delays: [0, 0, 0, 0, 0] })).toEqual({
      avgDelayMinutes: 0,
      delayedFlightsPct: 0,
      cancelledFlights: 0,
      totalFlights: 5,
      severity: S('NORMAL'),
    });
  });

  it.each([
    ['average band', { total: 6, cancelled: 0, delays: [40, 40, 0, 0, 0, 0] }, 'NORMAL'],
    ['moderate average', { total: 5, cancelled: 0, delays: [35, 35, 35, 35, 35] }, 'MAJOR'],
    ['40% delayed lifts to minor', { total: 5, cancelled: 0, delays: [16, 16, 0, 0, 0] }, 'MINOR'],
    ['60% delayed lifts to moderate', { total: 5, cancelled: 0, delays: [16, 16, 16, 0, 0] }, 'MODERATE'],
    ['a quarter cancelled lifts to major', { total: 8, cancelled: 2, delays: [0, 0, 0, 0, 0, 0] }, 'MAJOR'],
    ['half cancelled is severe', { total: 6, cancelled: 3, delays: [0, 0, 0] }, 'SEVERE'],
    ['long average delay is severe', { total: 5, cancelled: 0, delays: [95, 95, 95, 95, 95] }, 'SEVERE'],
  ])('%s', (_n, input, sev) => expect(hubDelayStats(input)!.severity).toBe(S(sev)));

  it('reports the mean delay and delayed share of flown departures', () => {
    expect(hubDelayStats({ total: 7, cancelled: 1, delays: [0, 10, 20, 30, 40, 50] })).toMatchObject({
      avgDelayMinutes: 25,
      delayedFlightsPct: 66.7,
      cancelledFlights: 1,
      totalFlights: 7,
    });
  });
});

describe('meetsMinSeverity', () => {
  it.each([
    ['MINOR', undefined, true],
    ['UNKNOWN', undefined, true],
    ['NORMAL', 'NORMAL', true],
    ['UNKNOWN', 'NORMAL', false],
    ['MINOR', 'MODERATE', false],
    ['SEVERE', 'MODERATE', true],
    ['UNKNOWN', 'UNKNOWN', true],
    ['SEVERE', 'UNKNOWN', false],
  ])('%s against %s -> %s', (s, min, expected) =>
    expect(meetsMinSeverity(S(s), min ? S(min) : undefined)).toBe(expected),
  );

  it('a stricter minimum never selects more', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KNOWN_SEVERITIES, S('UNKNOWN')), fc.integer({ min: 0, max: 3 }), (s, i) => {
        if (meetsMinSeverity(s, KNOWN_SEVERITIES[i + 1])) expect(meetsMinSeverity(s, KNOWN_SEVERITIES[i])).toBe(true);
      }),
    );
  });
});

describe('normaliseFlightNumber', () => {
  it.each([
    ['TK01952', 'TK1952'],
    ['tk 1952', 'TK1952'],
    ['ba0117', 'BA117'],
    ['U2 08', 'U28'],
    ['BAW117', 'BAW117'],
    ['6E0201', '6E201'],
    ['LH400A', 'LH400A'],
    ['AA0', 'AA0'],
    ['12345', '12345'],
    ['not a flight', 'NOTAFLIGHT'],
  ])('%s -> %s', (raw, expected) => expect(normaliseFlightNumber(raw)).toBe(expected));

  it('is idempotent and ignores case and spacing', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{2}[0-9]{1,4}$/), fc.integer({ min: 0, max: 3 }), (fn, zeros) => {
        const once = normaliseFlightNumber(fn);
        expect(normaliseFlightNumber(once)).toBe(once);
        const padded = `${fn.slice(0, 2).toLowerCase()} ${'0'.repeat(zeros)}${fn.slice(2)}`;
        expect(normaliseFlightNumber(padded)).toBe(once);
      }),
    );
  });
});

describe('isCalendarDate', () => {
  it.each([
    ['2026-11-20', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-11-31', false],
    ['2026-13-01', false],
    ['2026-1-05', false],
    ['20261120', false],
    ['2026-11-20T00:00', false],
  ])('%s -> %s', (s, ok) => expect(isCalendarDate(s)).toBe(ok));

  it('agrees with the calendar for every day in a wide range', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }), (d) => {
        expect(isCalendarDate(d.toISOString().slice(0, 10))).toBe(true);
      }),
    );
  });
});

describe('flightStatusOf', () => {
  it.each([
    ['scheduled', 'SCHEDULED'],
    ['active', 'AIRBORNE'],
    ['landed', 'LANDED'],
    ['cancelled', 'CANCELLED'],
    ['diverted', 'DIVERTED'],
    ['incident', 'UNKNOWN'],
    [null, 'UNKNOWN'],
  ])('%s -> %s', (s, expected) => expect(flightStatusOf(s)).toBe(`FLIGHT_INSTANCE_STATUS_${expected}`));
});
