import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { startLlmFixture, type LlmFixture } from '../../../support/llm-fixture.js';
import { escalatedIndex, MIDDLE_EAST, withInputs } from '../../../support/derived.js';
import { regimeHistoryDataset } from '../../../../src/services/intelligence/regional/datasets/regime-history.js';
import { TEMPLATE_MARK } from '../../../../src/services/intelligence/regional/narrative.js';

const PATH = '/api/intelligence/v1/get-regional-brief';
/** The regime history with everything it is computed from (the instability index and its inputs among them). */
const SAMPLES = withInputs(regimeHistoryDataset);
// The regional snapshot's time: the newest input, the index computed at the samples' capture time.
const SNAPSHOT_AT = SAMPLE_NOW;

/**
 * The history starts with one computation (no transition); a new index snapshot with the Middle East
 * escalated makes the regional rules record one: mena onto the escalation ladder.
 */
async function escalateMiddleEast(app: TestApp): Promise<void> {
  const index = await app.deps.runner.run(escalatedIndex(MIDDLE_EAST), { origin: { kind: 'live' }, force: true });
  const history = await app.deps.runner.run(regimeHistoryDataset, { origin: { kind: 'live' } });
  if (!index.ok || !history.ok) throw new Error(`escalation not recorded: ${index.error ?? history.error}`);
}

describe('get-regional-brief without a model provider', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: SAMPLES });
    await escalateMiddleEast(app);
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
    expect(b.situationRecap).toContain('ends the week in an escalation ladder');
    expect(b.regimeTrajectory).toBe(
      '2026-11-20 a stressed equilibrium to an escalation ladder; now an escalation ladder.',
    );
    // Escalated: military 99 and conflict 99 for the top three, 12 aircraft: 0.45 x 0.99 + 0.3 x 0.99 + 0.25 x 0.48 = 0.8625;
    // fragility mean(56, 56, 47)/100 = 0.53; cohesion 1 - 724/11/100 = 0.342;
    // net (0.342 + 0.446)/2 - (0.8625 + 0.53 + 1)/3 = -0.404.
    expect(b.keyDevelopments[0]).toBe(
      '2026-11-20: regime changed to an escalation ladder (coercive pressure 0.86 above 0.80 with net balance -0.40 below -0.40).',
    );
    expect(b.keyDevelopments.some((d: string) => d.includes('OREF siren alerts'))).toBe(true);
    expect(b.riskOutlook).toMatch(/trigger\(s\) active/);
  });

  it('briefs a region with no change in the week', async () => {
    const b = (await app.get(`${PATH}?region_id=latam`)).body.brief;
    // On the computed index the regional rules meet no threshold for Latin America.
    expect(b.regimeTrajectory).toBe('No regime change recorded this week; calm throughout.');
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
    await escalateMiddleEast(app);
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
    expect(prompt).toContain('2026-11-20: stressed_equilibrium -> escalation_ladder');
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
