import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, SAMPLE_NOW, type TestApp } from '../../../support/app.js';
import { startLlmFixture, type LlmFixture } from '../../../support/llm-fixture.js';
import { withInputs } from '../../../support/derived.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { refreshDerived } from '../../../../src/platform/snapshots/derived.js';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { CII_SCORES } from '../../../../src/services/intelligence/country/datasets/cii-scores.js';
import type { CiiScore } from '../../../../src/services/intelligence/country/schemas.js';
import { sdnDataset } from '../../../../src/services/sanctions/datasets/sdn.js';
import { ALL_DATASETS } from '../../../../src/root/datasets.js';
import { computeSignals, SIGNAL_DATASETS } from '../../../../src/services/intelligence/markets/queries.js';
import { GPS_REGION_THEATER } from '../../../../src/services/intelligence/markets/rules.js';
import { GPS_INTERFERENCE } from '../../../../src/services/intelligence/gps/datasets/gps-interference.js';
import type { GpsHex } from '../../../../src/services/intelligence/gps/rules.js';

const SIGNALS = '/api/intelligence/v1/list-cross-source-signals';
const IMPLICATIONS = '/api/intelligence/v1/list-market-implications';
// The signals' datasets, with the inputs the instability index is computed from.
const SAMPLES = withInputs(...ALL_DATASETS.filter((d) => (SIGNAL_DATASETS as readonly string[]).includes(d.name)));

const MODEL_CARDS = [
  {
    ticker: 'XLE',
    direction: 'LONG',
    timeframe: '1M',
    confidence: 'MEDIUM',
    title: 'Energy equities on Hormuz flow loss',
    narrative: 'Hormuz flows at 38% of baseline raise crude and refiners’ margins.',
    riskCaveat: 'Flows may recover.',
    driver: 'Strait of Hormuz flow',
    transmissionChain: [
      { node: 'Hormuz', impactType: 'supply_shock', logic: 'Fewer barrels' },
      { node: 'Energy equities', impactType: 'inflation', logic: 'Higher prices' },
    ],
  },
  // Dropped: not an allowed instrument, and a single-step chain.
  {
    ticker: 'TSLA',
    direction: 'LONG',
    timeframe: '1M',
    confidence: 'LOW',
    title: 'Not allowed',
    narrative: 'This ticker is not on the list at all.',
    transmissionChain: [],
  },
  {
    ticker: 'GLD',
    direction: 'LONG',
    timeframe: '1M',
    confidence: 'LOW',
    title: 'Gold',
    narrative: 'Only one step in the chain here.',
    transmissionChain: [{ node: 'x', impactType: 'safe_haven', logic: 'y' }],
  },
];

describe('list-cross-source-signals and list-market-implications without a model provider', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: SAMPLES });
  });
  afterAll(() => app.close());

  it('answers the empty request with signals from the sample datasets, composites first', async () => {
    const res = await app.get(SIGNALS);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.evaluatedAt).toBe(SAMPLE_NOW);
    expect(b.compositeCount).toBe(2);
    expect(b.signals.slice(0, 2).map((s: any) => s.id)).toEqual(['composite:eastern-europe', 'composite:middle-east']);
    expect(b.signals[1]).toMatchObject({
      type: 'CROSS_SOURCE_SIGNAL_TYPE_COMPOSITE_ESCALATION',
      theater: 'Middle East',
      severity: 'CROSS_SOURCE_SIGNAL_SEVERITY_CRITICAL',
      contributingTypes: [
        'CROSS_SOURCE_SIGNAL_TYPE_GPS_JAMMING',
        'CROSS_SOURCE_SIGNAL_TYPE_MILITARY_FLIGHT_SURGE',
        'CROSS_SOURCE_SIGNAL_TYPE_OREF_ALERT_CLUSTER',
      ],
      signalCount: 3,
    });
    // The instability index computed over the samples has no Middle East country above 80 (Syria's 70 is the
    // highest) and, after one computation, none rising; Ukraine's 83 spikes: 2.5 x min(2, 83/60) = 3.46.
    expect(b.signals.filter((s: any) => s.type === 'CROSS_SOURCE_SIGNAL_TYPE_RISK_SCORE_SPIKE')).toMatchObject([
      { id: 'risk-score-spike:ua', theater: 'Eastern Europe', severityScore: 3.46, summary: 'Ukraine instability 83' },
    ]);
    // The gpsjam sample's high-interference cells in the Middle East regions, at 2.5 x min(2, 1 + n/50).
    const gps = app.deps.store.read<GpsHex>(GPS_INTERFERENCE)!.records;
    const jammed = gps.filter(
      (h) => h.level === 'INTERFERENCE_LEVEL_HIGH' && GPS_REGION_THEATER[h.region] === 'Middle East',
    ).length;
    expect(jammed).toBeGreaterThan(0);
    expect(b.signals.find((s: any) => s.id === 'gps-jamming:middle-east')).toMatchObject({
      theater: 'Middle East',
      severityScore: Math.round(250 * Math.min(2, 1 + jammed / 50)) / 100,
      summary: `GPS jamming: ${jammed} high-interference cells in Middle East`,
    });
    const rest = b.signals.slice(2);
    expect(rest.every((s: any) => s.type !== 'CROSS_SOURCE_SIGNAL_TYPE_COMPOSITE_ESCALATION')).toBe(true);
    for (let i = 1; i < rest.length; i++)
      expect(rest[i - 1].severityScore).toBeGreaterThanOrEqual(rest[i].severityScore);
    expect(b.signals.length).toBeLessThanOrEqual(30);
    const ids = b.signals.map((s: any) => s.id);
    // OREF sirens in the sample, the Hormuz flow estimate, the Denver radiation spike.
    expect(ids).toEqual(
      expect.arrayContaining([
        'oref-alert-cluster:middle-east',
        'shipping-disruption:hormuz_strait',
        'radiation-anomaly:denver-co',
      ]),
    );
    expect(b.signals.find((s: any) => s.id === 'oref-alert-cluster:middle-east').summary).toBe(
      'Sirens in 10 localities in Israel over the last 24 h',
    );
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });

  it('computes the signals once per set of input snapshots', async () => {
    const first = computeSignals(app.deps.store);
    expect(computeSignals(app.deps.store)).toBe(first);
    expect((await app.get(SIGNALS)).body.signals).toHaveLength(first.signals.length);
  });

  it('refuses unknown parameters', async () => {
    expect((await app.get(`${SIGNALS}?theater=Global`)).status).toBe(400);
  });

  it('writes rule-based cards from the signals, labelled as not model-written', async () => {
    const res = await app.get(`${IMPLICATIONS}?frameworkId=dalio-macro`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      degraded: false,
      emptyReason: '',
      generatedAt: new Date(SAMPLE_NOW).toISOString(),
    });
    expect(res.body.cards.map((c: any) => c.ticker)).toEqual(['ITA', 'GLD', 'USO']);
    for (const c of res.body.cards) {
      expect(c.narrative).toMatch(/^\[Rule-based card from snapshot facts; not model-written\.\]/);
      expect(c.transmissionChain.length).toBeGreaterThanOrEqual(2);
    }
    expect(res.body.cards[2]).toMatchObject({ direction: 'LONG', driver: expect.stringContaining('Middle East') });
    // The framework is accepted and ignored, as published.
    expect((await app.get(IMPLICATIONS)).body.cards).toEqual(res.body.cards);
  });

  it('is a Pro operation', async () => {
    const free = await app.createKey({ plan: 'free' });
    expect((await app.get(IMPLICATIONS, { 'x-service-key': free.key })).status).toBe(403);
  });

  it('answers empty, degraded and uncached before any input is loaded', async () => {
    await withTestApp({ samples: [] }, async (empty) => {
      const s = await empty.get(SIGNALS);
      expect(s.body).toEqual({ signals: [], evaluatedAt: 0, compositeCount: 0 });
      expect(s.headers.get('cache-control')).toBe('no-store');
      const m = await empty.get(IMPLICATIONS);
      expect(m.body).toMatchObject({ cards: [], degraded: true, emptyReason: 'data_unavailable' });
      expect(m.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('list-cross-source-signals when a sanctions edition adds designations', () => {
  it('fires the sanctions surge and adds the new-entry boost to the instability index', async () => {
    await withTestApp({ samples: SAMPLES }, async (app) => {
      const score = (r: string) =>
        app.deps.store.read<CiiScore>(CII_SCORES)!.records.find((s) => s.region === r)!.combinedScore;
      const before = score('TR');
      // The next edition: six entities in Türkiye that the sample edition does not have.
      const sample = readFileSync(path.join(SAMPLES_DIR, sdnDataset.sources.sdn!.sample)).toString('utf8');
      const added = Array.from(
        { length: 6 },
        (_, i) =>
          `  <sdnEntry><uid>${99001 + i}</uid><lastName>ISTANBUL TRADING ${i + 1}</lastName><sdnType>Entity</sdnType>` +
          `<programList><program>RUSSIA-EO14024</program></programList>` +
          `<addressList><address><uid>${99101 + i}</uid><city>Istanbul</city><country>Turkey</country></address></addressList></sdnEntry>\n`,
      ).join('');
      const next = sample
        .replace('<Publish_Date>11/19/2026</Publish_Date>', '<Publish_Date>11/21/2026</Publish_Date>')
        .replace('</sdnList>', `${added}</sdnList>`);
      const r = await app.deps.runner.run(sdnDataset, {
        origin: { kind: 'bytes', payloads: { sdn: Buffer.from(next) } },
      });
      expect(r.ok, r.error).toBe(true);
      await refreshDerived([r], ALL_DATASETS, app.deps.runner);

      const surge = (await app.get(SIGNALS)).body.signals.find(
        (s: any) => s.type === 'CROSS_SOURCE_SIGNAL_TYPE_SANCTIONS_SURGE',
      );
      // 1.5 x min(2, 1 + 6/20) = 1.95, in Türkiye's theater.
      expect(surge).toMatchObject({
        id: 'sanctions-surge:middle-east',
        theater: 'Middle East',
        severityScore: 1.95,
        severity: 'CROSS_SOURCE_SIGNAL_SEVERITY_MEDIUM',
        summary: 'Sanctions surge: 6 new designations, Türkiye most targeted',
      });
      // Türkiye had SDN entries already (boost 3); new ones add 2: its blended 41.09 becomes 43.09 -> 43.
      expect(before).toBe(41);
      expect(score('TR')).toBe(43);
    });
  });
});

describe('list-market-implications with a model provider', () => {
  let app: TestApp;
  let llm: LlmFixture;
  beforeAll(async () => {
    llm = await startLlmFixture({ reply: () => JSON.stringify(MODEL_CARDS) });
    app = await startTestApp({ samples: SAMPLES, config: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fixture-chat' } });
  });
  afterAll(async () => {
    await app.close();
    await llm.close();
  });

  it('falls back to the labelled rule cards when the model fails (failures are not cached)', async () => {
    llm.mode = 'error';
    const failed = (await app.get(`${IMPLICATIONS}?frameworkId=pmesii-pt`)).body;
    llm.mode = 'ok';
    expect(failed.cards.map((c: any) => c.ticker)).toEqual(['ITA', 'GLD', 'USO']);
    expect(failed.cards[0].narrative).toMatch(/^\[Rule-based card/);
  });

  it('keeps only the model’s valid cards, written from the snapshot facts', async () => {
    const res = await app.get(IMPLICATIONS);
    expect(res.status).toBe(200);
    expect(res.body.cards).toEqual([{ ...MODEL_CARDS[0], name: 'Energy Select Sector SPDR' }]);
    const prompt = llm.calls.at(-1)!.body.messages.at(-1).content as string;
    expect(prompt).toContain('COMPOSITE_ESCALATION | Eastern Europe');
    expect(prompt).toContain('Strait of Hormuz: flow at 38% of baseline');
  });
});
