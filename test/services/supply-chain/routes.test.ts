import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { SUPPLY_CHAIN_DATASETS } from '../../../src/services/supply-chain/datasets/index.js';
import { LANE_DATASETS } from '../../../src/services/supply-chain/routes/router.js';
import { routeModelDataset, parseRouteModel } from '../../../src/services/supply-chain/routes/datasets/route-model.js';

const BASE = '/api/supply-chain/v1';
let app: TestApp;
let pro: string;
let status: Map<string, any>;

beforeAll(async () => {
  app = await startTestApp({ samples: SUPPLY_CHAIN_DATASETS.filter((d) => LANE_DATASETS.includes(d.name)) });
  pro = (await app.createKey({ plan: 'pro' })).key;
  status = new Map((await app.get(`${BASE}/get-chokepoint-status`)).body.chokepoints.map((c: any) => [c.id, c]));
});
afterAll(() => app.close());

const get = (p: string) => app.get(p, { 'x-service-key': pro });

describe('GET get-bypass-options', () => {
  it('lists the container corridors of Suez, best live score first, full-closure ones included by default', async () => {
    const res = await get(`${BASE}/get-bypass-options?chokepointId=suez`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      chokepointId: 'suez',
      cargoType: 'container',
      closurePct: 100,
      primaryChokepointWarRiskTier: status.get('suez').warRiskTier,
    });
    const ids = res.body.options.map((o: any) => o.id);
    expect(ids).toEqual(expect.arrayContaining(['suez_cape_reroute', 'suez_imec_land_bridge']));
    expect(ids).not.toContain('suez_sumed'); // tanker only
    const scores = res.body.options.map((o: any) => o.liveScore);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    const cape = res.body.options.find((o: any) => o.id === 'suez_cape_reroute');
    // 60% of the Cape's current score plus 40% of a 30% freight uplift.
    expect(cape.liveScore).toBeCloseTo(0.6 * status.get('cape_of_good_hope').disruptionScore + 12, 1);
    expect(cape.bypassWarRiskTier).toBe(status.get('cape_of_good_hope').warRiskTier);
    expect(cape.capacityConstraintTonnage).toBe('0');
  });

  it('leaves out full-closure corridors below 100% closure and filters by cargo', async () => {
    const partial = (await get(`${BASE}/get-bypass-options?chokepointId=suez&closurePct=60`)).body.options.map(
      (o: any) => o.id,
    );
    expect(partial).toEqual(['suez_cape_reroute']);
    const tanker = (
      await get(`${BASE}/get-bypass-options?chokepointId=suez&cargoType=tanker&closurePct=60`)
    ).body.options.map((o: any) => o.id);
    expect(tanker.sort()).toEqual(['suez_cape_reroute', 'suez_sumed']);
  });

  it.each([
    ['', 'chokepointId'],
    ['chokepointId=atlantis', 'chokepointId'],
    ['chokepointId=suez&cargoType=airship', 'cargoType'],
    ['chokepointId=suez&closurePct=150', 'closurePct'],
    ['chokepointId=suez&closurePct=half', 'closurePct'],
  ])('refuses %s', async (q, field) => {
    expectViolation(await get(`${BASE}/get-bypass-options?${q}`), field);
  });

  it('is for PRO plans', async () => {
    const free = (await app.createKey({ plan: 'free' })).key;
    expect((await app.get(`${BASE}/get-bypass-options?chokepointId=suez`, { 'x-service-key': free })).status).toBe(403);
  });
});

describe('GET get-route-explorer-lane', () => {
  it('models China to the Netherlands via Suez for containers', async () => {
    const res = await get(`${BASE}/get-route-explorer-lane?fromIso2=CN&toIso2=NL`);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({
      fromIso2: 'CN',
      toIso2: 'NL',
      hs2: '27',
      cargoType: 'container',
      primaryRouteId: 'china-europe-suez',
      noModeledLane: false,
    });
    // Origin port, the six chokepoints passed, destination port.
    expect(b.primaryRouteGeometry).toHaveLength(8);
    expect(b.primaryRouteGeometry[0]).toEqual({ lon: 121.8, lat: 31.23 });
    // Two shared routes (Suez and Cape): both pass Malacca, one passes Suez.
    const exp = Object.fromEntries(b.chokepointExposures.map((e: any) => [e.chokepointId, e.exposurePct]));
    expect(exp).toMatchObject({ malacca_strait: 100, suez: 50, cape_of_good_hope: 50 });
    // The primary chokepoint is the most exposed one (Malacca, on both routes), as the published
    // service picks it, even though others on the lane are more disrupted today.
    const malacca = status.get('malacca_strait');
    const worst = ['taiwan_strait', 'malacca_strait', 'bab_el_mandeb', 'suez', 'gibraltar', 'dover_strait']
      .map((id) => status.get(id))
      .sort((x, y) => y.disruptionScore - x.disruptionScore)[0];
    expect(worst.disruptionScore).toBeGreaterThan(malacca.disruptionScore);
    expect(b.chokepointExposures[0].chokepointId).toBe('malacca_strait');
    expect(b.disruptionScore).toBe(malacca.disruptionScore);
    expect(b.warRiskTier).toBe(malacca.warRiskTier);
    expect(b.estTransitDaysRange).toEqual({ min: 30, max: 36 });
    expect(b.estFreightUsdPerTeuRange).toEqual({ min: 1800, max: 3200 });
    expect(b.bypassOptions.length).toBeGreaterThan(0);
    expect(b.bypassOptions.length).toBeLessThanOrEqual(5);
  });

  it('ranks routes of the cargo’s category first', async () => {
    const res = await get(`${BASE}/get-route-explorer-lane?fromIso2=SA&toIso2=NL&cargoType=tanker&hs2=27`);
    expect(res.body.primaryRouteId).toBe('gulf-europe-crude');
    expect(res.body.estFreightUsdPerTeuRange).toEqual({ min: 25, max: 65 });
  });

  it('marks proposed corridors', async () => {
    const res = await get(`${BASE}/get-route-explorer-lane?fromIso2=CN&toIso2=NL`);
    const imec = res.body.bypassOptions.find((o: any) => o.id === 'suez_imec_land_bridge');
    if (imec) expect(imec.status).toBe('CORRIDOR_STATUS_PROPOSED');
    expect(res.body.bypassOptions.every((o: any) => o.status.startsWith('CORRIDOR_STATUS_'))).toBe(true);
  });

  it('says when there is no modelled lane', async () => {
    const res = await get(`${BASE}/get-route-explorer-lane?fromIso2=BR&toIso2=KE`);
    expect(res.body).toMatchObject({
      noModeledLane: true,
      primaryRouteId: '',
      primaryRouteGeometry: [],
      chokepointExposures: [],
      bypassOptions: [],
      disruptionScore: 0,
    });
  });

  it.each([
    ['toIso2=NL', 'fromIso2'],
    ['fromIso2=cn&toIso2=NL', 'fromIso2'],
    ['fromIso2=CN&toIso2=NL&hs2=270', 'hs2'],
    ['fromIso2=CN&toIso2=NL&cargoType=plane', 'cargoType'],
  ])('refuses %s', async (q, field) => {
    expectViolation(await get(`${BASE}/get-route-explorer-lane?${q}`), field);
  });
});

describe('without the lane model', () => {
  it('answers with no lane and no-store', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const k = (await empty.createKey({ plan: 'pro' })).key;
      const res = await empty.get(`${BASE}/get-route-explorer-lane?fromIso2=CN&toIso2=NL`, { 'x-service-key': k });
      expect(res.body).toMatchObject({ noModeledLane: true, fetchedAt: '' });
      expect(res.headers.get('cache-control')).toBe('no-store');
      const bypass = await empty.get(`${BASE}/get-bypass-options?chokepointId=suez`, { 'x-service-key': k });
      expect(bypass.body).toMatchObject({
        options: [],
        fetchedAt: '',
        primaryChokepointWarRiskTier: 'WAR_RISK_TIER_UNSPECIFIED',
      });
      expect(bypass.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('route model parser', () => {
  it('parses the sample into ports, routes, countries and corridors', async () => {
    const { records, info } = parseRouteModel(
      Buffer.from(
        await import('node:fs').then((fs) =>
          fs.readFileSync(new URL('../../../db/reference/supply-chain/route-model.json', import.meta.url)),
        ),
      ),
    );
    const kinds = records.reduce<Record<string, number>>((m, r) => ((m[r.kind] = (m[r.kind] ?? 0) + 1), m), {});
    // 27 countries: Iran's Gulf crude lanes were added for the scenario exposure.
    expect(kinds).toEqual({ port: 34, route: 21, country: 27, corridor: 21 });
    expect(info.shockModelChokepoints).toEqual(['suez', 'malacca_strait', 'hormuz_strait', 'bab_el_mandeb']);
    expect(routeModelDataset.sources.model).toMatchObject({ reference: true, sample: 'supply-chain/route-model.json' });
  });

  it('refuses dangling references and malformed documents', () => {
    const base = {
      schemaVersion: 1,
      reviewedAt: 'x',
      freightUsdRanges: {},
      ports: [{ id: 'a', name: 'A', iso2: 'AA', lat: 0, lon: 0 }],
      countries: [],
      corridors: [],
    };
    expect(() =>
      parseRouteModel(
        Buffer.from(
          JSON.stringify({
            ...base,
            routes: [
              { id: 'r', name: 'R', category: 'bulk', fromPort: 'a', toPort: 'zz', waypoints: [], transitDays: [1, 2] },
            ],
          }),
        ),
      ),
    ).toThrow(/port the model does not list/);
    expect(() => parseRouteModel(Buffer.from('{}'))).toThrow(/unexpected shape/);
    expect(() => parseRouteModel(Buffer.from('nope'))).toThrow(/not JSON/);
  });
});
