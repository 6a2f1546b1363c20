import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, SAMPLE_NOW, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { startLlmFixture, type LlmFixture } from '../../../support/llm-fixture.js';
import { withInputs } from '../../../support/derived.js';
import { INTELLIGENCE_DATASETS } from '../../../../src/services/intelligence/datasets/index.js';
import { ciiScoresDataset } from '../../../../src/services/intelligence/country/datasets/cii-scores.js';

const PATH = '/api/intelligence/v1/get-country-intel-brief';
// INTELLIGENCE_DATASETS holds the intel history too; the instability index needs its inputs from other services.
const SAMPLES = withInputs(...INTELLIGENCE_DATASETS, ciiScoresDataset);

describe('get-country-intel-brief without a model provider', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: SAMPLES });
  });
  afterAll(() => app.close());

  it('answers the labelled template brief from snapshot facts, citing archived events', async () => {
    const res = await app.get(`${PATH}?country_code=UA`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      countryCode: 'UA',
      countryName: 'Ukraine',
      model: 'rules:get-country-intel-brief',
      generatedAt: SAMPLE_NOW,
    });
    expect(res.body.brief).toMatch(/^\[Template brief assembled from snapshot facts; not model-written\.\]/);
    // The index computed over the samples (see get-risk-scores.test.ts for the derivation of 83); one
    // computation only, so no 24 h comparison: stable, +0.
    expect(res.body.brief).toContain("Ukraine's instability score is 83/100, stable (+0 over 24 h).");
    // The six newest Ukrainian events of the archive; the newest is ACLED's Donetsk event of 2026-11-20
    // (ACLED rows carry no link, as in the published archive).
    expect(res.body.sources.length).toBe(6);
    const donetsk =
      'Explosions/Remote violence — Military Forces of Russia (2000-) vs Military Forces of Ukraine (2019-) — in Donetsk, Ukraine';
    expect(res.body.sources[0]).toEqual({
      title: donetsk,
      source: 'acled-intel',
      url: '',
      publishedAt: '2026-11-20T00:00:00.000Z',
    });
    expect(res.body.brief).toContain(`${donetsk} [1]`);
  });

  it('briefs a country with no facts without inventing any', async () => {
    const res = await app.get(`${PATH}?country_code=IS`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ countryCode: 'IS', countryName: 'Iceland', sources: [] });
    expect(res.body.brief).toContain('Iceland has no instability score in the current snapshot.');
  });

  it('refuses a missing or malformed country code', async () => {
    expectViolation(await app.get(PATH), 'country_code');
    expectViolation(await app.get(`${PATH}?country_code=ua`), 'country_code');
    expectViolation(await app.get(`${PATH}?country_code=UA&framework=${'x'.repeat(2001)}`), 'framework');
  });

  it('is a Pro operation', async () => {
    const free = await app.createKey({ plan: 'free' });
    expect((await app.get(`${PATH}?country_code=UA`, { 'x-service-key': free.key })).status).toBe(403);
  });
});

describe('get-country-intel-brief with a model provider', () => {
  let app: TestApp;
  let llm: LlmFixture;
  beforeAll(async () => {
    llm = await startLlmFixture({ reply: () => 'SITUATION NOW\nStrikes continue [1]; see also [9].' });
    app = await startTestApp({ samples: SAMPLES, config: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fixture-chat' } });
  });
  afterAll(async () => {
    await app.close();
    await llm.close();
  });

  it('has the model write from the facts and drops citations to sources it was not given', async () => {
    const res = await app.get(`${PATH}?country_code=UA&framework=${encodeURIComponent('Use a PMESII lens.')}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ model: 'fixture-chat', brief: 'SITUATION NOW\nStrikes continue [1]; see also .' });
    const call = llm.calls.at(-1)!;
    // The framework is the caller's text: delimited in the user message, never in the system message.
    expect(call.body.messages[0].content).not.toContain('Use a PMESII lens.');
    expect(call.body.messages.at(-1).content).toContain('<framework>\nUse a PMESII lens.\n</framework>');
    expect(call.body.messages.at(-1).content).toContain('Instability score: 83/100');
    expect(call.body.messages.at(-1).content).toContain(
      '[1] 2026-11-20 acled-intel: Explosions/Remote violence — Military Forces of Russia (2000-) vs Military Forces of Ukraine (2019-) — in Donetsk, Ukraine',
    );
  });

  it('falls back to the template when the model fails', async () => {
    llm.mode = 'error';
    const res = await app.get(`${PATH}?country_code=SD`);
    llm.mode = 'ok';
    expect(res.body.model).toBe('rules:get-country-intel-brief');
    expect(res.body.brief).toMatch(/^\[Template brief/);
  });
});
