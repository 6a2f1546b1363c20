import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledFile } from '../../../src/platform/snapshots/samples.js';
import {
  militaryFlightsDataset,
  parseMilitaryFlights,
} from '../../../src/services/military/flights/datasets/military-flights.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';

const sample = (k: 'aircraft' | 'operators') => fs.readFileSync(bundledFile(militaryFlightsDataset.sources[k]!));
const FEED_TIME = Date.UTC(2026, 10, 20, 11, 58, 30);

describe('military flights dataset', () => {
  const { records, info } = parseMilitaryFlights(sample('aircraft'), sample('operators'));
  const by = Object.fromEntries(records.map((f) => [f.id, f]));

  it('keeps positioned military aircraft and drops civil decoys and aircraft without a position', () => {
    expect(info).toEqual({ feedTime: FEED_TIME, operatorTableReviewedAt: '2026-11-02', skipped: 3 });
    expect(records).toHaveLength(32);
    expect(by['4B1816']).toBeUndefined(); // Swiss airliner, no military flag
    expect(by.A1B2C3).toBeUndefined(); // civil business jet
    expect(by.AE0999).toBeUndefined(); // C-17 with no position
  });

  it('separates the services the published feed collapses into OTHER', () => {
    const ops = (hex: string) => [
      by[hex]!.operator.replace('MILITARY_OPERATOR_', ''),
      by[hex]!.operatorCountry,
      by[hex]!.confidence.replace('MILITARY_CONFIDENCE_', ''),
    ];
    expect(ops('AE681B')).toEqual(['USN', 'US', 'HIGH']);
    expect(ops('AE4F12')).toEqual(['USMC', 'US', 'HIGH']);
    expect(ops('AE59A2')).toEqual(['USA', 'US', 'HIGH']);
    expect(ops('43C4E9')).toEqual(['RN', 'GB', 'HIGH']); // callsign NAVY31 would say USN: the database operator wins
    expect(ops('780A4B')).toEqual(['PLAN', 'CN', 'HIGH']);
    expect(ops('7800F1')).toEqual(['PLAAF', 'CN', 'HIGH']);
    expect(ops('155B44')).toEqual(['VKS', 'RU', 'MEDIUM']);
    expect(ops('4D03C1')).toEqual(['NATO', '', 'HIGH']);
    expect(ops('3F6BA2')).toEqual(['GAF', 'DE', 'MEDIUM']);
    expect(ops('3B7A13')).toEqual(['FAF', 'FR', 'MEDIUM']);
    expect(ops('738A51')).toEqual(['IAF', 'IL', 'MEDIUM']);
    expect(ops('AE0410')).toEqual(['OTHER', 'US', 'LOW']); // only the address block: branch unknown
    expect(ops('710101')).toEqual(['OTHER', 'SA', 'LOW']); // only the feed's military flag
  });

  it('derives role, model, interest and enrichment', () => {
    expect(by.AE4F12).toMatchObject({
      aircraftType: 'MILITARY_AIRCRAFT_TYPE_TANKER',
      aircraftModel: 'KC-130J Hercules',
    });
    expect(by.AE6866).toMatchObject({ aircraftType: 'MILITARY_AIRCRAFT_TYPE_PATROL', isInteresting: false });
    expect(by.AE11E3).toMatchObject({
      aircraftType: 'MILITARY_AIRCRAFT_TYPE_AWACS',
      isInteresting: true,
      note: 'airborne early warning aircraft',
    });
    expect(by.AE1234).toMatchObject({ onGround: true, altitude: 0, lastSeenAt: FEED_TIME - 2100, source: 'adsb.lol' });
    expect(by.AE27FE!.enrichment).toEqual({
      manufacturer: 'LOCKHEED MARTIN',
      owner: 'United States Air Force',
      operatorName: 'United States Air Force',
      typeCode: 'F16',
      builtYear: '',
      confirmedMilitary: true,
      militaryBranch: 'USAF',
    });
    expect(by['780A4B']!.enrichment).toMatchObject({ manufacturer: 'SHAANXI', owner: '', militaryBranch: 'PLAN' });
    expect(by['710101']!.enrichment).toBeUndefined(); // no database entry at all
  });

  it('refuses a feed or table it cannot read', () => {
    expect(() => parseMilitaryFlights(Buffer.from('<html>'), sample('operators'))).toThrow(/not JSON/);
    expect(() => parseMilitaryFlights(Buffer.from('{"aircraft":[]}'), sample('operators'))).toThrow(/no `ac` array/);
    expect(() => parseMilitaryFlights(sample('aircraft'), Buffer.from('{"schemaVersion":2}'))).toThrow(
      /unexpected shape/,
    );
  });
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [militaryFlightsDataset] });
});
afterAll(() => app.close());

const FLIGHTS = '/api/military/v1/list-military-flights';
const POSTURE = '/api/military/v1/get-theater-posture';

describe('GET list-military-flights', () => {
  it('answers the empty request with every flight, interesting ones first', async () => {
    const res = await app.get(FLIGHTS);
    expect(res.status).toBe(200);
    expect(res.body.flights).toHaveLength(32);
    expect(res.body.pagination).toEqual({ nextCursor: '', totalCount: 32 });
    expect(res.body.clusters).toEqual([]);
    const interesting = res.body.flights.map((f: { isInteresting: boolean }) => f.isInteresting);
    expect(interesting.indexOf(false)).toBeGreaterThan(0);
    expect(interesting.slice(interesting.indexOf(false))).not.toContain(true);
    expect(res.headers.get('cache-control')).toMatch(/max-age=300/);
  });

  it('filters by box, including one across the antimeridian', async () => {
    const gulf = await app.get(`${FLIGHTS}?sw_lat=29&sw_lon=43&ne_lat=35&ne_lon=48`);
    expect(gulf.body.flights.map((f: { id: string }) => f.id).sort()).toEqual([
      'AE11E3',
      'AE27FE',
      'AE27FF',
      'AE2800',
      'AE2801',
      'AE2802',
      'AE5E1F',
      'AE5E20',
    ]);
    const pacific = await app.get(`${FLIGHTS}?sw_lat=-60&sw_lon=170&ne_lat=60&ne_lon=-170`);
    expect(pacific.body.flights).toEqual([]);
    const asia = await app.get(`${FLIGHTS}?sw_lat=20&sw_lon=100&ne_lat=30&ne_lon=-170`);
    expect(asia.body.flights.map((f: { id: string }) => f.id).sort()).toEqual(['7800F1', '780A4B', 'AE4F12', 'AE6866']);
    // Latitudes given the wrong way round are swapped.
    const swapped = await app.get(`${FLIGHTS}?sw_lat=35&sw_lon=43&ne_lat=29&ne_lon=48`);
    expect(swapped.body.pagination.totalCount).toBe(8);
  });

  it('filters by operator and aircraft type', async () => {
    const usn = await app.get(`${FLIGHTS}?operator=MILITARY_OPERATOR_USN`);
    expect(usn.body.flights.map((f: { id: string }) => f.id).sort()).toEqual(['AE681B', 'AE6866']);
    const tankers = await app.get(`${FLIGHTS}?aircraft_type=MILITARY_AIRCRAFT_TYPE_TANKER`);
    expect(tankers.body.flights.map((f: { id: string }) => f.id).sort()).toEqual([
      '33FF21',
      '43C6F2',
      'AE4F12',
      'AE5E1F',
      'AE5E20',
    ]);
    const all = await app.get(`${FLIGHTS}?operator=MILITARY_OPERATOR_UNSPECIFIED`);
    expect(all.body.pagination.totalCount).toBe(32);
  });

  it('pages with a cursor', async () => {
    const first = await app.get(`${FLIGHTS}?page_size=20`);
    expect(first.body.flights).toHaveLength(20);
    const second = await app.get(`${FLIGHTS}?page_size=20&cursor=${first.body.pagination.nextCursor}`);
    expect(second.body.flights).toHaveLength(12);
    expect(second.body.pagination.nextCursor).toBe('');
    const ids = [...first.body.flights, ...second.body.flights].map((f: { id: string }) => f.id);
    expect(new Set(ids).size).toBe(32);
  });

  it('rejects bad input', async () => {
    expectViolation(await app.get(`${FLIGHTS}?page_size=500`), 'page_size');
    expectViolation(await app.get(`${FLIGHTS}?ne_lat=91`), 'ne_lat');
    expectViolation(await app.get(`${FLIGHTS}?sw_lon=abc`), 'sw_lon');
    expectViolation(await app.get(`${FLIGHTS}?operator=USN`), 'operator');
  });
});

describe('GET get-theater-posture', () => {
  it('derives every theater from the snapshot', async () => {
    const res = await app.get(POSTURE);
    expect(res.status).toBe(200);
    const by = Object.fromEntries(res.body.theaters.map((t: { theater: string }) => [t.theater, t]));
    expect(Object.keys(by)).toHaveLength(9);
    // Eleven airborne aircraft between the Levant and the Gulf, among them two tankers, two AWACS and five fighters.
    expect(by['iran-theater']).toEqual({
      theater: 'iran-theater',
      postureLevel: 'elevated',
      activeFlights: 11,
      trackedVessels: 0,
      activeOperations: ['strike_capable', 'aerial_refueling', 'airborne_early_warning'],
      assessedAt: FEED_TIME,
    });
    // P-8, KC-130J, Y-8Q and KJ-500: one short of the elevated threshold.
    expect(by['taiwan-theater']).toMatchObject({
      postureLevel: 'normal',
      activeFlights: 4,
      activeOperations: ['aerial_refueling', 'airborne_early_warning'],
    });
    expect(by['korea-theater']).toMatchObject({ postureLevel: 'normal', activeFlights: 0, activeOperations: [] });
  });

  it('narrows to one theater', async () => {
    const res = await app.get(`${POSTURE}?theater=baltic-theater`);
    expect(res.body.theaters.map((t: { theater: string }) => t.theater)).toEqual(['baltic-theater']);
    expect((await app.get(`${POSTURE}?theater=atlantis`)).body.theaters).toEqual([]);
  });
});

describe('without a flights snapshot', () => {
  it('answers empty and uncached', async () => {
    const bare = await startTestApp({ samples: 'none' });
    try {
      for (const p of [FLIGHTS, POSTURE]) {
        const res = await bare.get(p);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
      expect((await bare.get(POSTURE)).body).toEqual({ theaters: [] });
    } finally {
      await bare.close();
    }
  });
});
