import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../src/platform/llm/generate.js';
import { registerJobKinds } from '../../src/root/jobs.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { startLlmFixture, type LlmFixture } from '../support/llm-fixture.js';

const KEY = 'sk-deps-wiring-marker-55aa';
let fixture: LlmFixture;
let app: TestApp;
beforeAll(async () => {
  fixture = await startLlmFixture({ apiKey: KEY });
  app = await startTestApp({
    samples: 'none',
    config: {
      LLM_BASE_URL: fixture.baseUrl,
      LLM_API_KEY: KEY,
      LLM_MODEL: 'fixture-chat',
      EMBEDDINGS_MODEL: 'fixture-embed',
    },
  });
});
afterAll(async () => {
  await app?.close();
  await fixture?.close();
});

describe('deps.llm, deps.jobs and deps.archive in a running app', () => {
  it('deps.llm follows the configuration and caches in the service store (SQLite, or PostgreSQL with DATABASE_URL)', async () => {
    expect(app.deps.llm).toMatchObject({ enabled: true, embeddingsEnabled: true, model: 'fixture-chat' });
    const fallback = () => 'rules text';
    expect(await generate(app.deps.llm, { task: 't', prompt: 'hello', fallback })).toEqual({
      text: 'echo: hello',
      method: 'model',
      model: 'fixture-chat',
      cached: false,
    });
    expect(await generate(app.deps.llm, { task: 't', prompt: 'hello', fallback })).toMatchObject({
      method: 'model',
      cached: true,
    });
    expect(fixture.count('/chat/completions')).toBe(1);
  });

  it('deps.jobs runs registered kinds with the app collaborators while the app serves', async () => {
    registerJobKinds(app.deps, [
      { kind: 'test.count-archive', handler: (deps) => async () => ({ documents: await deps.archive.count() }) },
    ]);
    await app.deps.archive.add([
      {
        id: 'n1',
        kind: 'news',
        title: 'Port strike',
        body: 'Dockers walk out',
        occurredAt: app.clock.now(),
        source: 'test',
      },
    ]);
    const { job } = await app.deps.jobs.enqueue({ kind: 'test.count-archive', accountId: 'acc-1', input: {} });
    await app.deps.jobs.idle();
    expect(await app.deps.jobs.get(job.id, 'acc-1')).toMatchObject({ state: 'done', result: { documents: 1 } });
    expect(await app.deps.jobs.get(job.id, 'acc-2')).toBeUndefined();
    expect((await app.deps.archive.search('strike')).map((h) => h.id)).toEqual(['n1']);
  });
});
