import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  conflictActivity,
  conflictScore,
  eventScore,
  informationScore,
  securityScore,
  unrestScore,
} from '../../../../src/services/intelligence/cii/components.js';

const noUnrest = {
  protests: 0,
  riots: 0,
  protestFatalities: 0,
  highSeverityUnrest: 0,
  outageTotal: 0,
  outageMajor: 0,
  outagePartial: 0,
};
const noConflict = { battles: 0, explosions: 0, civilianViolence: 0, conflictFatalities: 0, orefActiveAlerts: 0 };
const noMilitary = {
  ownFlights: 0,
  foreignFlights: 0,
  ownVessels: 0,
  foreignVessels: 0,
  aisDisruptionHigh: 0,
  aisDisruptionElevated: 0,
  aisDisruptionLow: 0,
};
const noSecurity = {
  military: noMilitary,
  aviationClosures: 0,
  aviationSevere: 0,
  aviationMajor: 0,
  aviationModerate: 0,
  gpsHigh: 0,
  gpsMedium: 0,
};

describe('unrest component (ciiContribution)', () => {
  it.each([
    // m < 0.7 takes the log branch: log2(3 + 1) x 0.3 x 5 = 3; 8 x 3 = 24.
    ['US, 3 protests (log branch)', { ...noUnrest, protests: 3 }, 0.3, 24],
    // n = 3, adjusted 2.4, base 19.2; deaths min(30, 1 x 5 x 0.8) = 4; severity min(20, 1 x 10 x 0.8) = 8; 31.2 -> 31.
    [
      'UA, 2 protests + 1 riot with a death',
      { ...noUnrest, protests: 2, riots: 1, protestFatalities: 1, highSeverityUnrest: 1 },
      0.8,
      31,
    ],
    // 30 + 15 + 5 = 50, the outage cap.
    ['one outage of each severity', { ...noUnrest, outageTotal: 1, outageMajor: 1, outagePartial: 1 }, 1, 50],
    // 2 x 30 = 60, capped at 50.
    ['two total outages (capped at 50)', { ...noUnrest, outageTotal: 2 }, 1, 50],
    // base 50 + deaths 30 + severity 20 + outages 50 = 150 -> 100.
    [
      'KP, everything at its cap',
      { ...noUnrest, protests: 10, protestFatalities: 10, highSeverityUnrest: 10, outageTotal: 2 },
      3,
      100,
    ],
    // 0.4-weighted old protest at m = 1: 0.4 x 8 = 3.2 -> 3.
    ['one old protest (weight 0.4)', { ...noUnrest, protests: 0.4 }, 1, 3],
  ])('%s', (_name, s, m, expected) => {
    expect(unrestScore(s, m)).toBe(expected);
  });
});

describe('conflict component (geoConvergence)', () => {
  it('log curve: 0 for no activity, the cap of 70 at the pivot of 4000', () => {
    expect(conflictActivity(0)).toBe(0);
    expect(conflictActivity(-5)).toBe(0);
    expect(conflictActivity(4000)).toBeCloseTo(70, 10);
    expect(conflictActivity(1e9)).toBe(70);
    // ln 2 / ln 4001 x 70 = 0.693147 / 8.294300 x 70 = 5.8498.
    expect(conflictActivity(1)).toBeCloseTo(5.8498, 3);
  });

  it.each([
    // raw (2 x 3 + 1 x 4) x 2 = 20; ln 21 / ln 4001 x 70 = 25.69 -> 26; deaths min(40, round(4 x 5 x 2)) = 40.
    [
      'RU, 2 battles + 1 explosion, 16 deaths',
      'RU',
      { ...noConflict, battles: 2, explosions: 1, conflictFatalities: 16 },
      2,
      66,
    ],
    // raw 5 x 5 x 0.7 = 17.5; ln 18.5 / ln 4001 x 70 = 24.62 -> 25; civilians min(10, 15) = 10.
    ['SY, 5 attacks on civilians', 'SY', { ...noConflict, civilianViolence: 5 }, 0.7, 35],
    // 25 + min(25, 3 x 5) = 40.
    ['IL, 3 active sirens', 'IL', { ...noConflict, orefActiveAlerts: 3 }, 0.7, 40],
    // 25 + min(25, 30) = 50.
    ['IL, 6 active sirens', 'IL', { ...noConflict, orefActiveAlerts: 6 }, 0.7, 50],
    // Sirens count for Israel only.
    ['UA, sirens are not its own', 'UA', { ...noConflict, orefActiveAlerts: 6 }, 0.8, 0],
    // raw (30 + 20 + 10) x 0.8 = 48; ln 49 / ln 4001 x 70 = 32.85 -> 33; deaths round(5 x 5 x 0.8) = 20; civilians 6.
    [
      'UA, 10 battles, 5 explosions, 2 attacks on civilians, 25 deaths',
      'UA',
      { ...noConflict, battles: 10, explosions: 5, civilianViolence: 2, conflictFatalities: 25 },
      0.8,
      59,
    ],
  ])('%s', (_name, code, s, m, expected) => {
    expect(conflictScore(s, m, code)).toBe(expected);
  });

  it('strikes add min(50, 3 x all + 5 x high-severity) when a strike feed is read', () => {
    expect(conflictScore(noConflict, 1, 'IR', { all: 4, high: 2 })).toBe(22);
    expect(conflictScore(noConflict, 1, 'IR', { all: 20, high: 10 })).toBe(50);
  });
});

describe('security component (militaryActivity)', () => {
  it.each([
    // flights 4 + 2 x 3 = 10 -> 30; vessels 1 + 2 x 1 = 3 -> 15; aviation 20 + 10 = 30; GPS 2 x 5 + 3 x 2 = 16.
    [
      'flights, vessels, airport alerts and GPS cells',
      {
        ...noSecurity,
        military: { ...noMilitary, ownFlights: 4, foreignFlights: 3, ownVessels: 1, foreignVessels: 1 },
        aviationClosures: 1,
        aviationMajor: 1,
        gpsHigh: 2,
        gpsMedium: 3,
      },
      91,
    ],
    // 50 + 30 + 40 + 35 = 155 -> 100.
    [
      'every part at its cap',
      {
        ...noSecurity,
        military: { ...noMilitary, ownFlights: 20, ownVessels: 10 },
        aviationClosures: 3,
        gpsHigh: 10,
      },
      100,
    ],
    // 3 severe + 1 moderate = 45 + 5 = 50 -> 40.
    ['airport alerts capped at 40', { ...noSecurity, aviationSevere: 3, aviationModerate: 1 }, 40],
    ['nothing', noSecurity, 0],
  ])('%s', (_name, s, expected) => {
    expect(securityScore(s)).toBe(expected);
  });
});

describe('information component and the event score', () => {
  it('information = min(100, news + threat summary)', () => {
    expect(informationScore({ newsScore: 6, threatSummaryScore: 20 })).toBe(26);
    expect(informationScore({ newsScore: 90, threatSummaryScore: 20 })).toBe(100);
  });

  it('eventScore = 0.25 unrest + 0.30 conflict + 0.20 security + 0.25 information', () => {
    // 10 + 15 + 4 + 2.5
    expect(eventScore({ unrest: 40, conflict: 50, security: 20, information: 10 })).toBeCloseTo(31.5, 10);
    expect(eventScore({ unrest: 100, conflict: 100, security: 100, information: 100 })).toBeCloseTo(100, 10);
  });
});

describe('component properties', () => {
  const count = fc.double({ min: 0, max: 500, noNaN: true });
  const multiplier = fc.constantFrom(0.3, 0.5, 0.6, 0.7, 0.8, 1, 1.5, 2, 3);

  it('unrest is an integer in 0..100 and never falls when a protest is added', () => {
    fc.assert(
      fc.property(count, count, count, multiplier, (protests, riots, deaths, m) => {
        const s = { ...noUnrest, protests, riots, protestFatalities: deaths };
        const v = unrestScore(s, m);
        expect(Number.isInteger(v) && v >= 0 && v <= 100).toBe(true);
        expect(unrestScore({ ...s, protests: protests + 1 }, m)).toBeGreaterThanOrEqual(v);
      }),
    );
  });

  // Not always an integer: the civilian term 3 x count is added unrounded, and old events count 0.4.
  it('conflict is in 0..100 and never falls when a battle is added', () => {
    fc.assert(
      fc.property(count, count, count, multiplier, (battles, civilians, deaths, m) => {
        const s = { ...noConflict, battles, civilianViolence: civilians, conflictFatalities: deaths };
        const v = conflictScore(s, m, 'UA');
        expect(v >= 0 && v <= 100).toBe(true);
        expect(conflictScore({ ...s, battles: battles + 1 }, m, 'UA')).toBeGreaterThanOrEqual(v);
      }),
    );
  });

  it('security is an integer in 0..100 and never falls when a foreign flight is added', () => {
    fc.assert(
      fc.property(fc.nat(100), fc.nat(100), fc.nat(20), (own, foreign, gps) => {
        const s = {
          ...noSecurity,
          military: { ...noMilitary, ownFlights: own, foreignFlights: foreign },
          gpsHigh: gps,
        };
        const v = securityScore(s);
        expect(Number.isInteger(v) && v >= 0 && v <= 100).toBe(true);
        const more = { ...s, military: { ...s.military, foreignFlights: foreign + 1 } };
        expect(securityScore(more)).toBeGreaterThanOrEqual(v);
      }),
    );
  });
});
