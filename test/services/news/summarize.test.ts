import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { startLlmFixture, type LlmFixture } from '../../support/llm-fixture.js';

const SUMMARIZE = '/api/news/v1/summarize-article';
const CACHE = '/api/news/v1/summarize-article-cache';
const HEADLINES = [
  'Russian missile strike on Odesa port damages grain terminal',
  'Ukraine says missile strike hits Odesa port infrastructure',
  'EU ministers agree new sanctions package on Russia',
];

const post = (app: TestApp, body: unknown, headers: Record<string, string> = {}) =>
  app.request(SUMMARIZE, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('summarize-article without a model provider', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: 'none' });
  });
  afterAll(() => app.close());

  it('answers an extractive summary labelled as such, and caches it under the published key format', async () => {
    const res = await post(app, { provider: 'openrouter', headlines: HEADLINES });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      model: 'rules:summarize-article',
      provider: 'rules',
      fallback: true,
      status: 'SUMMARIZE_STATUS_SUCCESS',
      error: '',
      tokens: 0,
    });
    expect(res.body.statusDetail).toMatch(/^extractive summary .*not model-written/);
    // The summary is made of input sentences only.
    for (const sentence of res.body.summary.split(/(?<=\.)\s+/))
      expect(HEADLINES.map((h) => `${h}.`)).toContain(sentence);
    const key = /cache key (summary:v9:[a-z0-9:_-]+)/.exec(res.body.statusDetail)![1]!;
    expect(key).toMatch(/^summary:v9:brief:full:en:[a-z0-9]+$/);
    const cached = await app.get(`${CACHE}?cache_key=${encodeURIComponent(key)}`);
    expect(cached.status).toBe(200);
    expect(cached.body).toMatchObject({
      summary: res.body.summary,
      provider: 'cache',
      status: 'SUMMARIZE_STATUS_CACHED',
      model: 'rules:summarize-article',
      fallback: true,
    });
    // The same input is answered from the cache.
    expect((await post(app, { provider: 'groq', headlines: [...HEADLINES].reverse() })).body.status).toBe(
      'SUMMARIZE_STATUS_CACHED',
    );
  });

  it('skips translation, which needs the model', async () => {
    const res = await post(app, { provider: 'generic', headlines: ['Hola'], mode: 'translate', variant: 'en' });
    expect(res.body).toMatchObject({ status: 'SUMMARIZE_STATUS_SKIPPED', summary: '' });
    expect(res.body.statusDetail).toMatch(/LLM_BASE_URL/);
  });

  it('gates brief and analysis summaries to Pro callers, in band', async () => {
    const free = await app.createKey({ plan: 'free' });
    const res = await post(app, { provider: 'groq', headlines: HEADLINES }, { 'x-service-key': free.key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'SUMMARIZE_STATUS_ERROR',
      error: 'Pro subscription required',
      errorType: 'AuthError',
      fallback: true,
    });
  });

  it('refuses requests without a provider or headlines, and unknown modes', async () => {
    expectViolation(await post(app, { headlines: HEADLINES }), 'provider');
    expectViolation(await post(app, { provider: 'groq' }), 'headlines');
    expectViolation(await post(app, { provider: 'groq', headlines: HEADLINES, mode: 'poem' }), 'mode');
  });
});

describe('summarize-article-cache', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: 'none' });
  });
  afterAll(() => app.close());

  it('answers an empty, uncached UNSPECIFIED body without a key or on a miss', async () => {
    for (const path of [
      CACHE,
      `${CACHE}?cache_key=summary:v9:brief:full:en:zzz`,
      `${CACHE}?cache_key=summary:v8:brief:full:en:abc`,
    ]) {
      const res = await app.get(path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'SUMMARIZE_STATUS_UNSPECIFIED', summary: '', fallback: true });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('refuses a malformed key', async () => {
    expectViolation(await app.get(`${CACHE}?cache_key=not-a-key`), 'cache_key');
  });
});

describe('summarize-article with a model provider', () => {
  let app: TestApp;
  let llm: LlmFixture;
  beforeAll(async () => {
    llm = await startLlmFixture({ reply: () => 'Russian missiles hit Odesa port as the EU adds sanctions on Russia.' });
    app = await startTestApp({ samples: 'none', config: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fixture-chat' } });
  });
  afterAll(async () => {
    await app.close();
    await llm.close();
  });

  it('has the model write the summary, says so, and caches it', async () => {
    const res = await post(app, { provider: 'generic', headlines: HEADLINES, geoContext: 'Black Sea' });
    expect(res.body).toMatchObject({
      summary: 'Russian missiles hit Odesa port as the EU adds sanctions on Russia.',
      model: 'fixture-chat',
      provider: 'generic',
      fallback: false,
      status: 'SUMMARIZE_STATUS_SUCCESS',
    });
    expect(llm.count('/chat/completions')).toBe(1);
    expect(llm.calls[0]!.body.messages[1].content).toContain('<context>\nBlack Sea\n</context>');
    const again = await post(app, { provider: 'generic', headlines: HEADLINES, geoContext: 'Black Sea' });
    expect(again.body.status).toBe('SUMMARIZE_STATUS_CACHED');
    expect(llm.count('/chat/completions')).toBe(1);
  });

  it('falls back to the labelled extractive summary when the model fails', async () => {
    llm.mode = 'error';
    const res = await post(app, {
      provider: 'generic',
      headlines: ['Earthquake of magnitude 6.4 hits off Japan coast'],
    });
    llm.mode = 'ok';
    expect(res.body).toMatchObject({
      provider: 'rules',
      model: 'rules:summarize-article',
      fallback: true,
      status: 'SUMMARIZE_STATUS_SUCCESS',
    });
  });
});

describe('summarize-article when the model answers past LLM_MAX_ANSWER_BYTES', () => {
  let app: TestApp;
  let llm: LlmFixture;
  beforeAll(async () => {
    // 15 MB: under the transport's 16 MiB limit, far past the answer cap.
    llm = await startLlmFixture({ reply: () => 'Odesa port. '.repeat(1_250_000) });
    app = await startTestApp({ samples: 'none', config: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fixture-chat' } });
  });
  afterAll(async () => {
    await app.close();
    await llm.close();
  });

  it('serves the extractive fallback, and caches no model answer: the next call asks the model again', async () => {
    const res = await post(app, { provider: 'generic', headlines: HEADLINES });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      model: 'rules:summarize-article',
      provider: 'rules',
      fallback: true,
      status: 'SUMMARIZE_STATUS_SUCCESS',
    });
    expect(res.body.summary.length).toBeLessThan(1000);
    expect(res.body.statusDetail).toMatch(/LLM_MAX_ANSWER_BYTES/);
    const key = /cache key (summary:v9:[a-z0-9:_-]+)/.exec(res.body.statusDetail)![1]!;
    const cached = await app.get(`${CACHE}?cache_key=${encodeURIComponent(key)}`);
    expect(cached.body).toMatchObject({ model: 'rules:summarize-article', fallback: true });
    expect(cached.body.summary).toBe(res.body.summary);
    const again = await post(app, { provider: 'generic', headlines: HEADLINES });
    expect(again.body).toMatchObject({ provider: 'rules', fallback: true });
    expect(llm.count('/chat/completions')).toBe(2);
  });
});
