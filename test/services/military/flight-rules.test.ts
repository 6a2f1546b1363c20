import fs from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundledFile } from '../../../src/platform/snapshots/samples.js';
import type { AdsbAircraft } from '../../../src/sources/adsb/mil-feed.js';
import {
  militaryFlightsDataset,
  parseOperatorTable,
} from '../../../src/services/military/flights/datasets/military-flights.js';
import {
  boxOf,
  callsignHasPrefix,
  classifyAircraftType,
  classifyOperator,
  inBox,
  splitDescription,
  theaterPosture,
  THEATERS,
  type PostureInput,
} from '../../../src/services/military/flights/rules.js';

const { table } = parseOperatorTable(fs.readFileSync(bundledFile(militaryFlightsDataset.sources.operators!)));

const aircraft = (over: Partial<AdsbAircraft>): AdsbAircraft => ({
  hex: '000001',
  callsign: '',
  registration: '',
  typeCode: '',
  description: '',
  ownerOperator: '',
  year: '',
  onGround: false,
  squawk: '',
  seen: 0,
  dbFlags: 0,
  ...over,
});

describe('operator classification', () => {
  it.each([
    // [what, aircraft, operator, country, confidence, basis]
    ['known PLA airframe', { hex: '780a4b' }, 'PLAN', 'CN', 'HIGH', 'hex'],
    [
      'database operator',
      { hex: 'ae0001', ownerOperator: 'United States Marine Corps' },
      'USMC',
      'US',
      'HIGH',
      'owner',
    ],
    [
      'database operator beats callsign',
      { hex: '43c001', callsign: 'NAVY31', ownerOperator: 'Royal Navy' },
      'RN',
      'GB',
      'HIGH',
      'owner',
    ],
    ['US Navy logistics callsign', { hex: 'ae0002', callsign: 'CNV4521' }, 'USN', 'US', 'MEDIUM', 'callsign'],
    ['US Army priority air transport', { hex: 'ae0003', callsign: 'PAT25' }, 'USA', 'US', 'MEDIUM', 'callsign'],
    ['Air Mobility Command', { hex: 'ae0004', callsign: 'RCH871' }, 'USAF', 'US', 'MEDIUM', 'callsign'],
    ['Russian Aerospace Forces callsign', { hex: '150001', callsign: 'RFF7057' }, 'VKS', 'RU', 'MEDIUM', 'callsign'],
    ['Russian state register', { hex: '150002', registration: 'RF-85682' }, 'VKS', 'RU', 'MEDIUM', 'registration'],
    ['NATO E-3A registration', { hex: '4d0001', registration: 'LX-N90446' }, 'NATO', '', 'MEDIUM', 'registration'],
    ['UK military block', { hex: '43c6f2' }, 'RAF', 'GB', 'LOW', 'hex-range'],
    ['US military block, branch unknown', { hex: 'ae0410' }, 'OTHER', 'US', 'LOW', 'hex-range'],
    ['feed flag only', { hex: '710101', dbFlags: 1 }, 'OTHER', 'SA', 'LOW', 'feed-flag'],
  ] as const)('%s', (_what, over, operator, country, confidence, basis) => {
    expect(classifyOperator(aircraft(over), table)).toEqual({ operator, country, confidence, basis });
  });

  it.each([
    ['civil aircraft without evidence', { hex: 'a1b2c3', callsign: 'N628TS' }],
    [
      'airline flight without the military flag',
      { hex: '4b1816', callsign: 'SWR38', ownerOperator: 'Swiss International Air Lines' },
    ],
    ['airline designator even inside a prefix match', { hex: '3c0001', callsign: 'DLH400' }],
  ] as const)('excludes a %s', (_what, over) => {
    expect(classifyOperator(aircraft(over), table)).toBeUndefined();
  });

  it('needs a non-letter after a callsign prefix', () => {
    expect(callsignHasPrefix('SAM44', 'SAM')).toBe(true);
    expect(callsignHasPrefix('SAMBA1', 'SAM')).toBe(false);
    expect(callsignHasPrefix('NATO', 'NATO')).toBe(true);
  });

  it('never attributes an aircraft without military evidence (property)', () => {
    const civilHex = fc.integer({ min: 0x000000, max: 0xadf7c7 }).map((n) => n.toString(16).padStart(6, '0'));
    fc.assert(
      fc.property(civilHex, fc.stringMatching(/^N\d{1,4}[A-Z]{0,2}$/), (hex, callsign) => {
        if (
          table.exactHex.some((h) => h.hex === hex) ||
          table.militaryHexRanges.some(
            (r) => parseInt(hex, 16) >= parseInt(r.from, 16) && parseInt(hex, 16) <= parseInt(r.to, 16),
          )
        )
          return;
        expect(classifyOperator(aircraft({ hex, callsign, registration: callsign }), table)).toBeUndefined();
      }),
    );
  });
});

describe('aircraft role', () => {
  it.each([
    ['C130', 'LOCKHEED KC-130J Hercules', 'TANKER'],
    ['C130', 'LOCKHEED C-130J Shimshon', 'TRANSPORT'],
    ['Y8', 'SHAANXI Y-8Q', 'PATROL'],
    ['Y8', '', 'TRANSPORT'],
    ['E3TF', '', 'AWACS'],
    ['Q4', '', 'DRONE'],
    ['B1', '', 'BOMBER'],
    ['ZZZZ', 'Mystery', 'UNKNOWN'],
  ] as const)('%s / %s -> %s', (typeCode, description, type) => {
    expect(classifyAircraftType({ typeCode, description }, table)).toBe(type);
  });

  it('splits a database description into manufacturer and model', () => {
    expect(splitDescription('LOCKHEED MARTIN F-16C Fighting Falcon')).toEqual({
      manufacturer: 'LOCKHEED MARTIN',
      model: 'F-16C Fighting Falcon',
    });
    expect(splitDescription('BOEING P-8A Poseidon')).toEqual({ manufacturer: 'BOEING', model: 'P-8A Poseidon' });
    expect(splitDescription('')).toEqual({ manufacturer: '', model: '' });
  });
});

describe('theater posture', () => {
  const baltic = THEATERS.find((t) => t.id === 'baltic-theater')!;
  const at = (aircraftType: PostureInput['aircraftType'], onGround = false): PostureInput => ({
    lat: 58,
    lon: 20,
    onGround,
    aircraftType,
  });

  it.each([
    [[], 'normal', []],
    [
      [at('TANKER'), at('AWACS'), at('FIGHTER'), at('FIGHTER'), at('FIGHTER')],
      'elevated',
      ['strike_capable', 'aerial_refueling', 'airborne_early_warning'],
    ],
    [[at('TANKER'), at('FIGHTER'), at('FIGHTER'), at('FIGHTER'), at('FIGHTER')], 'elevated', ['aerial_refueling']],
    [[at('TANKER', true), at('AWACS', true)], 'normal', []],
    [Array.from({ length: 12 }, () => at('TRANSPORT')), 'critical', []],
  ] as const)('case %#', (flights, level, ops) => {
    const p = theaterPosture(baltic, flights);
    expect(p.postureLevel).toBe(level);
    expect(p.activeOperations).toEqual(ops);
  });

  it('counts only flights inside the box (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            lat: fc.double({ min: -90, max: 90, noNaN: true }),
            lon: fc.double({ min: -180, max: 180, noNaN: true }),
          }),
        ),
        (pts) => {
          const inside = pts.filter((p) => p.lat <= 65 && p.lat >= 52 && p.lon <= 32 && p.lon >= 10).length;
          expect(
            theaterPosture(
              baltic,
              pts.map((p) => ({ ...p, onGround: false, aircraftType: 'UNKNOWN' as const })),
            ).activeFlights,
          ).toBe(inside);
        },
      ),
    );
  });
});

describe('bounding box', () => {
  it('defaults to the world and wraps across the antimeridian', () => {
    expect(inBox(boxOf({}), -89, 179)).toBe(true);
    const wrap = boxOf({ sw_lat: 0, sw_lon: 170, ne_lat: 10, ne_lon: -170 });
    expect(inBox(wrap, 5, 175)).toBe(true);
    expect(inBox(wrap, 5, -175)).toBe(true);
    expect(inBox(wrap, 5, 0)).toBe(false);
  });
});
