import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { startLlmFixture, type LlmFixture } from '../../../support/llm-fixture.js';
import { ciiScoresDataset } from '../../../../src/services/intelligence/country/datasets/cii-scores.js';
import { orefHistoryDataset } from '../../../../src/services/intelligence/feeds/datasets/oref-history.js';
import { regimeHistoryDataset } from '../../../../src/services/intelligence/regional/datasets/regime-history.js';
import { TEMPLATE_MARK } from '../../../../src/services/intelligence/regional/narrative.js';
import { militaryFlightsDataset } from '../../../../src/services/military/flights/datasets/military-flights.js';
import { chokepointsDataset } from '../../../../src/services/supply-chain/chokepoints/datasets/chokepoints.js';

const PATH = '/api/intelligence/v1/get-regional-brief';
const SAMPLES = [
  ciiScoresDataset,
  chokepointsDataset,
  orefHistoryDataset,
  militaryFlightsDataset,
  regimeHistoryDataset,
];
const SNAPSHOT_AT = Date.parse('2026-11-20T11:58:29.500Z');

describe('get-regional-brief without a model provider', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: SAMPLES });
    // The first answer's conformance check compiles the document synchronously; on a closed connection no idle socket races it.
    await app.get(PATH, { connection: 'close' });
  });
  afterAll(() => app.close());

  it('answers the empty request with the labelled template brief of the Middle East week', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const b = res.body.brief;
    expect(b).toMatchObject({
      regionId: 'mena',
      // Stamped with the facts' time (the week's end), not the clock's.
      generatedAt: SNAPSHOT_AT,
      periodEnd: SNAPSHOT_AT,
      periodStart: SNAPSHOT_AT - 7 * 86_400_000,
      provider: 'template',
      model: 'rules:get-regional-brief',
    });
    expect(b.situationRecap.startsWith(TEMPLATE_MARK)).toBe(true);
    expect(b.situationRecap).toContain('ends the week in a stressed equilibrium');
    // The 16 November change is inside the week; the October one is not.
    expect(b.regimeTrajectory).toBe(
      '2026-11-16 an escalation ladder to a stressed equilibrium; now a stressed equilibrium.',
    );
    expect(b.keyDevelopments[0]).toBe(
      '2026-11-16: regime changed to a stressed equilibrium (net balance -0.38 below -0.10).',
    );
    expect(b.keyDevelopments.some((d: string) => d.includes('OREF siren alerts'))).toBe(true);
    expect(b.riskOutlook).toMatch(/trigger\(s\) active/);
  });

  it('briefs a region with no change in the week', async () => {
    const b = (await app.get(`${PATH}?region_id=latam`)).body.brief;
    expect(b.regimeTrajectory).toBe('No regime change recorded this week; managed de-escalation throughout.');
  });

  it('answers {} for a region it does not know, refuses a malformed one', async () => {
    expect((await app.get(`${PATH}?region_id=atlantis`)).body).toEqual({});
    expectViolation(await app.get(`${PATH}?region_id=East_Asia`), 'region_id');
  });

  it('is a Pro operation', async () => {
    const free = await app.createKey({ plan: 'free' });
    expect((await app.get(PATH, { 'x-service-key': free.key })).status).toBe(403);
  });
});

describe('get-regional-brief with a model provider', () => {
  let app: TestApp;
  let llm: LlmFixture;
  beforeAll(async () => {
    llm = await startLlmFixture({
      reply: () =>
        'RECAP: A tense week.\nTRAJECTORY: Down from the ladder.\nDEVELOPMENT: Sirens in the south.\nDEVELOPMENT: Hormuz closed to some traffic.\nOUTLOOK: Elevated.',
    });
    app = await startTestApp({ samples: SAMPLES, config: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fixture-chat' } });
  });
  afterAll(async () => {
    await app.close();
    await llm.close();
  });

  it('has the model write the brief from the snapshot and the week’s transitions', async () => {
    const b = (await app.get(PATH)).body.brief;
    expect(b).toMatchObject({
      provider: 'llm',
      model: 'fixture-chat',
      situationRecap: 'A tense week.',
      regimeTrajectory: 'Down from the ladder.',
      keyDevelopments: ['Sirens in the south.', 'Hormuz closed to some traffic.'],
      riskOutlook: 'Elevated.',
    });
    const prompt = llm.calls.at(-1)!.body.messages.at(-1).content;
    expect(prompt).toContain('2026-11-16: escalation_ladder -> stressed_equilibrium');
  });

  it('answers from the cache for the same input', async () => {
    const calls = llm.count('/chat/completions');
    await app.get(`${PATH}?region_id=mena`);
    expect(llm.count('/chat/completions')).toBe(calls);
  });

  it('falls back to the template when the model fails', async () => {
    llm.mode = 'error';
    const b = (await app.get(`${PATH}?region_id=europe`)).body.brief;
    llm.mode = 'ok';
    expect(b).toMatchObject({ provider: 'template', model: 'rules:get-regional-brief' });
  });
});
