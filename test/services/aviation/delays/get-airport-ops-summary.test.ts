import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../src/platform/clock.js';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { faaStatusDataset } from '../../../../src/services/aviation/delays/datasets/faa-status.js';
import { notamsDataset, parseNotams } from '../../../../src/services/aviation/delays/datasets/notams.js';
import { notamFlag, notamReason } from '../../../../src/services/aviation/delays/notam-rules.js';
import { notamFloor } from '../../../../src/services/aviation/delays/ops-summary.js';
import { flightsDataset } from '../../../../src/services/aviation/flights/datasets/flights.js';
import { SAMPLE_NOW, startTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';

const PATH = '/api/aviation/v1/get-airport-ops-summary';
type Summary = {
  iata: string;
  severity: string;
  notamFlags: string[];
  closureStatus: boolean;
  source: string;
  topDelayReasons: string[];
  totalFlights: number;
};

describe('NOTAM rules', () => {
  it.each([
    [{ code23: 'FA', code45: 'LC', text: '' }, 'CLOSED'],
    [{ code23: 'MR', code45: 'LC', text: 'E) RWY 16R/34L CLSD DUE TO MAINT.' }, 'NOTAM'],
    [{ code23: 'XX', code45: 'XX', text: 'E) AD CLSD TO ALL TRAFFIC' }, 'CLOSED'],
    [{ code23: 'RR', code45: 'CA', text: '' }, 'RESTRICTED'],
    [{ code23: 'FA', code45: 'RT', text: '' }, 'RESTRICTED'],
    [{ code23: 'FA', code45: 'AH', text: 'E) AD OPR HR 0500-2300 DUE TO NIGHT FLYING RESTRICTIONS.' }, 'NOTAM'],
  ] as const)('%o -> %s', (n, flag) => expect(notamFlag(n)).toBe(flag));

  it('puts a floor under severity', () => {
    expect(notamFloor(['CLOSED'], 0)).toBe('FLIGHT_DELAY_SEVERITY_SEVERE');
    expect(notamFloor(['CLOSED', 'RESTRICTED'], 9)).toBe('FLIGHT_DELAY_SEVERITY_MODERATE');
    expect(notamFloor(['RESTRICTED'], 9)).toBe('FLIGHT_DELAY_SEVERITY_MINOR');
    expect(notamFloor(['NOTAM'], 9)).toBeUndefined();
  });

  it('reads the NOTAM list, dropping expired ones, and quotes the E) field', () => {
    const notams = parseNotams(
      fs.readFileSync(path.join(SAMPLES_DIR, notamsDataset.sources.notams!.sample)),
      SAMPLE_NOW,
    );
    expect(notams.map((n) => n.icao)).toEqual(['LTFM', 'OMDB', 'EGLL', 'EDDF']);
    expect(notamReason(notams[1]!.text)).toBe('AD CLSD TO ALL TRAFFIC DUE TO VVIP MOVEMENT.');
    expect(() => parseNotams(Buffer.from('{}'), 0)).toThrow(/not an array/);
  });
});

const clock = new ManualClock(SAMPLE_NOW);
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [faaStatusDataset, flightsDataset, notamsDataset], clock });
});
afterAll(() => app.close());

const summariesOf = async (q = '') => {
  const res = await app.get(`${PATH}${q}`);
  expect(res.status, res.text).toBe(200);
  return Object.fromEntries((res.body.summaries as Summary[]).map((s) => [s.iata, s]));
};

describe('GET get-airport-ops-summary', () => {
  it('answers the default airports from departures and NOTAMs', async () => {
    const res = await app.get(PATH);
    expect(res.body.summaries.map((s: Summary) => s.iata)).toEqual(['IST', 'LHR', 'FRA', 'CDG', 'AMS', 'DXB']);
    expect(res.body.cacheHit).toBe(true);
    const by = await summariesOf();
    expect(by.IST).toEqual({
      iata: 'IST',
      icao: 'LTFM',
      name: 'Istanbul',
      timezone: 'Europe/Istanbul',
      delayPct: 100,
      avgDelayMinutes: 50,
      cancellationRate: 8.3,
      totalFlights: 12,
      closureStatus: false,
      notamFlags: ['NOTAM'], // a runway closure is not an aerodrome closure
      severity: 'FLIGHT_DELAY_SEVERITY_MAJOR',
      topDelayReasons: ['Average departure delay 50 min'],
      source: 'aviationstack',
      updatedAt: SAMPLE_NOW,
    });
    // Dubai runs normally, but a closure NOTAM is in force until 14:00: at least MODERATE.
    expect(by.DXB).toMatchObject({
      closureStatus: true,
      notamFlags: ['CLOSED'],
      severity: 'FLIGHT_DELAY_SEVERITY_MODERATE',
      topDelayReasons: ['AD CLSD TO ALL TRAFFIC DUE TO VVIP MOVEMENT.'],
    });
    expect(by.LHR).toMatchObject({ notamFlags: ['RESTRICTED'], severity: 'FLIGHT_DELAY_SEVERITY_MODERATE' });
    expect(by.CDG).toMatchObject({ notamFlags: [], severity: 'FLIGHT_DELAY_SEVERITY_NORMAL', topDelayReasons: [] });
  });

  it('lifts the closure in NOTAMs captured after it expired; the clock alone changes nothing', async () => {
    const before = (await summariesOf('?airports=DXB')).DXB;
    clock.set(SAMPLE_NOW + 3 * 3600_000);
    try {
      // Same snapshot, three hours on: NOTAMs in force are judged at its capture, so still closed.
      expect((await summariesOf('?airports=DXB')).DXB).toEqual(before);
      // The same NOTAM list read three hours later (after the closure's end): lifted.
      const bytes = fs.readFileSync(path.join(SAMPLES_DIR, notamsDataset.sources.notams!.sample));
      const r = await app.deps.runner.run(notamsDataset, { origin: { kind: 'bytes', payloads: { notams: bytes } } });
      expect(r.ok).toBe(true);
      expect((await summariesOf('?airports=DXB')).DXB).toMatchObject({
        closureStatus: false,
        severity: 'FLIGHT_DELAY_SEVERITY_NORMAL',
      });
    } finally {
      clock.set(SAMPLE_NOW);
      expect((await app.deps.runner.run(notamsDataset, { origin: { kind: 'samples' } })).ok).toBe(true);
    }
  });

  it('answers chosen airports in request order, US ones from the FAA, unknown codes as UNKNOWN', async () => {
    const res = await app.get(`${PATH}?airports=sfo,PEK&airports=XYZ`);
    expect(res.body.summaries.map((s: Summary) => s.iata)).toEqual(['SFO', 'PEK', 'XYZ']);
    const [sfo, pek, xyz] = res.body.summaries as Summary[];
    expect(sfo).toMatchObject({ source: 'faa', avgDelayMinutes: 72, topDelayReasons: ['low ceilings'] });
    expect(pek).toMatchObject({
      source: 'aviationstack',
      severity: 'FLIGHT_DELAY_SEVERITY_SEVERE',
      cancellationRate: 30,
    });
    expect(xyz).toMatchObject({ icao: '', name: 'XYZ', severity: 'FLIGHT_DELAY_SEVERITY_UNKNOWN', source: 'unknown' });
  });

  it('rejects more than 20 airports', async () => {
    expectViolation(
      await app.get(
        `${PATH}?airports=${Array.from({ length: 21 }, (_, i) => `A${String(i).padStart(2, '0')}`).join(',')}`,
      ),
      'airports',
    );
  });

  it('degrades without the feeds', async () => {
    const bare = await startTestApp({ samples: 'none' });
    try {
      const res = await bare.get(`${PATH}?airports=IST`);
      expect(res.body.summaries[0]).toMatchObject({ severity: 'FLIGHT_DELAY_SEVERITY_UNKNOWN', source: 'degraded' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    } finally {
      await bare.close();
    }
  });
});
