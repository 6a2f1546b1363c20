import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPublishedContract } from '../../../support/published-contract.js';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { nbsMonthlyDataset } from '../../../../src/services/economic/macro/datasets/nbs-monthly.js';
import { chinaPolicyEventsDataset } from '../../../../src/services/intelligence/regional/datasets/china-policy-events.js';
import { chinaDisclosuresDataset } from '../../../../src/services/market/equities/datasets/china-disclosures.js';
import { crossStraitActivityDataset } from '../../../../src/services/military/cross-strait/datasets/cross-strait-activity.js';
import { chokepointsDataset } from '../../../../src/services/supply-chain/chokepoints/datasets/chokepoints.js';

const PATH = '/api/intelligence/v1/get-china-decision-signals';
const contract = readPublishedContract();
const addFormats = ((formatsPlugin as unknown as { default?: unknown }).default ?? formatsPlugin) as unknown as (
  ajv: Ajv2020,
) => void;

/** The published snapshot schema (the contentSchema of payloadJson), with its provenance rules. */
function snapshotValidator() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema({ $id: 'contract', components: contract.components });
  return ajv.compile({ $ref: 'contract#/components/schemas/intelligence_v1_ChinaDecisionSignalSnapshot' });
}

const groups = (body: { payloadJson: string }) =>
  JSON.parse(body.payloadJson).groups as { id: string; state: string; reason: string | null; items: any[] }[];

describe('get-china-decision-signals', () => {
  let app: TestApp;
  const validate = snapshotValidator();
  beforeAll(async () => {
    app = await startTestApp({
      samples: [
        nbsMonthlyDataset,
        chinaPolicyEventsDataset,
        crossStraitActivityDataset,
        chinaDisclosuresDataset,
        chokepointsDataset,
      ],
    });
    // The first answer's conformance check compiles the document synchronously; on a closed connection no idle socket races it.
    await app.get(PATH, { connection: 'close' });
  });
  afterAll(() => app.close());

  it('answers the empty request with the six groups in order, valid against the published snapshot schema', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.upstreamUnavailable).toBe(false);
    const snapshot = JSON.parse(res.body.payloadJson);
    expect(validate(snapshot), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    expect(snapshot.generatedAt).toBe(res.body.generatedAt);
    expect(groups(res.body).map((g) => [g.id, g.state])).toEqual([
      ['macro', 'available'],
      ['policy-enforcement', 'available'],
      ['cross-strait-activity', 'available'],
      ['corporate-disclosures', 'available'],
      ['corridor-conditions', 'available'],
      ['activity-nowcast', 'available'],
    ]);
    expect(Buffer.byteLength(res.body.payloadJson)).toBeLessThanOrEqual(65_536);
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });

  it('reads the macro group from the NBS figures, newest month first in each summary', async () => {
    const macro = groups((await app.get(PATH)).body)[0]!;
    expect(macro.items.map((i) => i.label)).toEqual([
      'Consumer prices',
      'Producer prices',
      'Industrial value added',
      'Manufacturing PMI',
    ]);
    expect(macro.items[0]).toMatchObject({
      observedAt: '2026-10',
      publishedAt: '2026-11',
      sourceUrl: 'https://data.stats.gov.cn/english/',
      publisherType: 'official_government',
      stale: false,
    });
    expect(macro.items[0].summary).toBe(
      'Consumer prices: +0.3% year on year in 2026-10 (-0.2% year on year in 2026-09).',
    );
    expect(macro.items[3].summary).toBe('Manufacturing PMI: 49.2 in 2026-10 (49.8 in 2026-09).');
  });

  it('types MOFCOM releases of the last 30 days, enforcement types first', async () => {
    const policy = groups((await app.get(PATH)).body)[1]!;
    expect(policy.items.map((i) => [i.publishedAt, i.metadata.type])).toEqual([
      ['2026-11-18', 'export-control'],
      ['2026-11-14', 'trade-remedy'],
      ['2026-11-10', 'unreliable-entity-list'],
      ['2026-10-30', 'licensing'],
    ]);
    expect(policy.items[0].summary).toBe(
      'Export control document released 2026-11-18: 商务部 海关总署公告2026年第61号 关于对部分稀土相关物项实施出口管制的公告',
    );
    expect(policy.items[0].sourceUrl).toBe('https://www.mofcom.gov.cn/zwgk/zcfb/art/2026/art_8c1e2f0a.html');
    expect(policy.items[0].provenance.familyId).toBe('typed_document_event');
  });

  it('lists material SSE announcements of the last 3 days', async () => {
    const d = groups((await app.get(PATH)).body)[3]!;
    expect(d.items.map((i) => [i.publishedAt, i.metadata.type])).toEqual([
      ['2026-11-19', 'buyback'],
      ['2026-11-19', 'acquisition'],
      ['2026-11-18', 'related-party'],
      ['2026-11-18', 'stake-reduction'],
    ]);
    expect(d.items[0].label).toBe('贵州茅台 (600519): Share buyback');
    expect(d.items[0].sourceUrl).toBe(
      'https://static.sse.com.cn/disclosure/listedinfo/announcement/c/new/2026-11-19/600519_20261119_4KQ1.pdf',
    );
    expect(d.items[0].provenance.familyId).toBe('exchange_disclosure');
  });

  it('reports the four newest MND days with their counts', async () => {
    const strait = groups((await app.get(PATH)).body)[2]!;
    expect(strait.items.map((i) => i.observedAt)).toEqual(['2026-11-20', '2026-11-19', '2026-11-18', '2026-11-17']);
    expect(strait.items[0].summary).toBe(
      '23 aircraft sorties (16 across the median line or into the ADIZ), 7 naval vessels, 1 official ships.',
    );
    expect(strait.items[0].sourceUrl).toBe('https://www.mnd.gov.tw/en/news/plaact/85301');
  });

  it('composes corridor conditions and activity momentum with their derivation', async () => {
    const g = groups((await app.get(PATH)).body);
    const corridor = g[4]!;
    expect(corridor.items.map((i) => i.metadata.chokepointId)).toEqual([
      'taiwan_strait',
      'malacca_strait',
      'korea_strait',
      'lombok_strait',
    ]);
    expect(corridor.items[0].provenance.claims.derivation.value.inputSignalIds).toEqual(['chokepoint:taiwan_strait']);
    const nowcast = g[5]!;
    const industry = nowcast.items.find((i) => i.label === 'Industrial momentum');
    // 4.9 against the mean of 5.6, 5.2 and 6.5 (5.77): -0.87, slowing.
    expect(industry.summary).toBe(
      'Slowing: industrial value added growth 4.9 in 2026-10, -0.9 against the mean of the three months before.',
    );
    expect(industry.provenance.claims.corroboration.value.state).toBe('multi_source');
  });

  it('refuses unknown parameters like every operation (none are declared)', async () => {
    const res = await app.get(`${PATH}?region=cn`);
    expect(res.status).toBe(400);
  });
});

describe('get-china-decision-signals with inputs missing', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: [crossStraitActivityDataset] });
    await app.get(PATH, { connection: 'close' });
  });
  afterAll(() => app.close());

  it('makes only the missing inputs’ groups unavailable, with a reason', async () => {
    const res = await app.get(PATH);
    expect(res.body.upstreamUnavailable).toBe(false);
    const g = groups(res.body);
    expect(g.map((x) => x.state)).toEqual([
      'unavailable',
      'unavailable',
      'available',
      'unavailable',
      'unavailable',
      'unavailable',
    ]);
    expect(g[0]!.reason).toMatch(/No China macro snapshot/);
    expect(snapshotValidator()(JSON.parse(res.body.payloadJson))).toBe(true);
  });
});

describe('get-china-decision-signals with no input at all', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: 'none' });
  });
  afterAll(() => app.close());

  it('says upstreamUnavailable and is not cached', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.upstreamUnavailable).toBe(true);
    expect(groups(res.body).every((g) => g.state === 'unavailable' && g.items.length === 0)).toBe(true);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
