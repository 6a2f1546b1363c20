import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import {
  radarResult,
  radarSummary,
  radarTopTargets,
  radarTrafficAnomalies,
} from '../../../../src/sources/cloudflare-radar/radar.js';
import {
  ddosAttacksDataset,
  ddosSummaryFrom,
} from '../../../../src/services/infrastructure/internet/datasets/ddos-attacks.js';
import {
  TRAFFIC_ANOMALIES,
  trafficAnomaliesDataset,
  trafficAnomaliesFrom,
} from '../../../../src/services/infrastructure/internet/datasets/traffic-anomalies.js';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';

const DDOS = '/api/infrastructure/v1/list-internet-ddos-attacks';
const TRAFFIC = '/api/infrastructure/v1/list-internet-traffic-anomalies';
const read = (f: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'infrastructure', f));
const [PROTOCOL, VECTOR, TARGETS, ANOMALIES] = ['protocol', 'vector', 'targets']
  .map((k) => read(`cloudflare-radar-ddos-${k}.json`))
  .concat(read('cloudflare-radar-traffic-anomalies.json'));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [ddosAttacksDataset, trafficAnomaliesDataset] });
});
afterAll(() => app.close());

describe('Cloudflare Radar parsers', () => {
  it('orders summary shares largest first', () => {
    const shares = radarSummary(radarResult(VECTOR));
    expect(shares[0]).toEqual({ label: 'UDP Flood', percentage: 38.15 });
    expect(shares.map((s) => s.percentage)).toEqual([...shares.map((s) => s.percentage)].sort((a, b) => b - a));
  });

  it('reads target locations in rank order and anomalies with their location', () => {
    expect(radarTopTargets(radarResult(TARGETS))[0]).toEqual({
      countryCode: 'US',
      countryName: 'United States',
      percentage: 17.84,
    });
    const anomalies = radarTrafficAnomalies(radarResult(ANOMALIES));
    expect(anomalies).toHaveLength(7);
    expect(anomalies.find((a) => a.asn === '33771')).toMatchObject({
      type: 'ASN',
      locationCode: 'KE',
      asnName: 'SAFARICOM-LIMITED',
    });
    expect(anomalies.find((a) => a.locationCode === 'PK')!.endDate).toBe(0);
  });

  it.each([
    [() => radarResult('nope'), /not JSON/],
    [() => radarResult('{"success":false,"errors":[{"code":10000}]}'), /reported failure/],
    [() => radarSummary(radarResult('{"success":true,"result":{}}')), /summary_0/],
    [() => radarTopTargets(radarResult('{"success":true,"result":{"top_0":{}}}')), /top_0/],
    [() => radarTrafficAnomalies(radarResult('{"success":true,"result":{}}')), /trafficAnomalies/],
  ])('refuses malformed input %#', (fn, message) => expect(fn).toThrow(message));
});

describe('GET list-internet-ddos-attacks', () => {
  it('returns the week’s attack mix', async () => {
    const res = await app.get(DDOS);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(ddosSummaryFrom(PROTOCOL, VECTOR, TARGETS));
    expect(res.body.protocol.map((p: { label: string }) => p.label)).toEqual(['UDP', 'TCP', 'ICMP', 'GRE']);
    expect(res.body.dateRangeStart).toBe('2026-11-13T12:00:00Z');
    expect(res.body.dateRangeEnd).toBe('2026-11-20T12:00:00Z');
    expect(res.body.topTargetLocations.map((t: { countryCode: string }) => t.countryCode)).toEqual([
      'US',
      'DE',
      'CN',
      'BR',
      'HK',
      'GB',
      'SG',
      'TW',
      'UA',
      'XK',
    ]);
    expect(res.body.topTargetLocations[0].latitude).not.toBe(0);
  });

  it('leaves out target locations without a known position', () => {
    const doc = JSON.parse(TARGETS.toString());
    doc.result.top_0[0].targetCountryAlpha2 = 'ZZ';
    expect(
      ddosSummaryFrom(PROTOCOL, VECTOR, Buffer.from(JSON.stringify(doc))).topTargetLocations.map((t) => t.countryCode),
    ).not.toContain('ZZ');
  });
});

describe('GET list-internet-traffic-anomalies', () => {
  it('returns every anomaly newest first', async () => {
    const res = await app.get(TRAFFIC);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(7);
    expect(res.body.anomalies[0]).toMatchObject({
      uuid: 'a3f1c2d4-0b1e-4c55-9d11-5e2f6a7b8c90',
      locationCode: 'IQ',
      locationName: 'Iraq',
      status: 'VERIFIED',
    });
    expect(res.body.anomalies[0].latitude).not.toBe(0);
    expect(res.body.anomalies).toEqual(trafficAnomaliesFrom(ANOMALIES));
  });

  it.each([
    ['KE', ['c5f3e4d6-2d30-4e77-9f33-7a4b8c9d0e12']],
    ['ke', ['c5f3e4d6-2d30-4e77-9f33-7a4b8c9d0e12']],
    ['Iran', ['e7b5a6f8-4f52-4a99-b155-9c6d0e1f2a34']],
    ['I', []],
    ['FR', []],
  ])('country=%s matches exactly', async (country, ids) => {
    const res = await app.get(`${TRAFFIC}?country=${encodeURIComponent(country)}`);
    expect(res.body.anomalies.map((a: { uuid: string }) => a.uuid)).toEqual(ids);
    expect(res.body.totalCount).toBe(ids.length);
  });

  it('refuses an oversized country', async () => {
    expect((await app.get(`${TRAFFIC}?country=${'x'.repeat(101)}`)).status).toBe(400);
  });
});

describe('without snapshots', () => {
  it('serves empty answers no-store', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const d = await empty.get(DDOS);
      expect(d.body).toEqual({
        protocol: [],
        vector: [],
        dateRangeStart: '',
        dateRangeEnd: '',
        topTargetLocations: [],
      });
      expect(d.headers.get('cache-control')).toBe('no-store');
      const t = await empty.get(TRAFFIC);
      expect(t.body).toEqual({ anomalies: [], totalCount: 0 });
      expect(t.headers.get('cache-control')).toBe('no-store');
      const r = await empty.deps.runner.run(trafficAnomaliesDataset, {
        origin: { kind: 'bytes', payloads: { radar: Buffer.from('{"success":false}') } },
      });
      expect(r.ok).toBe(false);
      expect(empty.deps.store.meta(TRAFFIC_ANOMALIES)?.lastError).toMatch(/reported failure/);
    });
  });
});
