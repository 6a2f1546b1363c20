import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { SUPPLY_CHAIN_DATASETS } from '../../../src/services/supply-chain/datasets/index.js';
import { comtradeFlowsDataset } from '../../../src/services/trade/datasets/comtrade-flows.js';
import { resilienceScoresDataset } from '../../../src/services/resilience/datasets/resilience-scores.js';
import { ALL_DATASETS } from '../../../src/root/datasets.js';

/** The snapshots the resilience scores are computed from. */
const RESILIENCE_INPUTS = ALL_DATASETS.filter((d) => resilienceScoresDataset.inputs!.includes(d.name));

/**
 * The done-line of the supply-chain and shipping v2 catalogue (issue 23): every operation answers
 * its smallest valid request (nothing set, or the identifiers it requires taken from the bundled
 * samples) with 200, from the samples rather than a degraded placeholder (no `no-store`), and with
 * data in it. Shapes are checked against openapi.gen.yaml by the test client on every answer.
 */
const SC = '/api/supply-chain/v1';

const CASES: [path: string, hasData: (body: any) => boolean][] = [
  [`${SC}/get-shipping-rates`, (b) => b.indices.length > 0],
  [`${SC}/get-mineral-production`, (b) => b.commodities.length > 0 && b.dataYear > 0],
  [`${SC}/get-shipping-stress`, (b) => b.carriers.length > 0],
  [`${SC}/get-country-chokepoint-index?iso2=JP`, (b) => b.exposures.length > 0 && b.primaryChokepointId !== ''],
  [`${SC}/get-bypass-options?chokepointId=suez`, (b) => b.options.length > 0],
  [
    `${SC}/get-country-cost-shock?iso2=JP&chokepointId=hormuz_strait`,
    (b) => b.hasEnergyModel && b.supplyDeficitPct > 0,
  ],
  [`${SC}/get-country-products?iso2=JP`, (b) => b.products.length > 0],
  [
    `${SC}/get-multi-sector-cost-shock?iso2=JP&chokepointId=hormuz_strait`,
    (b) => b.sectors.length === 10 && b.totalAddedCost > 0,
  ],
  [`${SC}/get-sector-dependency?iso2=JP&hs2=27`, (b) => b.primaryExporterIso2 !== '' && b.primaryChokepointId !== ''],
  [
    `${SC}/get-route-explorer-lane?fromIso2=CN&toIso2=DE&hs2=85&cargoType=container`,
    (b) => b.primaryRouteId !== '' && b.chokepointExposures.length > 0,
  ],
  [
    `${SC}/get-route-impact?fromIso2=SA&toIso2=JP&hs2=27`,
    (b) => b.laneValueUsd > 0 && b.topStrategicProducts.length > 0,
  ],
  [`${SC}/list-pipelines`, (b) => b.pipelines.length > 0],
  [`${SC}/get-pipeline-detail?pipelineId=nord_stream_1`, (b) => b.pipeline?.id === 'nord_stream_1'],
  [`${SC}/list-fuel-shortages`, (b) => b.shortages.length > 0],
  [`${SC}/get-fuel-shortage-detail?shortageId=cu-diesel-2024`, (b) => b.shortage?.id === 'cu-diesel-2024'],
  [`${SC}/list-energy-disruptions`, (b) => b.events.length > 0],
  [
    '/api/v2/shipping/route-intelligence?fromIso2=CN&toIso2=NL',
    (b) => b.primaryRouteId !== '' && b.chokepointExposures.length > 0,
  ],
];

let app: TestApp;
let pro: string;

beforeAll(async () => {
  app = await startTestApp({
    samples: [...SUPPLY_CHAIN_DATASETS, comtradeFlowsDataset, ...RESILIENCE_INPUTS, resilienceScoresDataset],
  });
  pro = (await app.createKey({ plan: 'pro' })).key;
});
afterAll(() => app.close());

describe('issue 23 done-line: the smallest request answers from the bundled samples', () => {
  it.each(CASES)('%s', async (path, hasData) => {
    const res = await app.get(path, { 'x-service-key': pro });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).not.toBe('no-store');
    expect(hasData(res.body), JSON.stringify(res.body).slice(0, 400)).toBe(true);
  });

  it('lists the caller’s webhooks (none yet for a new account), privately', async () => {
    const res = await app.get('/api/v2/shipping/webhooks', { 'x-service-key': pro });
    expect(res.status).toBe(200);
    expect(res.body.webhooks).toEqual([]);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
