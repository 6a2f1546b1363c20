import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { parseAisSnapshot, vesselSnapshotDataset } from '../../../src/services/maritime/datasets/vessel-snapshot.js';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { startUpstream, type Upstream } from '../../support/upstream.js';
import { expectViolation } from '../../support/expect.js';
import { fakeUpstream } from '../aviation/support.js';

const PATH = '/api/maritime/v1/get-vessel-snapshot';
const RECORDED = Date.UTC(2026, 10, 20, 11, 50);
const sampleText = () =>
  fs.readFileSync(path.join(SAMPLES_DIR, vesselSnapshotDataset.sources.snapshot!.sample), 'utf8');
const HORMUZ = 'sw_lat=22&sw_lon=52&ne_lat=30&ne_lon=60';

describe('AIS relay aggregate', () => {
  it('reads the recorded aggregate, dropping reports without an MMSI', () => {
    const s = parseAisSnapshot(JSON.parse(sampleText()));
    expect(s).toMatchObject({
      snapshotAt: RECORDED,
      sequence: 48211,
      status: { connected: true, vessels: 18342, messages: 1204411 },
    });
    expect(s.densityZones).toHaveLength(6);
    // The relay's congestion rule: 163 vessels within 2 degrees of Hormuz against a "normal" of 20.
    expect(s.disruptions[0]).toMatchObject({
      id: 'chokepoint-strait-of-hormuz',
      location: { latitude: 26.5, longitude: 56.5 },
      severity: 'AIS_DISRUPTION_SEVERITY_HIGH',
      vesselCount: 163,
      changePct: 715,
    });
    expect(s.candidateReports).toHaveLength(4);
    expect(s.tankerReports.map((r) => r.mmsi)).toEqual(['636019876', '538009911', '352002233']);
    expect(() => parseAisSnapshot({ timestamp: 'x' })).toThrow(/unexpected shape/);
  });

  it("maps the relay's disruption words to the contract's enums, keeping enum names and marking unknown words", () => {
    const doc = JSON.parse(sampleText());
    const base = doc.disruptions[0];
    doc.disruptions = [
      { ...base, type: 'gap_spike', severity: 'elevated' },
      { ...base, type: 'AIS_DISRUPTION_TYPE_CHOKEPOINT_CONGESTION', severity: 'AIS_DISRUPTION_SEVERITY_LOW' },
      { ...base, type: 'port_closure', severity: 'extreme' },
    ];
    expect(parseAisSnapshot(doc).disruptions.map((d) => [d.type, d.severity])).toEqual([
      ['AIS_DISRUPTION_TYPE_GAP_SPIKE', 'AIS_DISRUPTION_SEVERITY_ELEVATED'],
      ['AIS_DISRUPTION_TYPE_CHOKEPOINT_CONGESTION', 'AIS_DISRUPTION_SEVERITY_LOW'],
      ['AIS_DISRUPTION_TYPE_UNSPECIFIED', 'AIS_DISRUPTION_SEVERITY_UNSPECIFIED'],
    ]);
  });
});

describe('without the relay', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: [vesselSnapshotDataset] });
  });
  afterAll(() => app.close());

  it('says no data, uncached, even with the recorded aggregate loaded', async () => {
    const res = await app.get(`${PATH}?include_tankers=true&include_candidates=true`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ fetchedAt: 0, dataAvailable: false });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a box that is too large, inverted or partial', async () => {
    expectViolation(await app.get(`${PATH}?sw_lat=0&sw_lon=0&ne_lat=20&ne_lon=5`), 'sw_lat');
    expectViolation(await app.get(`${PATH}?sw_lat=10&sw_lon=10&ne_lat=5&ne_lon=12`), 'sw_lat');
    expectViolation(await app.get(`${PATH}?sw_lat=10`), 'sw_lat');
    expectViolation(await app.get(`${PATH}?include_tankers=yes`), 'include_tankers');
  });

  it('refuses live ingestion, naming the variable', async () => {
    const r = await app.deps.runner.run(vesselSnapshotDataset, { origin: { kind: 'live' } });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/RELAY_URL/);
  });
});

describe('with a relay that fails', () => {
  let app: TestApp;
  let relay: Upstream;
  beforeAll(async () => {
    relay = await startUpstream();
    relay.play((_req, res) => res.writeHead(503).end());
    app = await startTestApp({
      samples: [vesselSnapshotDataset],
      config: { RELAY_URL: relay.origin, UPSTREAM_RETRIES: 0 },
    });
  });
  afterAll(async () => {
    await app.close();
    await relay.close();
  });

  it('replays the last ingested aggregate with its own time, not connected, uncached', async () => {
    const res = await app.get(PATH);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      dataAvailable: true,
      fetchedAt: RECORDED,
      snapshot: { snapshotAt: RECORDED, status: { connected: false }, candidateReports: [], tankerReports: [] },
    });
    expect(res.body.snapshot.densityZones).toHaveLength(6);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('narrows to a box and adds reports on request', async () => {
    const res = await app.get(`${PATH}?${HORMUZ}&include_tankers=true&include_candidates=true`);
    const s = res.body.snapshot;
    // The relay's 2-degree cells centred at 25N 57E (Fujairah anchorage) and 27N 57E (the strait),
    // busiest first; its global gap-spike marker sits at 0,0, outside the box.
    expect(s.densityZones.map((z: { id: string }) => z.id)).toEqual(['density-24,56', 'density-26,56']);
    expect(s.disruptions.map((d: { id: string }) => d.id)).toEqual(['chokepoint-strait-of-hormuz']);
    expect(s.tankerReports).toHaveLength(3);
    expect(s.candidateReports.map((r: { name: string }) => r.name)).toEqual(['IRIN JAMARAN', 'USNS ALAN SHEPARD']); // HMS Lancaster lies at Bahrain, west of the box
  });

  it('says no data, uncached, when nothing was recorded', async () => {
    const bare = await startTestApp({ samples: 'none', config: { RELAY_URL: relay.origin, UPSTREAM_RETRIES: 0 } });
    try {
      const res = await bare.get(PATH);
      expect(res.body).toEqual({ fetchedAt: 0, dataAvailable: false });
      expect(res.headers.get('cache-control')).toBe('no-store');
    } finally {
      await bare.close();
    }
  });
});

describe('ingesting from the relay', () => {
  it("reads the relay's /ais/snapshot with both report kinds, sending its shared secret", async () => {
    const relay = await startUpstream();
    relay.play((_req, res, url) =>
      url.pathname === '/ais/snapshot' ? void res.end(sampleText()) : void res.writeHead(404).end(),
    );
    try {
      await withTestApp(
        { samples: 'none', config: { RELAY_URL: `${relay.origin}/`, RELAY_SHARED_SECRET: 's3cret' } },
        async (app) => {
          const r = await app.deps.runner.run(vesselSnapshotDataset, { origin: { kind: 'live' } });
          expect(r, r.error).toMatchObject({ ok: true, recordCount: 1 });
          expect(relay.seen.map((x) => x.path)).toEqual(['/ais/snapshot?candidates=true&tankers=true']);
          expect(relay.seen[0]!.headers['x-relay-key']).toBe('s3cret');
        },
      );
    } finally {
      await relay.close();
    }
  });
});

describe('with the relay', () => {
  let app: TestApp;
  let upstream: Awaited<ReturnType<typeof fakeUpstream>>;
  beforeAll(async () => {
    upstream = await fakeUpstream((url) =>
      url.pathname === '/ais/snapshot' ? { body: sampleText() } : { status: 404, body: '{}' },
    );
    app = await startTestApp({
      samples: [vesselSnapshotDataset],
      config: {
        RELAY_URL: 'http://relay.test',
        RELAY_SHARED_SECRET: 's3cret',
        UPSTREAM_BASE_OVERRIDE: upstream.origin,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  it('answers live, stamped with the time it was fetched, and reuses it briefly', async () => {
    const res = await app.get(`${PATH}?${HORMUZ}&include_tankers=true`);
    expect(res.body).toMatchObject({
      dataAvailable: true,
      fetchedAt: app.clock.now(),
      snapshot: { status: { connected: true } },
    });
    expect(res.body.snapshot.tankerReports).toHaveLength(3);
    const asked = upstream.seen.filter((u) => u.pathname === '/ais/snapshot');
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({
      candidates: 'false',
      tankers: 'true',
      bbox: '22,52,30,60',
    });
    await app.get(`${PATH}?${HORMUZ}&include_tankers=true`);
    expect(upstream.seen.filter((u) => u.pathname === '/ais/snapshot')).toHaveLength(1);
  });
});
