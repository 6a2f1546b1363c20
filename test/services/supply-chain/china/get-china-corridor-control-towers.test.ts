import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPublishedContract } from '../../../support/published-contract.js';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import { chinaCorridorsDataset } from '../../../../src/services/supply-chain/china/datasets/corridors.js';
import { CORRIDOR_SAMPLES } from './corridor-samples.js';

const PATH = '/api/supply-chain/v1/get-china-corridor-control-towers';
let app: TestApp;

// The payload is a JSON string: check it against the published contract's own schema of it.
const contract = readPublishedContract();
const addFormats = ((formatsPlugin as unknown as { default?: unknown }).default ?? formatsPlugin) as unknown as (
  ajv: Ajv2020,
) => void;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'contract', components: contract.components });
const validatePayload = ajv.getSchema(
  'contract#/components/schemas/supply_chain_v1_ChinaCorridorControlTowerResponse',
)!;

beforeAll(async () => {
  app = await startTestApp({ samples: CORRIDOR_SAMPLES, clock: new ManualClock(SAMPLE_NOW) });
});
afterAll(() => app.close());

type Signal = {
  id: string;
  availability: string;
  metrics: Record<string, unknown>;
  contentFreshness: string;
  transportFreshness: string;
};
type Condition = {
  family: string;
  availability: string;
  reason: string | null;
  sourceSignals: Signal[];
  provenance: any;
};
type Corridor = { id: string; availability: string; nodes: { id: string; type: string }[]; conditions: Condition[] };
const condition = (c: Corridor, family: string) => c.conditions.find((k) => k.family === family)!;

describe('GET get-china-corridor-control-towers', () => {
  it('answers the empty request with the four corridors composed from the bundled snapshots, as the contract shapes them', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.upstreamUnavailable).toBe(false);
    expect(res.headers.get('cache-control')).toMatch(/max-age/);
    const payload = JSON.parse(res.body.payloadJson);
    const ok = validatePayload(payload);
    expect(validatePayload.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    expect(payload.generatedAt).toBe(res.body.generatedAt);
    expect(payload.corridors.map((c: Corridor) => c.id)).toEqual([
      'china-yangtze-river-delta',
      'china-greater-bay-area',
      'china-bohai-rim',
      'china-western-land-sea-corridor',
    ]);
    for (const c of payload.corridors as Corridor[]) {
      expect(c.conditions.map((k) => k.family)).toEqual([
        'port',
        'aviation',
        'hazard',
        'power_energy',
        'strategic_industry',
        'trade',
      ]);
      // Strategic industry has no source here, so no corridor can be fully available.
      expect(condition(c, 'strategic_industry')).toMatchObject({
        availability: 'unavailable',
        sourceSignals: [],
        provenance: null,
      });
      expect(c.availability).toBe('partial');
    }
  });

  it('reads ports from PortWatch, hubs from the flight feed, hazards, energy and trade from their snapshots', async () => {
    const corridors: Corridor[] = JSON.parse((await app.get(PATH)).body.payloadJson).corridors;
    const [yrd, gba, bohai, western] = corridors as [Corridor, Corridor, Corridor, Corridor];
    const ports = condition(yrd, 'port');
    expect(ports.availability).toBe('available');
    expect(ports.sourceSignals.map((s) => [s.id, s.metrics.trendDeltaPct, s.metrics.trend])).toEqual([
      ['port:cn-port-shanghai', 5.2, 'strengthening'],
      ['port:cn-port-ningbo', -4.9, 'weakening'],
    ]);
    // Beijing Capital: most departures late or cancelled; Daxing and Tianjin are not in the feed.
    const hubs = condition(bohai, 'aviation');
    expect(hubs.availability).toBe('partial');
    expect(hubs.sourceSignals[0]).toMatchObject({
      id: 'aviation:cn-apt-pek',
      availability: 'available',
      metrics: { departures: 10, disrupted: 9, trend: 'weakening' },
    });
    expect(hubs.sourceSignals.slice(1).map((s) => s.availability)).toEqual(['unavailable', 'unavailable']);
    expect(condition(western, 'aviation')).toMatchObject({ availability: 'unavailable', reason: 'no usable signal' });
    expect(condition(gba, 'hazard').sourceSignals).toMatchObject([{ metrics: { activeEvents: 0, trend: 'flat' } }]);
    expect(condition(gba, 'power_energy').sourceSignals[0]).toMatchObject({
      id: 'power_energy:jodi-CN',
      metrics: { period: '2026-09', crudeImportsKbd: 11050 },
    });
    expect(condition(gba, 'trade').sourceSignals.map((s) => s.id)).toEqual([
      'trade:comtrade-CN-exports',
      'trade:sse-ccfi',
    ]);
  });

  it('wraps each condition in a derived provenance envelope naming its input signals', async () => {
    const yrd: Corridor = JSON.parse((await app.get(PATH)).body.payloadJson).corridors[0];
    const p = condition(yrd, 'port').provenance;
    expect(p).toMatchObject({
      contractVersion: 'decision-signal-provenance/v1',
      signalId: 'china-yangtze-river-delta:port',
      familyId: 'composed_corridor_condition',
    });
    expect(p.claims.derivation.value.inputSignalIds).toEqual(['port:cn-port-shanghai', 'port:cn-port-ningbo']);
    expect(p.claims.corroboration.value.state).toBe('multi_source');
    expect(p.claims.content_freshness.value).toMatchObject({ state: 'current', contentAsOf: '2026-11-18' });
  });
});

describe('get-china-corridor-control-towers with inputs missing', () => {
  it('reports every family unavailable in-band and is not cached when only the registry is loaded', async () => {
    await withTestApp({ samples: [chinaCorridorsDataset], clock: new ManualClock(SAMPLE_NOW) }, async (bare) => {
      const res = await bare.get(PATH);
      expect(res.status).toBe(200);
      const payload = JSON.parse(res.body.payloadJson);
      expect(validatePayload(payload)).toBe(true);
      for (const c of payload.corridors as Corridor[]) {
        expect(c.availability).toBe('unavailable');
        for (const k of c.conditions)
          for (const s of k.sourceSignals)
            expect(s).toMatchObject({
              availability: 'unavailable',
              transportFreshness: 'missing',
              contentFreshness: 'unavailable',
            });
      }
      expect(res.body.upstreamUnavailable).toBe(true);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  it('answers an empty corridor list without the registry', async () => {
    await withTestApp({ samples: 'none', clock: new ManualClock(SAMPLE_NOW) }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.status).toBe(200);
      // No input, so no data time: the epoch, never the clock.
      expect(JSON.parse(res.body.payloadJson)).toEqual({ generatedAt: '1970-01-01T00:00:00.000Z', corridors: [] });
      expect(res.body).toMatchObject({ upstreamUnavailable: true, generatedAt: '1970-01-01T00:00:00.000Z' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
