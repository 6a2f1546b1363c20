import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { startLlmFixture, type LlmFixture } from '../../../support/llm-fixture.js';
import { HISTORY_SAMPLES } from '../../../support/derived.js';
import { PREDICTION_DATASETS } from '../../../../src/services/prediction/datasets/index.js';
import { deductionMode, matchMarkets } from '../../../../src/services/intelligence/analysis/deduct-rules.js';

const PATH = '/api/intelligence/v1/deduct-situation';
const SAMPLES = [...HISTORY_SAMPLES, ...PREDICTION_DATASETS];
const post = (app: TestApp, body: unknown) =>
  app.request(PATH, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

describe('deduction rules', () => {
  it.each([
    ['In 2-3 sentences, what next for Odesa?', 'brief'],
    ['Assess likelihood and potential implications of a blockade', 'brief'],
    ['What happens next in the Red Sea?', 'forecast'],
  ] as const)('%j is a %s', (q, mode) => expect(deductionMode(q)).toBe(mode));

  const markets = [
    { title: 'Russia x Ukraine ceasefire in 2026?', yesPercent: 23.4, volume: 100 },
    { title: 'Gaza ceasefire holds through 2026?', yesPercent: 61.0, volume: 900 },
    { title: 'Fed decision in December?', yesPercent: 80, volume: 5000 },
  ];
  it('ranks markets by shared words, then volume, odds rounded to 5 points', () => {
    expect(matchMarkets('Ukraine ceasefire talks', markets).map((m) => [m.title, m.oddsPercent])).toEqual([
      ['Russia x Ukraine ceasefire in 2026?', 25],
      ['Gaza ceasefire holds through 2026?', 60],
    ]);
    expect(matchMarkets('the of and', markets)).toEqual([]);
  });

  it('returns at most 7 markets, each sharing a word, odds on the 5-point grid', () => {
    const market = fc.record({
      title: fc.string({ maxLength: 30 }),
      yesPercent: fc.double({ min: 0, max: 100, noNaN: true }),
      volume: fc.nat(),
    });
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.array(market, { maxLength: 20 }), (q, ms) => {
        const out = matchMarkets(q, ms);
        expect(out.length).toBeLessThanOrEqual(7);
        for (const m of out) expect(m.oddsPercent % 5).toBe(0);
      }),
    );
  });
});

describe('deduct-situation without a model provider', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: SAMPLES });
  });
  afterAll(() => app.close());

  it('skips an empty request', async () => {
    const res = await post(app, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ analysis: '', model: '', provider: 'skipped' });
  });

  it('answers the labelled evidence digest: matching markets and archived events', async () => {
    const res = await post(app, { query: 'Will Russia and Ukraine agree a ceasefire?' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ model: 'rules:deduct-situation', provider: 'rules' });
    expect(res.body.analysis).toMatch(
      /^\[Evidence digest assembled from snapshot facts; not a model-written deduction\.\]/,
    );
    expect(res.body.analysis).toMatch(/- Russia x Ukraine ceasefire in 2026\?: \d+% Yes/);
    // ACLED's Russia–Ukraine events of the conflict sample, archived under the published resource name.
    expect(res.body.analysis).toContain(
      '- 2026-11-19 (acled-intel): Battles — Military Forces of Ukraine (2019-) vs Military Forces of Russia (2000-) — in Zaporizhia, Ukraine',
    );
  });

  it('refuses a body of the wrong types', async () => {
    expectViolation(await post(app, { query: 42 }), 'query');
    expectViolation(await post(app, { query: 'x', framework: 'y'.repeat(10001) }), 'framework');
  });
});

describe('deduct-situation with a model provider', () => {
  let app: TestApp;
  let llm: LlmFixture;
  beforeAll(async () => {
    llm = await startLlmFixture({ reply: () => 'A ceasefire within weeks is unlikely (about 20%).' });
    app = await startTestApp({ samples: SAMPLES, config: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fixture-chat' } });
  });
  afterAll(async () => {
    await app.close();
    await llm.close();
  });

  it('has the model reason from the evidence, brief or forecast as asked', async () => {
    const res = await post(app, {
      query: 'In 2-3 sentences: Russia Ukraine ceasefire?',
      framework: 'Red team it.',
      geoContext: 'Recent News\n- talks in Istanbul',
    });
    expect(res.body).toEqual({
      analysis: 'A ceasefire within weeks is unlikely (about 20%).',
      model: 'fixture-chat',
      provider: 'generic',
    });
    const call = llm.calls.at(-1)!;
    expect(call.body.temperature).toBe(0.3);
    expect(call.body.messages[0].content).toMatch(/2-3 plain sentences/);
    expect(call.body.messages[0].content).not.toContain('Red team it.');
    const user = call.body.messages.at(-1).content as string;
    expect(user).toContain('<framework>\nRed team it.\n</framework>');
    expect(user).toContain('talks in Istanbul');
    expect(user).toMatch(/Russia x Ukraine ceasefire in 2026\?: \d+% Yes/);
  });
});
