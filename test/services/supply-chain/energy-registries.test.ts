import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import {
  pipelinesDataset,
  parsePipelineRegistry,
} from '../../../src/services/supply-chain/energy/datasets/pipelines.js';
import {
  fuelShortagesDataset,
  parseFuelShortages,
} from '../../../src/services/supply-chain/energy/datasets/fuel-shortages.js';
import {
  energyDisruptionsDataset,
  parseEnergyDisruptions,
} from '../../../src/services/supply-chain/energy/datasets/energy-disruptions.js';

const BASE = '/api/supply-chain/v1';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [pipelinesDataset, fuelShortagesDataset, energyDisruptionsDataset] });
});
afterAll(() => app.close());

describe('GET list-pipelines', () => {
  it('lists gas then oil pipelines with route, capacity and a badge', async () => {
    const res = await app.get(`${BASE}/list-pipelines`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      // The registry's own time (updatedAt in db/reference/supply-chain/*.json), not when it was loaded.
      fetchedAt: '2026-11-19T06:00:00.000Z',
      classifierVersion: 'v1',
      upstreamUnavailable: false,
    });
    const ps = res.body.pipelines as any[];
    expect(ps.length).toBe(20);
    const kinds = ps.map((p) => p.commodityType);
    expect(kinds.indexOf('oil')).toBeGreaterThan(kinds.lastIndexOf('gas'));
    const ns1 = ps.find((p) => p.id === 'nord_stream_1');
    expect(ns1).toMatchObject({
      fromCountry: 'RU',
      toCountry: 'DE',
      capacityBcmYr: 55,
      capacityMbd: 0,
      publicBadge: 'offline',
    });
    expect(ns1).not.toHaveProperty('revisions');
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });

  it.each([
    ['turkstream', 'flowing'], // fresh operator evidence
    ['nord_stream_2', 'offline'], // offline backed by a sanction
    ['druzhba', 'reduced'], // reduced with evidence from yesterday
    ['greenstream', 'disputed'], // reduced, but the evidence is two months old
    ['keystone', 'disputed'], // no evidence at all
  ])('%s shows %s', async (id, badge) => {
    const res = await app.get(`${BASE}/list-pipelines`);
    expect(res.body.pipelines.find((p: any) => p.id === id).publicBadge).toBe(badge);
  });

  it('narrows to one commodity', async () => {
    const oil = (await app.get(`${BASE}/list-pipelines?commodityType=oil`)).body.pipelines as any[];
    expect(oil.length).toBe(9);
    expect(new Set(oil.map((p) => p.commodityType))).toEqual(new Set(['oil']));
  });

  it('refuses an unknown commodity', async () => {
    expectViolation(await app.get(`${BASE}/list-pipelines?commodityType=coal`), 'commodityType');
  });
});

describe('GET get-pipeline-detail', () => {
  it('returns the pipeline with its revisions, newest first', async () => {
    const res = await app.get(`${BASE}/get-pipeline-detail?pipelineId=balticconnector`);
    expect(res.status).toBe(200);
    expect(res.body.unavailable).toBe(false);
    expect(res.body.pipeline).toMatchObject({ id: 'balticconnector', publicBadge: 'flowing' });
    expect(res.body.revisions.map((r: any) => r.date)).toEqual(['2024-04-22', '2023-10-08']);
  });

  it('answers an unknown id with unavailable and no-store', async () => {
    const res = await app.get(`${BASE}/get-pipeline-detail?pipelineId=atlantis`);
    expect(res.body).toEqual({ revisions: [], fetchedAt: '2026-11-19T06:00:00.000Z', unavailable: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('needs a pipelineId', async () => {
    expectViolation(await app.get(`${BASE}/get-pipeline-detail`), 'pipelineId');
  });
});

describe('GET list-fuel-shortages', () => {
  it('lists every shortage in registry order, resolved ones with their date', async () => {
    const res = await app.get(`${BASE}/list-fuel-shortages`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ classifierVersion: 'v1', upstreamUnavailable: false });
    const ss = res.body.shortages as any[];
    expect(ss.length).toBe(13);
    expect(ss[0].id).toBe('cu-diesel-2024');
    expect(ss.find((s) => s.id === 'lk-all-2022').resolvedAt).toBe('2023-03-01');
    expect(ss[0].evidence.evidenceSources[0]).toMatchObject({ sourceType: 'regulator' });
  });

  it.each([
    ['country=BO', (s: any) => s.country === 'BO', 2],
    ['product=diesel', (s: any) => s.product === 'diesel', 5],
    ['severity=watch', (s: any) => s.severity === 'watch', 5],
    ['country=BO&severity=confirmed', (s: any) => s.country === 'BO' && s.severity === 'confirmed', 1],
  ])('filters by %s', async (query, keep, n) => {
    const ss = (await app.get(`${BASE}/list-fuel-shortages?${query}`)).body.shortages as any[];
    expect(ss).toHaveLength(n);
    expect(ss.every(keep)).toBe(true);
  });

  it.each([
    ['country=bo', 'country'],
    ['product=kerosene', 'product'],
    ['severity=severe', 'severity'],
  ])('refuses %s', async (query, field) => {
    expectViolation(await app.get(`${BASE}/list-fuel-shortages?${query}`), field);
  });
});

describe('GET get-fuel-shortage-detail', () => {
  it('returns one shortage', async () => {
    const res = await app.get(`${BASE}/get-fuel-shortage-detail?shortageId=ng-petrol-2024`);
    expect(res.body).toMatchObject({
      unavailable: false,
      shortage: { id: 'ng-petrol-2024', country: 'NG', product: 'petrol', severity: 'confirmed' },
    });
  });

  it('answers an unknown id with unavailable and no-store; needs an id', async () => {
    const res = await app.get(`${BASE}/get-fuel-shortage-detail?shortageId=nope`);
    expect(res.body).toEqual({ fetchedAt: '2026-11-19T06:00:00.000Z', unavailable: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expectViolation(await app.get(`${BASE}/get-fuel-shortage-detail`), 'shortageId');
  });
});

describe('GET list-energy-disruptions', () => {
  it('lists events most recent start first', async () => {
    const res = await app.get(`${BASE}/list-energy-disruptions`);
    expect(res.status).toBe(200);
    const es = res.body.events as any[];
    expect(es.length).toBe(12);
    const starts = es.map((e) => e.startAt);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(es.find((e) => e.id === 'ns1-sabotage-2022')).toMatchObject({
      assetType: 'pipeline',
      eventType: 'sabotage',
      endAt: '',
      capacityOfflineBcmYr: 55,
      countries: ['RU', 'DE'],
    });
  });

  it.each([
    ['assetId=freeport_lng', (e: any) => e.assetId === 'freeport_lng', 2],
    ['assetType=storage', (e: any) => e.assetType === 'storage', 3],
    ['ongoingOnly=true', (e: any) => e.endAt === '', 8],
    ['ongoingOnly=false', () => true, 12],
    ['assetType=pipeline&ongoingOnly=true', (e: any) => e.assetType === 'pipeline' && e.endAt === '', 6],
  ])('filters by %s', async (query, keep, n) => {
    const es = (await app.get(`${BASE}/list-energy-disruptions?${query}`)).body.events as any[];
    expect(es).toHaveLength(n);
    expect(es.every(keep)).toBe(true);
  });

  it.each([
    ['assetType=lng', 'assetType'],
    ['ongoingOnly=yes', 'ongoingOnly'],
  ])('refuses %s', async (query, field) => {
    expectViolation(await app.get(`${BASE}/list-energy-disruptions?${query}`), field);
  });
});

describe('without the registries', () => {
  it('answers every operation with the unavailable flags and no-store', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      for (const [p, body] of [
        ['list-pipelines', { pipelines: [], fetchedAt: '', classifierVersion: '', upstreamUnavailable: true }],
        ['get-pipeline-detail?pipelineId=tap', { revisions: [], fetchedAt: '', unavailable: true }],
        ['list-fuel-shortages', { shortages: [], fetchedAt: '', classifierVersion: '', upstreamUnavailable: true }],
        ['get-fuel-shortage-detail?shortageId=x', { fetchedAt: '', unavailable: true }],
        ['list-energy-disruptions', { events: [], fetchedAt: '', classifierVersion: '', upstreamUnavailable: true }],
      ] as const) {
        const res = await empty.get(`${BASE}/${p}`);
        expect(res.body, p).toEqual(body);
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    });
  });
});

describe('registry parsers', () => {
  it('skip entries that do not validate and refuse a document of the wrong shape', () => {
    const pipes = parsePipelineRegistry(
      Buffer.from(
        JSON.stringify({
          updatedAt: 'x',
          pipelines: {
            a: {
              id: 'b',
              name: 'n',
              commodityType: 'gas',
              fromCountry: 'RU',
              toCountry: 'DE',
              startPoint: { lat: 1, lon: 1 },
              endPoint: { lat: 1, lon: 1 },
            },
            c: { id: 'c' },
          },
        }),
      ),
    );
    expect(pipes.records).toEqual([]);
    expect(pipes.info.skipped).toEqual(['a', 'c']);
    expect(() => parsePipelineRegistry(Buffer.from('{"pipelines": []}'))).toThrow(/unexpected shape/);
    expect(() => parseFuelShortages(Buffer.from('not json'))).toThrow(/not JSON/);
  });

  it('refuse a confirmed shortage without a regulator or operator behind it', () => {
    const doc = {
      updatedAt: 'x',
      shortages: [
        {
          id: 'a',
          country: 'XX',
          product: 'diesel',
          severity: 'confirmed',
          firstSeen: '2026-01-01',
          evidence: { evidenceSources: [{ authority: 'Blog', sourceType: 'press' }] },
        },
        {
          id: 'b',
          country: 'XX',
          product: 'diesel',
          severity: 'confirmed',
          firstSeen: '2026-01-01',
          evidence: { evidenceSources: [{ authority: 'Regulator', sourceType: 'regulator' }] },
        },
        { id: 'b', country: 'XX', product: 'petrol', firstSeen: '2026-01-01' },
      ],
    };
    const r = parseFuelShortages(Buffer.from(JSON.stringify(doc)));
    expect(r.records.map((s) => s.id)).toEqual(['b']);
    expect(r.info.skipped).toEqual(['#0', 'b']);
  });

  it('skip events with an unknown type', () => {
    const r = parseEnergyDisruptions(
      Buffer.from(
        JSON.stringify({
          updatedAt: 'x',
          events: [{ id: 'e', assetId: 'a', assetType: 'pipeline', eventType: 'aliens', startAt: '2026-01-01' }],
        }),
      ),
    );
    expect(r.records).toEqual([]);
  });
});
