import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { startLlmFixture, type LlmFixture } from '../../../support/llm-fixture.js';

const PATH = '/api/intelligence/v1/classify-event';
const q = (title: string) => `${PATH}?title=${encodeURIComponent(title)}`;

describe('classify-event without a model provider', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: 'none' });
  });
  afterAll(() => app.close());

  it('classifies by keywords and labels the answer as such', async () => {
    const res = await app.get(q('Missile strike damages grain terminal at Odesa port'));
    expect(res.status).toBe(200);
    expect(res.body.classification).toEqual({
      category: 'conflict',
      subcategory: 'high',
      severity: 'SEVERITY_LEVEL_HIGH',
      confidence: 0.6,
      analysis:
        'Keyword classifier (rules:classify-event), not model-written (model provider not configured): matched "missile*".',
      entities: [],
    });
  });

  it('answers general/info with low confidence when no keyword matches', async () => {
    const res = await app.get(q('Local bakery celebrates its anniversary'));
    expect(res.body.classification).toMatchObject({
      category: 'general',
      subcategory: 'info',
      severity: 'SEVERITY_LEVEL_LOW',
      confidence: 0.3,
    });
  });

  it('reads only the first 500 characters of the title and ignores description, source and country', async () => {
    const long = await app.get(q(`${'a '.repeat(250)}missile strike`));
    expect(long.body.classification.category).toBe('general');
    const withExtras = await app.get(
      `${q('Protesters gather downtown')}&description=${encodeURIComponent('missile strike')}&source=x&country=UA`,
    );
    expect(withExtras.body.classification).toMatchObject({ category: 'protest', subcategory: 'medium' });
  });

  it('needs a title', async () => {
    expectViolation(await app.get(PATH), 'title');
    expectViolation(await app.get(`${PATH}?title=`), 'title');
  });

  it('is a Pro operation', async () => {
    const free = await app.createKey({ plan: 'free' });
    expect((await app.get(q('Protest downtown'), { 'x-service-key': free.key })).status).toBe(403);
  });
});

describe('classify-event with a model provider', () => {
  let app: TestApp;
  let llm: LlmFixture;
  let reply = '{"level":"critical","category":"military"}';
  beforeAll(async () => {
    llm = await startLlmFixture({ reply: () => reply });
    app = await startTestApp({ samples: 'none', config: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fixture-chat' } });
  });
  afterAll(async () => {
    await app.close();
    await llm.close();
  });

  it('uses the model’s classification, names the model, and caches it per input', async () => {
    const res = await app.get(q('Troops mass near the border'));
    expect(res.body.classification).toMatchObject({
      category: 'military',
      subcategory: 'critical',
      severity: 'SEVERITY_LEVEL_HIGH',
      confidence: 0.9,
    });
    expect(res.body.classification.analysis).toMatch(/^Classified by the model fixture-chat/);
    const call = llm.calls.at(-1)!;
    expect(call.body.temperature).toBe(0);
    expect(call.body.messages.at(-1).content).toBe('Troops mass near the border');
    const calls = llm.count('/chat/completions');
    const again = await app.get(`${q('Troops mass near the border')}&source=other`);
    expect(again.body.classification.analysis).toMatch(/cached answer/);
    expect(llm.count('/chat/completions')).toBe(calls);
  });

  it('falls back to the keyword classifier, labelled, when the model answers outside the published sets or fails', async () => {
    reply = 'It is about the military.';
    const bad = await app.get(q('Warships sail near the strait'));
    expect(bad.body.classification).toMatchObject({ category: 'military', subcategory: 'high', confidence: 0.6 });
    expect(bad.body.classification.analysis).toMatch(/^Keyword classifier .*not a valid classification/);
    llm.mode = 'error';
    const failed = await app.get(q('Cholera outbreak spreads'));
    llm.mode = 'ok';
    expect(failed.body.classification).toMatchObject({ category: 'health', subcategory: 'high' });
    expect(failed.body.classification.analysis).toMatch(
      /^Keyword classifier \(rules:classify-event\), not model-written/,
    );
  });
});
