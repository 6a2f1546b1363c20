import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  aircraftRegistryDataset,
  parseAircraftRegistry,
} from '../../../src/services/military/aircraft/datasets/aircraft-registry.js';
import { militaryFlightsDataset } from '../../../src/services/military/flights/datasets/military-flights.js';
import { parseWingbitsLive } from '../../../src/sources/wingbits/client.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { fakeUpstream } from '../aviation/support.js';

const DETAILS = '/api/military/v1/get-aircraft-details';
const BATCH = '/api/military/v1/get-aircraft-details-batch';
const STATUS = '/api/military/v1/get-wingbits-status';
const LIVE = '/api/military/v1/get-wingbits-live-flight';
const samples = [aircraftRegistryDataset, militaryFlightsDataset];

const post = (app: TestApp, body: unknown, headers: Record<string, string> = {}) =>
  app.request(BATCH, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('open aircraft registry', () => {
  it('reads the OpenSky-format extract', () => {
    const records = parseAircraftRegistry(
      fs.readFileSync(path.join(SAMPLES_DIR, aircraftRegistryDataset.sources.registry!.sample)),
    );
    expect(records).toHaveLength(19);
    expect(records.find((r) => r.icao24 === 'ae4f12')).toEqual({
      icao24: 'ae4f12',
      registration: '168651',
      manufacturerIcao: 'LOCKHEED',
      manufacturerName: 'Lockheed',
      model: 'KC-130J Hercules',
      typecode: 'C30J',
      serialNumber: '5721',
      icaoAircraftType: 'L4T',
      operator: 'United States Marine Corps',
      operatorCallsign: '',
      operatorIcao: '',
      owner: 'United States Marine Corps',
      built: '2013',
      engines: 'RR AE2100D3',
      categoryDescription: 'Large (75000 to 300000 lbs)',
    });
    expect(() => parseAircraftRegistry(Buffer.from('a,b\n1,2'))).toThrow(/no icao24/);
  });

  it('reads Wingbits positions in long and compact form', () => {
    expect(
      parseWingbitsLive(
        Buffer.from(
          '{"h":"AE1234","f":"RCH1 ","la":50,"lo":8,"ab":31000,"gs":420,"tr":90,"rs":0,"og":false,"ra":"05-5140","ts":1763640000}',
        ),
        'ae1234',
      ),
    ).toMatchObject({ icao24: 'ae1234', callsign: 'RCH1', lat: 50, altitude: 31000, lastSeen: 1763640000 });
    expect(parseWingbitsLive(Buffer.from('{"data":{"latitude":1,"longitude":2}}'), 'x')).toMatchObject({
      lat: 1,
      lon: 2,
    });
    expect(parseWingbitsLive(Buffer.from('{}'), 'x')).toBeUndefined();
  });
});

describe('without Wingbits', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples });
  });
  afterAll(() => app.close());

  it('reports Wingbits unconfigured', async () => {
    expect((await app.get(STATUS)).body).toEqual({ configured: false });
  });

  it('answers details from the open registry and says so', async () => {
    const res = await app.get(`${DETAILS}?icao24=AE681B`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      configured: false,
      details: { icao24: 'ae681b', model: 'C-40A Clipper', operator: 'United States Navy' },
    });
    expect(res.headers.get('x-aircraft-source')).toBe('open-registry');
    const unknown = await app.get(`${DETAILS}?icao24=abcdef`);
    expect(unknown.body).toEqual({ configured: false });
    expect(unknown.headers.get('x-aircraft-source')).toBe('none');
  });

  it('requires an address', async () => {
    expectViolation(await app.get(DETAILS), 'icao24');
    expectViolation(await app.get(`${DETAILS}?icao24=`), 'icao24');
    expectViolation(await app.get(LIVE), 'icao24');
  });

  it('looks up a batch: trimmed, lower-cased, de-duplicated', async () => {
    const res = await post(app, { icao24s: [' AE1234', 'ae1234', '43c6f2', '', 'ffffff'] });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body.results).sort()).toEqual(['43c6f2', 'ae1234']);
    expect(res.body).toMatchObject({ fetched: 2, requested: 3, configured: false });
  });

  it('rejects an empty or oversized batch', async () => {
    expectViolation(await post(app, { icao24s: [] }), 'icao24s');
    expectViolation(await post(app, { icao24s: Array.from({ length: 21 }, (_, i) => `ae00${i}`) }), 'icao24s');
    expectViolation(await post(app, {}), 'icao24s');
  });

  it('replays a batch under the same Idempotency-Key', async () => {
    const first = await post(app, { icao24s: ['ae1234'] }, { 'idempotency-key': 'k-1' });
    const again = await post(app, { icao24s: ['ae1234'] }, { 'idempotency-key': 'k-1' });
    expect(first.headers.get('idempotent-replayed')).toBe('false');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await post(app, { icao24s: ['43c6f2'] }, { 'idempotency-key': 'k-1' })).status).toBe(422);
  });

  it('replays the last snapshot position, labelled with its time', async () => {
    const res = await app.get(`${LIVE}?icao24=ae4f12`);
    expect(res.status).toBe(200);
    expect(res.body.flight).toMatchObject({
      icao24: 'ae4f12',
      callsign: 'BOAR61',
      lat: 26.3,
      lon: 127.8,
      altitude: 18000,
      flightStatus: 'snapshot',
      lastSeen: String(Math.floor((Date.UTC(2026, 10, 20, 11, 58, 30) - 1900) / 1000)),
      operator: 'United States Marine Corps',
      depIata: '',
      photoUrl: '',
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await app.get(`${LIVE}?icao24=abcdef`)).body).toEqual({});
    expect((await app.get(`${LIVE}?icao24=not-hex`)).body).toEqual({});
  });
});

describe('with Wingbits configured', () => {
  let app: TestApp;
  let upstream: Awaited<ReturnType<typeof fakeUpstream>>;
  beforeAll(async () => {
    upstream = await fakeUpstream((url) => {
      if (url.pathname === '/v1/flights/details/ae1234')
        return {
          body: JSON.stringify({
            icao24: 'AE1234',
            registration: '05-5140',
            model: 'C-17A',
            typecode: 'C17',
            operator: 'USAF',
          }),
        };
      if (url.pathname === '/v1/flights/details/a00001') return { status: 500, body: 'boom' };
      if (url.pathname === '/v1/flights/ae27fe')
        return {
          body: JSON.stringify({
            h: 'ae27fe',
            f: 'VIPER21',
            la: 31.9,
            lo: 45.8,
            ab: 23000,
            gs: 470,
            tr: 265,
            rs: 0,
            og: false,
            ts: 1763640100,
          }),
        };
      return { status: 404, body: '{"error":"not found"}' };
    });
    app = await startTestApp({
      samples,
      config: { WINGBITS_API_KEY: 'wb-test-key', UPSTREAM_BASE_OVERRIDE: upstream.origin },
    });
  });
  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  it('reports Wingbits configured', async () => {
    expect((await app.get(STATUS)).body).toEqual({ configured: true });
  });

  it('asks Wingbits first, with the key, and keeps its answer', async () => {
    const res = await app.get(`${DETAILS}?icao24=ae1234`);
    expect(res.body).toMatchObject({
      configured: true,
      details: { icao24: 'ae1234', model: 'C-17A', operator: 'USAF', owner: '' },
    });
    expect(res.headers.get('x-aircraft-source')).toBe('wingbits');
    const asked = upstream.seen.filter((u) => u.pathname === '/v1/flights/details/ae1234').length;
    await app.get(`${DETAILS}?icao24=ae1234`);
    expect(upstream.seen.filter((u) => u.pathname === '/v1/flights/details/ae1234').length).toBe(asked);
  });

  it('falls back to the registry for airframes Wingbits does not know', async () => {
    const res = await app.get(`${DETAILS}?icao24=43c6f2`);
    expect(res.body).toMatchObject({ configured: true, details: { model: 'Voyager KC2' } });
    expect(res.headers.get('x-aircraft-source')).toBe('open-registry');
  });

  it('marks a Wingbits failure uncached', async () => {
    const res = await app.get(`${DETAILS}?icao24=a00001`);
    expect(res.body).toEqual({ configured: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a live position from Wingbits, and no flight when Wingbits has none', async () => {
    const res = await app.get(`${LIVE}?icao24=AE27FE`);
    expect(res.body.flight).toMatchObject({
      icao24: 'ae27fe',
      callsign: 'VIPER21',
      lat: 31.9,
      flightStatus: 'live',
      lastSeen: '1763640100',
      model: 'F-16CM Fighting Falcon',
    });
    expect((await app.get(`${LIVE}?icao24=ae4f12`)).body).toEqual({});
  });
});
