import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { SUPPLY_CHAIN_DATASETS } from '../../../src/services/supply-chain/datasets/index.js';
import { chokepointsDataset } from '../../../src/services/supply-chain/chokepoints/datasets/chokepoints.js';
import { transitsDataset } from '../../../src/services/supply-chain/chokepoints/datasets/transits.js';
import { NAV_WARNINGS, navWarningsDataset } from '../../../src/services/supply-chain/datasets/warnings.js';
import {
  aisCrossingsDataset,
  aisDisruptionsDataset,
} from '../../../src/services/supply-chain/chokepoints/datasets/ais.js';
import { startUpstream, type Upstream } from '../../support/upstream.js';
import { hazardsDataset } from '../../../src/services/supply-chain/chokepoints/datasets/hazards.js';
import { getChokepointStatus } from '../../../src/services/supply-chain/chokepoints/queries.js';
import { statusForScore } from '../../../src/services/supply-chain/chokepoints/rules.js';

const PATH = '/api/supply-chain/v1/get-chokepoint-status';
const CANONICAL = [
  'suez',
  'malacca_strait',
  'hormuz_strait',
  'bab_el_mandeb',
  'panama',
  'taiwan_strait',
  'cape_of_good_hope',
  'gibraltar',
  'bosphorus',
  'korea_strait',
  'dover_strait',
  'kerch_strait',
  'lombok_strait',
];
const sample = (file: string) => fs.readFileSync(path.join(SAMPLES_DIR, 'supply-chain', file));

let app: TestApp;
const byId = async (a: TestApp = app) => {
  const res = await a.get(PATH);
  return {
    res,
    cp: Object.fromEntries(res.body.chokepoints.map((c: { id: string }) => [c.id, c])) as Record<string, any>,
  };
};

/** An AIS relay serving the bundled AIS documents at the paths the datasets read. */
let relay: Upstream;
/** The relay configured (AIS inputs are withheld without it). */
const withRelay = () => ({ RELAY_URL: relay.origin });
const AIS_FILES: Record<string, string> = {
  '/v1/chokepoints/crossings': 'ais-crossings-24h.json',
  '/v1/vessels/snapshot': 'ais-vessel-snapshot.json',
};

beforeAll(async () => {
  relay = await startUpstream();
  relay.play((_req, res, url) => {
    const file = AIS_FILES[url.pathname];
    if (!file) return void res.writeHead(404).end();
    res.setHeader('content-type', 'application/json');
    res.end(sample(file));
  });
  // Every other input from its sample; the two AIS documents ingested live from the relay.
  app = await startTestApp({
    samples: SUPPLY_CHAIN_DATASETS.filter((d) => d.kind !== 'relay'),
    config: withRelay(),
  });
  for (const ds of [aisCrossingsDataset, aisDisruptionsDataset])
    expect(await app.deps.runner.run(ds, { origin: { kind: 'live' } })).toMatchObject({ ok: true });
});
afterAll(async () => {
  await app.close();
  await relay.close();
});

describe('GET get-chokepoint-status with every input healthy', () => {
  it('read the AIS relay at its crossings and snapshot paths', () => {
    expect(relay.seen.map((r) => r.path).sort()).toEqual([
      '/v1/chokepoints/crossings?window=24h',
      '/v1/vessels/snapshot?bbox=0,0,0,0',
    ]);
  });

  it('lists the 13 canonical chokepoints in registry order with their coordinates', async () => {
    const { res, cp } = await byId();
    expect(res.status).toBe(200);
    expect(res.body.chokepoints.map((c: { id: string }) => c.id)).toEqual(CANONICAL);
    expect(res.body.upstreamUnavailable).toBe(false);
    expect(res.body.fetchedAt).toBe('2026-11-20T12:00:00.000Z');
    expect(res.headers.get('cache-control')).not.toBe('no-store');
    expect([cp.hormuz_strait.lat, cp.hormuz_strait.lon]).toEqual([26.56, 56.25]);
    expect([cp.panama.lat, cp.panama.lon]).toEqual([9.08, -79.68]);
    expect(cp.hormuz_strait.directions).toEqual(['eastbound', 'westbound']);
    expect(cp.suez.directions).toEqual(['northbound', 'southbound']);
  });

  it('keeps every badge consistent with its score and serves directionalDwt empty', async () => {
    const { res } = await byId();
    for (const c of res.body.chokepoints) {
      expect(c.status).toBe(statusForScore(c.disruptionScore));
      expect(c.directionalDwt).toEqual([]);
      expect(c.navigationalWarningsAvailable).toBe(true);
    }
  });

  it('scores a war-zone chokepoint with warnings, high congestion and a traffic collapse as red 100', async () => {
    const { cp } = await byId();
    const h = cp.hormuz_strait;
    expect(h).toMatchObject({
      disruptionScore: 100,
      status: 'red',
      activeWarnings: 3,
      congestionLevel: 'high',
      aisDisruptions: 2,
      warRiskTier: 'WAR_RISK_TIER_WAR_ZONE',
    });
    expect(h.description).toMatch(/^Active hostilities.*; Traffic down \d+% vs 30-day baseline/);
  });

  it('pins the 19/20 boundary: an elevated chokepoint with one warning is yellow at 20', async () => {
    const { cp } = await byId();
    expect(cp.taiwan_strait).toMatchObject({
      disruptionScore: 20,
      status: 'yellow',
      activeWarnings: 1,
      congestionLevel: 'normal',
    });
    expect(cp.bosphorus).toMatchObject({ disruptionScore: 15, status: 'green' });
    expect(cp.suez).toMatchObject({ disruptionScore: 40, status: 'yellow', congestionLevel: 'low' });
    expect(cp.bab_el_mandeb).toMatchObject({ disruptionScore: 55, status: 'red', congestionLevel: 'elevated' });
  });

  it('assigns a keyword-less warning by distance and leaves a lone "Red Sea" warning unassigned', async () => {
    const { res, cp } = await byId();
    expect(cp.gibraltar.activeWarnings).toBe(1);
    const total = res.body.chokepoints.reduce((a: number, c: { activeWarnings: number }) => a + c.activeWarnings, 0);
    // 10 active warnings in the feed; the Red Sea derelict and the Gulf of Mexico rig match nothing.
    expect(total).toBe(8);
  });

  it('leaves congestion empty and AIS counts zero for a chokepoint the AIS snapshot does not cover', async () => {
    const { cp } = await byId();
    expect(cp.kerch_strait).toMatchObject({
      aisSnapshotAvailable: false,
      congestionLevel: '',
      aisDisruptions: 0,
      disruptionScore: 75,
    });
    expect(cp.malacca_strait).toMatchObject({ aisSnapshotAvailable: true, congestionLevel: 'low' });
    expect(cp.panama).toMatchObject({ aisSnapshotAvailable: true, congestionLevel: 'normal' });
  });

  it('keeps today* at 0 when the 24-hour window had no crossings, independently of dataAvailable', async () => {
    const { cp } = await byId();
    const lombok = cp.lombok_strait.transitSummary;
    expect(lombok).toMatchObject({
      todayTotal: 0,
      todayTanker: 0,
      todayCargo: 0,
      todayOther: 0,
      todayCountsAvailable: false,
      dataAvailable: true,
    });
    expect(lombok.history).toHaveLength(14);
    expect(cp.suez.transitSummary).toMatchObject({
      todayTotal: 34,
      todayTanker: 9,
      todayCargo: 22,
      todayOther: 3,
      todayCountsAvailable: true,
      riskLevel: 'high',
    });
    expect(cp.hormuz_strait.transitSummary.wowChangePct).toBeLessThan(-50);
  });

  it('estimates oil flow for exactly the seven mapped chokepoints', async () => {
    const { res, cp } = await byId();
    const mapped = res.body.chokepoints
      .filter((c: { flowEstimate?: unknown }) => c.flowEstimate)
      .map((c: { id: string }) => c.id);
    expect(mapped.sort()).toEqual([
      'bab_el_mandeb',
      'bosphorus',
      'dover_strait',
      'hormuz_strait',
      'malacca_strait',
      'panama',
      'suez',
    ]);
    expect(Object.fromEntries(mapped.map((id: string) => [id, cp[id].flowEstimate.baselineMbd]))).toEqual({
      hormuz_strait: 21,
      malacca_strait: 17.2,
      suez: 7.6,
      bab_el_mandeb: 6.2,
      dover_strait: 3,
      bosphorus: 2.9,
      panama: 0.9,
    });
    for (const id of mapped) {
      const f = cp[id].flowEstimate;
      expect(f.currentMbd).toBe(Math.round(f.baselineMbd * f.flowRatio * 10) / 10);
    }
  });

  it('flags the collapsing strait as disrupted from DWT and the sparse-DWT canal as counts-based', async () => {
    const { cp } = await byId();
    expect(cp.hormuz_strait.flowEstimate).toMatchObject({ disrupted: true, source: 'tracker-dwt' });
    expect(cp.hormuz_strait.flowEstimate.flowRatio).toBeLessThan(0.5);
    expect(cp.panama.flowEstimate).toMatchObject({ disrupted: false, source: 'tracker-counts' });
    expect(cp.bab_el_mandeb.flowEstimate.disrupted).toBe(false);
  });

  it('annotates the nearest active RED/ORANGE hazard within 500 km and nothing beyond', async () => {
    const { cp } = await byId();
    expect(cp.hormuz_strait.flowEstimate).toMatchObject({
      hazardAlertLevel: 'ORANGE',
      hazardAlertName: 'Tropical Cyclone MURASU-26',
    });
    // A green flood lies nearer to Malacca than the red eruption; only the red one counts.
    expect(cp.malacca_strait.flowEstimate).toMatchObject({ hazardAlertLevel: 'RED', hazardAlertName: 'Marapi' });
    // The red earthquake in eastern Turkiye is about 800 km from the Bosporus.
    expect(cp.bosphorus.flowEstimate).toMatchObject({ hazardAlertLevel: '', hazardAlertName: '' });
    // The red earthquake near Suez is no longer current.
    expect(cp.suez.flowEstimate).toMatchObject({ hazardAlertLevel: '', hazardAlertName: '' });
  });

  it('projects with jmespath', async () => {
    const res = await app.get(`${PATH}?jmespath=${encodeURIComponent("chokepoints[?status=='red'].id")}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(['hormuz_strait', 'bab_el_mandeb', 'kerch_strait']);
  });

  it('computes the status once per set of input versions', () => {
    const a = getChokepointStatus(app.deps.store);
    const b = getChokepointStatus(app.deps.store);
    expect(b).toBe(a);
  });
});

describe('degradation', () => {
  it('answers exactly the unavailable body, uncached, when nothing has been ingested', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.status).toBe(200);
      expect(res.text).toBe('{"chokepoints":[],"fetchedAt":"","upstreamUnavailable":true}');
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  it('answers the unavailable body when the transit history is missing', async () => {
    await withTestApp({ samples: [chokepointsDataset, navWarningsDataset, aisDisruptionsDataset] }, async (partial) => {
      const res = await partial.get(PATH);
      expect(res.body).toEqual({ chokepoints: [], fetchedAt: '', upstreamUnavailable: true });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  it('without the AIS relay serves no AIS figures, even with the AIS samples loaded, and flags the response', async () => {
    await withTestApp({ samples: SUPPLY_CHAIN_DATASETS }, async (bare) => {
      const { res, cp } = await byId(bare);
      expect(res.body.chokepoints).toHaveLength(13);
      expect(res.body.upstreamUnavailable).toBe(true);
      expect(res.headers.get('cache-control')).toBe('no-store');
      for (const c of res.body.chokepoints) {
        expect(c).toMatchObject({ aisSnapshotAvailable: false, aisDisruptions: 0 });
        expect(c.transitSummary).toMatchObject({ todayTotal: 0, todayCountsAvailable: false, riskLevel: '' });
      }
      // Threat level and warnings still score: Hormuz without its AIS congestion, as with uncovered zones.
      expect(cp.hormuz_strait.disruptionScore).toBe(95);
    });
  });

  it('serves what exists and flags partial coverage when an auxiliary feed is missing', async () => {
    await withTestApp({ samples: SUPPLY_CHAIN_DATASETS.filter((d) => d !== hazardsDataset) }, async (partial) => {
      const { res, cp } = await byId(partial);
      expect(res.body.chokepoints).toHaveLength(13);
      expect(res.body.upstreamUnavailable).toBe(true);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(cp.hormuz_strait.flowEstimate.hazardAlertLevel).toBe('');
    });
  });

  it('zero-fills the summary of a chokepoint the tracker has no history for and flags the response', async () => {
    await withTestApp({ samples: SUPPLY_CHAIN_DATASETS, config: withRelay() }, async (partial) => {
      const doc = JSON.parse(sample('portwatch-daily-chokepoints.json').toString());
      doc.features = doc.features.filter(
        (f: { attributes: { portid: string } }) => f.attributes.portid !== 'chokepoint24',
      );
      const r = await partial.deps.runner.run(transitsDataset, {
        origin: { kind: 'bytes', payloads: { daily: Buffer.from(JSON.stringify(doc)) } },
      });
      expect(r.ok).toBe(true);
      const { res, cp } = await byId(partial);
      expect(res.body.upstreamUnavailable).toBe(true);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(cp.kerch_strait.transitSummary).toMatchObject({ dataAvailable: false, wowChangePct: 0, history: [] });
      expect(cp.kerch_strait.description).not.toMatch(/Traffic down/);
      expect(cp.suez.transitSummary.dataAvailable).toBe(true);
    });
  });

  it('reads a legacy warnings snapshot without the availability flag as unavailable', async () => {
    await withTestApp({ samples: SUPPLY_CHAIN_DATASETS, config: withRelay() }, async (legacy) => {
      // The same rows republished as the next version, with the dataset attributes of an older writer.
      await legacy.storeSql('UPDATE snapshot_records SET version = version + 1 WHERE dataset = ?', NAV_WARNINGS);
      await legacy.storeSql(
        "UPDATE snapshot_meta SET info = '{}', version = version + 1 WHERE dataset = ?",
        NAV_WARNINGS,
      );
      legacy.deps.store.changed(NAV_WARNINGS);
      await legacy.deps.store.refresh(NAV_WARNINGS);
      const { res, cp } = await byId(legacy);
      for (const c of res.body.chokepoints) expect(c.navigationalWarningsAvailable).toBe(false);
      expect(cp.taiwan_strait).toMatchObject({ activeWarnings: 0, disruptionScore: 15, status: 'green' });
      expect(res.body.upstreamUnavailable).toBe(true);
    });
  });

  it('reads AIS zone entries written without the flag as uncovered', async () => {
    await withTestApp({ samples: SUPPLY_CHAIN_DATASETS, config: withRelay() }, async (legacy) => {
      const doc = JSON.parse(sample('ais-vessel-snapshot.json').toString());
      for (const z of doc.snapshot.coverage) delete z.aisSnapshotAvailable;
      const r = await legacy.deps.runner.run(aisDisruptionsDataset, {
        origin: { kind: 'bytes', payloads: { snapshot: Buffer.from(JSON.stringify(doc)) } },
      });
      expect(r.ok).toBe(true);
      const { res, cp } = await byId(legacy);
      for (const c of res.body.chokepoints)
        expect(c).toMatchObject({ aisSnapshotAvailable: false, congestionLevel: '', aisDisruptions: 0 });
      expect(cp.hormuz_strait.disruptionScore).toBe(95);
    });
  });
});

describe('ingestion', () => {
  it('keeps serving the last good snapshot when a feed delivers garbage', async () => {
    await withTestApp({ samples: SUPPLY_CHAIN_DATASETS }, async (own) => {
      const before = await own.get(PATH);
      for (const [ds, key] of [
        [transitsDataset, 'daily'],
        [navWarningsDataset, 'warnings'],
        [chokepointsDataset, 'registry'],
      ] as const) {
        const r = await own.deps.runner.run(ds, {
          origin: { kind: 'bytes', payloads: { [key]: Buffer.from('<html>502 Bad Gateway</html>') } },
        });
        expect(r.ok).toBe(false);
        expect(own.deps.store.meta(ds.name)?.lastError).toMatch(/not JSON/);
      }
      const after = await own.get(PATH);
      expect(after.status).toBe(200);
      expect(after.text).toBe(before.text);
    });
  });

  it('recomputes when any input gets a new version', async () => {
    await withTestApp({ samples: SUPPLY_CHAIN_DATASETS }, async (own) => {
      const first = getChokepointStatus(own.deps.store);
      const empty = Buffer.from(JSON.stringify({ 'broadcast-warn': [] }));
      expect(
        (
          await own.deps.runner.run(navWarningsDataset, {
            origin: { kind: 'bytes', payloads: { warnings: empty } },
            force: true,
          })
        ).ok,
      ).toBe(true);
      const second = getChokepointStatus(own.deps.store);
      expect(second).not.toBe(first);
      const { cp } = await byId(own);
      // A valid empty list is a real answer: available, and no warning points.
      expect(cp.taiwan_strait).toMatchObject({
        navigationalWarningsAvailable: true,
        activeWarnings: 0,
        disruptionScore: 15,
      });
    });
  });
});
