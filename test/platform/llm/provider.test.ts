import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client.js';
import { testConfig } from '../../../src/config.js';
import { ManualClock } from '../../../src/platform/clock.js';
import { ModelAnswerCache } from '../../../src/platform/llm/cache.js';
import { sqliteEngine } from '../../../src/platform/stores/engine.js';
import { LlmUnavailable } from '../../../src/platform/llm/errors.js';
import { fetchLayerHttpPost } from '../../../src/platform/llm/http.js';
import {
  createLlm,
  EMBEDDINGS_PER_REQUEST,
  OpenAiCompatibleLlm,
  type LlmOptions,
} from '../../../src/platform/llm/provider.js';
import { fixtureVector, startLlmFixture, type LlmFixture } from '../../support/llm-fixture.js';

const KEY = 'sk-test-marker-7f3a9c1e5b';
let fixture: LlmFixture;
beforeAll(async () => {
  fixture = await startLlmFixture({ apiKey: KEY });
});
afterAll(() => fixture.close());
beforeEach(() => {
  fixture.mode = 'ok';
  fixture.calls.length = 0;
});

const clock = new ManualClock();
function provider(over: Partial<LlmOptions> = {}, cache = { ttlMs: 60_000, maxEntries: 100 }) {
  const db = openDatabase(':memory:');
  return new OpenAiCompatibleLlm({
    baseUrl: fixture.baseUrl,
    apiKey: KEY,
    model: 'test-chat',
    embeddingsModel: 'test-embed',
    timeoutMs: 5_000,
    httpPost: fetchLayerHttpPost(testConfig()),
    cache: new ModelAnswerCache(sqliteEngine(db), clock, cache),
    ...over,
  });
}
const ask = (content: string) => ({ messages: [{ role: 'user' as const, content }] });

async function failure(p: Promise<unknown>): Promise<LlmUnavailable> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LlmUnavailable);
  return err as LlmUnavailable;
}

describe('model provider configuration', () => {
  it('is off by default: no base URL means disabled, and calls refuse without touching the network', async () => {
    const llm = createLlm(testConfig(), {
      cache: new ModelAnswerCache(sqliteEngine(openDatabase(':memory:')), clock, { ttlMs: 60_000, maxEntries: 10 }),
      httpPost: fetchLayerHttpPost(testConfig()),
    });
    expect(llm.enabled).toBe(false);
    expect(llm.embeddingsEnabled).toBe(false);
    expect(llm.model).toBe('');
    expect((await failure(llm.complete(ask('hi')))).reason).toBe('disabled');
    expect((await failure(llm.embed(['hi']))).reason).toBe('disabled');
  });

  it('needs LLM_MODEL once LLM_BASE_URL is set, and only http(s) base URLs', async () => {
    const { loadConfig } = await import('../../../src/config.js');
    expect(() => loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:1/v1' })).toThrow(/LLM_MODEL: is required/);
    expect(() => loadConfig({ LLM_BASE_URL: 'file:///etc/passwd', LLM_MODEL: 'm' })).toThrow(/LLM_BASE_URL/);
    const c = loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:1/v1', LLM_MODEL: 'm' });
    expect(c.LLM_TIMEOUT_MS).toBe(30_000);
  });

  it('embeddings are on only with EMBEDDINGS_MODEL', () => {
    const llm = provider({ embeddingsModel: undefined });
    expect(llm.enabled).toBe(true);
    expect(llm.embeddingsEnabled).toBe(false);
  });
});

describe('chat completions', () => {
  it('POSTs model, messages, max_tokens and temperature with the bearer key, and returns the text', async () => {
    const llm = provider();
    const answer = await llm.complete({
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'port strike' },
      ],
      maxTokens: 64,
      temperature: 0.2,
    });
    expect(answer).toEqual({ text: 'echo: port strike', model: 'test-chat', cached: false });
    expect(fixture.calls).toHaveLength(1);
    const call = fixture.calls[0]!;
    expect(call.path).toBe('/chat/completions');
    expect(call.authorization).toBe(`Bearer ${KEY}`);
    expect(call.body).toEqual({
      model: 'test-chat',
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'port strike' },
      ],
      max_tokens: 64,
      temperature: 0.2,
    });
  });

  it('asks once per input: the same request is a cache hit, another input or model is not', async () => {
    const llm = provider();
    await llm.complete(ask('a'));
    const again = await llm.complete(ask('a'));
    expect(again).toEqual({ text: 'echo: a', model: 'test-chat', cached: true });
    expect(fixture.count('/chat/completions')).toBe(1);
    await llm.complete(ask('b'));
    await llm.complete({ ...ask('a'), maxTokens: 10 });
    expect(fixture.count('/chat/completions')).toBe(3);
  });

  it('the cache is bounded by age and by count', async () => {
    const llm = provider({}, { ttlMs: 1_000, maxEntries: 2 });
    await llm.complete(ask('old'));
    clock.advance(1_001);
    expect((await llm.complete(ask('old'))).cached).toBe(false);
    clock.advance(1);
    await llm.complete(ask('x'));
    clock.advance(1);
    await llm.complete(ask('y'));
    // Three entries were written since; the limit of two dropped the oldest ('old').
    expect((await llm.complete(ask('y'))).cached).toBe(true);
    expect((await llm.complete(ask('old'))).cached).toBe(false);
    expect(fixture.count('/chat/completions')).toBe(5);
  });

  it('a cache whose store fails only costs calls: every lookup is a miss, the answer still comes back', async () => {
    const down = {
      lookup: () => Promise.reject(new Error('store down')),
      store: () => Promise.reject(new Error('store down')),
    };
    const llm = provider({ cache: down });
    expect(await llm.complete(ask('z'))).toEqual({ text: 'echo: z', model: 'test-chat', cached: false });
    expect(await llm.complete(ask('z'))).toMatchObject({ cached: false });
    expect(fixture.count('/chat/completions')).toBe(2);
    expect((await llm.embed(['alpha'])).cached).toBe(false);
  });

  it('a wrong key is a 401 LlmUnavailable whose message never holds the key, even when the provider echoes it', async () => {
    const wrong = 'sk-wrong-marker-0d0d0d0d';
    const err = await failure(provider({ apiKey: wrong }).complete(ask('x')));
    expect(err.reason).toBe('http');
    expect(err.status).toBe(401);
    expect(err.message).toContain('HTTP 401');
    expect(err.message).not.toContain(wrong);
    expect(err.message).not.toContain(KEY);
    expect(String(err.stack)).not.toContain(wrong);
  });

  it('maps 500, non-JSON and malformed bodies to LlmUnavailable, and caches none of them', async () => {
    const llm = provider();
    fixture.mode = 'error';
    const e500 = await failure(llm.complete(ask('q')));
    expect([e500.reason, e500.status]).toEqual(['http', 500]);
    expect(e500.message).toMatch(/HTTP 500: The server had an error/);
    fixture.mode = 'garbage';
    expect((await failure(llm.complete(ask('q')))).message).toMatch(/malformed body: not JSON/);
    fixture.mode = 'malformed';
    expect((await failure(llm.complete(ask('q')))).reason).toBe('malformed');
    fixture.mode = 'ok';
    expect(await llm.complete(ask('q'))).toMatchObject({ text: 'echo: q', cached: false });
    expect(fixture.count('/chat/completions')).toBe(4);
  });

  it('an empty completion is malformed, not text', async () => {
    const empty = await startLlmFixture({ reply: () => '   ' });
    try {
      expect((await failure(provider({ baseUrl: empty.baseUrl }).complete(ask('q')))).message).toMatch(
        /empty completion/,
      );
    } finally {
      await empty.close();
    }
  });

  it('an answer past the cap (LLM_MAX_ANSWER_BYTES) is refused, read no further than needed, and never cached', async () => {
    // `size:N` asks the fixture for a completion of N bytes.
    const sized = await startLlmFixture({
      reply: (body) => {
        const last = String(body.messages.at(-1).content);
        return last.startsWith('size:') ? 'x'.repeat(Number(last.slice(5))) : `echo: ${last}`;
      },
    });
    try {
      const llm = provider({ baseUrl: sized.baseUrl, maxAnswerBytes: 4096 });
      // 15 MB (under the transport's 16 MiB) is aborted while being read; 5000 bytes is read and refused.
      for (const size of [15_000_000, 5_000]) {
        const err = await failure(llm.complete(ask(`size:${size}`)));
        expect(err.reason).toBe('oversize');
        expect(err.message).toMatch(/4096 bytes/);
        // Asked again: nothing was cached, the provider is called again.
        const before = sized.count('/chat/completions');
        expect((await failure(llm.complete(ask(`size:${size}`)))).reason).toBe('oversize');
        expect(sized.count('/chat/completions')).toBe(before + 1);
      }
      // At the cap the answer is served (and cached).
      expect((await llm.complete(ask('size:4096'))).text).toHaveLength(4096);
      expect((await llm.complete(ask('size:4096'))).cached).toBe(true);
      // The configured default is 64 KiB.
      const configured = createLlm(testConfig({ LLM_BASE_URL: sized.baseUrl, LLM_MODEL: 'm' }), {
        cache: new ModelAnswerCache(sqliteEngine(openDatabase(':memory:')), clock, { ttlMs: 60_000, maxEntries: 10 }),
        httpPost: fetchLayerHttpPost(testConfig()),
      });
      expect((await configured.complete(ask('size:65536'))).text).toHaveLength(65536);
      expect((await failure(configured.complete(ask('size:65537')))).reason).toBe('oversize');
    } finally {
      await sized.close();
    }
  });

  it('a provider that does not answer times out after LLM_TIMEOUT_MS', async () => {
    fixture.mode = 'hang';
    const started = performance.now();
    const err = await failure(provider({ timeoutMs: 150 }).complete(ask('slow')));
    expect(err.reason).toBe('timeout');
    expect(err.message).toBe('model provider did not answer /chat/completions within 150 ms');
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('the caller can cancel; an unreachable provider names the cause without the base URL', async () => {
    fixture.mode = 'hang';
    const ctl = new AbortController();
    const pending = provider().complete(ask('x'), { signal: ctl.signal });
    ctl.abort();
    expect((await failure(pending)).reason).toBe('aborted');
    const err = await failure(provider({ baseUrl: 'http://user:pw-secret@127.0.0.1:1/v1' }).complete(ask('x')));
    expect(err.reason).toBe('network');
    expect(err.message).toMatch(/unreachable at \/chat\/completions/);
    expect(err.message).not.toContain('pw-secret');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await failure(provider({ baseUrl: `http://127.0.0.1:${port}/v1` }).complete(ask('x')));
    expect(refused.message).toMatch(/ECONNREFUSED/);
  });
});

describe('embeddings', () => {
  it('POSTs model and input[], returns vectors in input order', async () => {
    const llm = provider();
    const out = await llm.embed(['alpha', 'beta']);
    expect(out).toEqual({
      vectors: [fixtureVector('alpha'), fixtureVector('beta')],
      model: 'test-embed',
      cached: false,
    });
    expect(fixture.calls[0]!.body).toEqual({ model: 'test-embed', input: ['alpha', 'beta'] });
  });

  it('caches per input: only inputs not seen before are sent, each once', async () => {
    const llm = provider();
    await llm.embed(['alpha']);
    const out = await llm.embed(['beta', 'alpha', 'beta']);
    expect(out.vectors).toEqual([fixtureVector('beta'), fixtureVector('alpha'), fixtureVector('beta')]);
    expect(out.cached).toBe(false);
    expect(fixture.calls[1]!.body.input).toEqual(['beta']);
    expect(await llm.embed(['alpha', 'beta'])).toMatchObject({ cached: true });
    expect(fixture.count('/embeddings')).toBe(2);
  });

  it('sends large sets in chunks of EMBEDDINGS_PER_REQUEST', async () => {
    const inputs = Array.from({ length: EMBEDDINGS_PER_REQUEST + 5 }, (_, i) => `text ${i}`);
    const out = await provider().embed(inputs);
    expect(out.vectors).toEqual(inputs.map(fixtureVector));
    expect(fixture.calls.map((c) => c.body.input.length)).toEqual([EMBEDDINGS_PER_REQUEST, 5]);
  });

  it('malformed answers and errors are LlmUnavailable', async () => {
    const llm = provider();
    fixture.mode = 'malformed';
    expect((await failure(llm.embed(['a', 'b']))).reason).toBe('malformed');
    fixture.mode = 'error';
    expect((await failure(llm.embed(['a']))).status).toBe(500);
  });
});
