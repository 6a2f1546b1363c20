import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, SAMPLE_NOW, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { startLlmFixture, type LlmFixture } from '../../../support/llm-fixture.js';
import { withInputs } from '../../../support/derived.js';
import { ciiScoresDataset } from '../../../../src/services/intelligence/country/datasets/cii-scores.js';
import { travelAdvisoriesDataset } from '../../../../src/services/intelligence/country/datasets/travel-advisories.js';
import { regimeHistoryDataset } from '../../../../src/services/intelligence/regional/datasets/regime-history.js';
import { TEMPLATE_MARK } from '../../../../src/services/intelligence/regional/narrative.js';

const PATH = '/api/intelligence/v1/get-regional-snapshot';
/** The regime history with everything it is computed from: the instability index and its inputs, chokepoints, OREF, flights. */
export const REGIONAL_SAMPLES = withInputs(regimeHistoryDataset);

describe('get-regional-snapshot without a model provider', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: REGIONAL_SAMPLES });
    // The first answer's conformance check compiles the document synchronously; on a closed connection no idle socket races it.
    await app.get(PATH, { connection: 'close' });
  });
  afterAll(() => app.close());

  it('answers the empty request with the Middle East scored from the samples', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const s = res.body.snapshot;
    expect(s.regionId).toBe('mena');
    // The newest input time: the index is computed at the samples' capture time.
    expect(s.generatedAt).toBe(SAMPLE_NOW);
    // The history holds one computation, so no transition yet: the current label only.
    expect(s.regime).toEqual({
      label: 'stressed_equilibrium',
      previousLabel: '',
      transitionedAt: 0,
      transitionDriver: 'net balance -0.12 below -0.10',
    });
    // From the computed index of the 11 scored MENA members (AE 9, EG 50, IL 51, IQ 62, IR 60, LB 60, QA 4, SA 50,
    // SY 70, TR 41, YE 60; security IQ 85, IL 38, then 35), 10 sirens and 12 military aircraft in the box:
    //   coercive 0.45 x mean(85, 38, 35)/100 + 0.30 x mean(29.2, 15, 15)/100 + 0.25 x max(10/60, 12/25) = 0.416;
    //   fragility mean of the top three 0.6 unrest + 0.4 combined (IQ 42.8, IR 42, LB 33)/100 = 0.393;
    //   cohesion 1 - 517/11/100 = 0.53; net (0.53 + 0.446)/2 - (0.4162 + 0.3927 + 1)/3 = -0.115.
    expect(s.balance).toMatchObject({
      coercivePressure: 0.416,
      domesticFragility: 0.393,
      allianceCohesion: 0.53,
      energyVulnerability: 1,
      maritimeAccess: 0.446,
      capitalStress: 0,
      energyLeverage: 0,
      netBalance: -0.115,
    });
    expect(s.meta).toMatchObject({
      missingInputs: [],
      staleInputs: [],
      snapshotConfidence: 1,
      narrativeProvider: 'template',
      narrativeModel: 'rules:get-regional-snapshot',
    });
    expect(s.meta.validUntil).toBe(s.generatedAt + 6 * 3_600_000);
    expect(s.meta.snapshotId).toMatch(/^mena-[0-9a-f]{12}$/);
  });

  it('lists actors, evidence, triggers and chokepoint transmission paths from the inputs', async () => {
    const s = (await app.get(`${PATH}?region_id=mena`)).body.snapshot;
    expect(s.actors.length).toBe(5);
    expect(s.actors[0].leverageScore).toBeGreaterThanOrEqual(s.actors[4].leverageScore);
    const ids = s.evidence.map((e: { id: string }) => e.id);
    expect(ids).toEqual(
      expect.arrayContaining(['chokepoint:hormuz_strait', 'chokepoint:bab_el_mandeb', 'oref:24h', 'flights:box']),
    );
    expect(s.transmissionPaths.map((p: { corridorId: string }) => p.corridorId).sort()).toEqual([
      'bab_el_mandeb',
      'hormuz_strait',
      'suez',
    ]);
    // Hormuz is a war zone; net balance -0.115 is far from -0.4 and coercive pressure 0.416 from 0.8.
    expect(s.triggers.active.map((t: { id: string }) => t.id)).toEqual(['mena:chokepoint-war-zone']);
    const quiet = [...s.triggers.watching, ...s.triggers.dormant].map((t: { id: string }) => t.id);
    expect(quiet).toEqual(expect.arrayContaining(['mena:balance-collapse', 'mena:coercion-high']));
    const war = s.triggers.active.find((t: { id: string }) => t.id === 'mena:chokepoint-war-zone');
    expect(war).toMatchObject({ activated: true, activatedAt: s.generatedAt, scenarioLane: 'escalation' });
    expect(war.evidenceIds).toContain('chokepoint:hormuz_strait');
    for (const set of s.scenarioSets) {
      const total = set.lanes.reduce((a: number, l: { probability: number }) => a + l.probability, 0);
      expect(total).toBeCloseTo(1, 6);
    }
    expect(s.leverageEdges).toEqual([]);
    expect(s.mobility).toEqual({
      airspace: [],
      flightCorridors: [],
      airports: [],
      rerouteIntensity: 0,
      notamClosures: [],
    });
  });

  it('labels the template narrative in-band and cites only evidence it has', async () => {
    const s = (await app.get(PATH)).body.snapshot;
    expect(s.narrative.situation.text.startsWith(TEMPLATE_MARK)).toBe(true);
    expect(s.narrative.situation.text).toContain('stressed equilibrium');
    expect(s.narrative.situation.evidenceIds.length).toBeGreaterThan(0);
    const known = new Set(s.evidence.map((e: { id: string }) => e.id));
    for (const id of s.narrative.balanceAssessment.evidenceIds) expect(known.has(id)).toBe(true);
    expect(s.narrative.outlook7d.text).toMatch(/escalation \d+%/);
    expect(s.narrative.watchItems.length).toBeGreaterThan(0);
  });

  it('scores another region and its own regime history', async () => {
    const s = (await app.get(`${PATH}?region_id=east-asia`)).body.snapshot;
    expect(s.regionId).toBe('east-asia');
    // On the computed index the regional rules meet no threshold for East Asia (calm); one computation, no transition.
    expect(s.regime).toMatchObject({ label: 'calm', previousLabel: '', transitionedAt: 0 });
    expect(s.transmissionPaths).toEqual([]);
    const all = [...s.triggers.active, ...s.triggers.watching, ...s.triggers.dormant].map((t: { id: string }) => t.id);
    expect(all).not.toContain('east-asia:siren-surge');
  });

  it('answers {} for a well-formed region it does not know', async () => {
    const res = await app.get(`${PATH}?region_id=atlantis`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
  });

  it('refuses a malformed region id', async () => {
    expectViolation(await app.get(`${PATH}?region_id=Mena`), 'region_id');
    expectViolation(await app.get(`${PATH}?region_id=mena-`), 'region_id');
    expectViolation(await app.get(`${PATH}?region_id=${'a'.repeat(33)}`), 'region_id');
  });

  it('is a Pro operation', async () => {
    const free = await app.createKey({ plan: 'free' });
    expect((await app.get(PATH, { 'x-service-key': free.key })).status).toBe(403);
  });
});

describe('get-regional-snapshot with inputs missing', () => {
  let app: TestApp;
  beforeAll(async () => {
    // The index computed from the advisories alone; no chokepoints, flights or sirens.
    app = await startTestApp({ samples: [travelAdvisoriesDataset, ciiScoresDataset] });
  });
  afterAll(() => app.close());

  it('scores from what is there and says what is missing', async () => {
    const s = (await app.get(PATH)).body.snapshot;
    expect(s.meta.missingInputs).toEqual(['chokepoints', 'military-flights', 'oref-history']);
    expect(s.meta.snapshotConfidence).toBe(0.25);
    expect(s.balance.maritimeAccess).toBe(1);
    expect(s.regime).toMatchObject({ previousLabel: '', transitionedAt: 0 });
  });

  it('answers {} without the instability export', async () => {
    await withoutCii(app);
    expect((await app.get(PATH)).body).toEqual({});
  });
});

/** Drops the instability snapshot, as if it had never loaded. */
async function withoutCii(app: TestApp): Promise<void> {
  await app.storeSql('DELETE FROM snapshot_meta WHERE dataset = ?', ciiScoresDataset.name);
  await app.storeSql('DELETE FROM snapshot_records WHERE dataset = ?', ciiScoresDataset.name);
  await app.deps.store.refresh(ciiScoresDataset.name);
}

describe('get-regional-snapshot with a model provider', () => {
  let app: TestApp;
  let llm: LlmFixture;
  beforeAll(async () => {
    llm = await startLlmFixture({
      reply: () =>
        'SITUATION: Pressure stays high around Syria [cii:SY] and [made:up].\nBALANCE: Buffers thin.\nOUTLOOK 24H: Steady.\nOUTLOOK 7D: Watch Hormuz [chokepoint:hormuz_strait].\nOUTLOOK 30D: Unclear.\nWATCH: Sirens\nWATCH: Tankers',
    });
    app = await startTestApp({
      samples: REGIONAL_SAMPLES,
      config: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fixture-chat' },
    });
  });
  afterAll(async () => {
    await app.close();
    await llm.close();
  });

  it('has the model write the narrative from the facts, keeping only real evidence ids', async () => {
    const s = (await app.get(PATH)).body.snapshot;
    expect(s.meta).toMatchObject({ narrativeProvider: 'llm', narrativeModel: 'fixture-chat' });
    expect(s.narrative.situation).toEqual({
      text: 'Pressure stays high around Syria [cii:SY] and [made:up].',
      evidenceIds: ['cii:SY'],
    });
    expect(s.narrative.outlook7d.evidenceIds).toEqual(['chokepoint:hormuz_strait']);
    expect(s.narrative.watchItems.map((w: { text: string }) => w.text)).toEqual(['Sirens', 'Tankers']);
    const prompt = llm.calls.at(-1)!.body.messages.at(-1).content;
    expect(prompt).toContain('Regime: stressed_equilibrium');
    expect(prompt).toContain('[chokepoint:hormuz_strait]');
  });

  it('falls back to the labelled template when the model fails', async () => {
    llm.mode = 'error';
    const s = (await app.get(`${PATH}?region_id=europe`)).body.snapshot;
    llm.mode = 'ok';
    expect(s.meta).toMatchObject({ narrativeProvider: 'template', narrativeModel: 'rules:get-regional-snapshot' });
    expect(s.narrative.situation.text.startsWith(TEMPLATE_MARK)).toBe(true);
  });
});
