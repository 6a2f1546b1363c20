import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { SUPPLY_CHAIN_DATASETS } from '../../../src/services/supply-chain/datasets/index.js';
import { LANE_DATASETS } from '../../../src/services/supply-chain/routes/router.js';

const PATH = '/api/v2/shipping/route-intelligence';
let app: TestApp;
let pro: string;

beforeAll(async () => {
  app = await startTestApp({ samples: SUPPLY_CHAIN_DATASETS.filter((d) => LANE_DATASETS.includes(d.name)) });
  pro = (await app.createKey({ plan: 'pro' })).key;
});
afterAll(() => app.close());

const get = (q: string, key = pro) => app.get(`${PATH}?${q}`, { 'x-service-key': key });

describe('GET /api/v2/shipping/route-intelligence', () => {
  it('answers the same lane as the route explorer, in the v2 shape', async () => {
    const res = await get('fromIso2=CN&toIso2=NL');
    expect(res.status).toBe(200);
    const lane = (
      await app.get('/api/supply-chain/v1/get-route-explorer-lane?fromIso2=CN&toIso2=NL', { 'x-service-key': pro })
    ).body;
    expect(res.body).toMatchObject({
      fromIso2: 'CN',
      toIso2: 'NL',
      cargoType: 'container',
      hs2: '27',
      primaryRouteId: lane.primaryRouteId,
      warRiskTier: lane.warRiskTier,
      disruptionScore: lane.disruptionScore,
      fetchedAt: lane.fetchedAt,
    });
    expect(res.body.chokepointExposures).toEqual(lane.chokepointExposures);
    expect(res.body.bypassOptions.map((b: any) => b.id)).toEqual(lane.bypassOptions.map((b: any) => b.id));
    expect(Object.keys(res.body.bypassOptions[0]).sort()).toEqual([
      'activationThreshold',
      'addedCostMultiplier',
      'addedTransitDays',
      'id',
      'name',
      'type',
    ]);
  });

  it('echoes hs2 padded and follows the cargo type', async () => {
    const res = await get('fromIso2=BR&toIso2=KE&cargoType=tanker&hs2=7');
    expect(res.body).toMatchObject({ hs2: '07', cargoType: 'tanker' });
    expect(res.body.primaryRouteId).toBe('');
    const crude = await get('fromIso2=SA&toIso2=CN&cargoType=tanker');
    expect(crude.body.primaryRouteId).toBe('gulf-east-asia-crude');
    // The one shared route passes both (100 % each); ties keep the registry's order (Malacca before
    // Hormuz), so Malacca is the primary chokepoint whose tier and score are reported.
    expect(crude.body.chokepointExposures.map((e: any) => [e.chokepointId, e.exposurePct])).toEqual([
      ['malacca_strait', 100],
      ['hormuz_strait', 100],
    ]);
    const status = (await app.get('/api/supply-chain/v1/get-chokepoint-status', { 'x-service-key': pro })).body;
    const malacca = status.chokepoints.find((c: any) => c.id === 'malacca_strait');
    expect(crude.body).toMatchObject({ disruptionScore: malacca.disruptionScore, warRiskTier: malacca.warRiskTier });
  });

  it.each([
    ['toIso2=NL', 'fromIso2'],
    ['fromIso2=CN', 'toIso2'],
    ['fromIso2=CHN&toIso2=NL', 'fromIso2'],
    ['fromIso2=CN&toIso2=NL&cargoType=zeppelin', 'cargoType'],
  ])('refuses %s', async (q, field) => expectViolation(await get(q), field));

  it('is for PRO plans', async () => {
    expect((await get('fromIso2=CN&toIso2=NL', (await app.createKey({ plan: 'free' })).key)).status).toBe(403);
  });
});
