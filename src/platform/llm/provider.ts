import type { Config } from '../../config.js';
import { cacheDigest, type CacheEntry, type LlmCache } from './cache.js';
import { LlmUnavailable, redactSecrets } from './errors.js';
import type { HttpPost } from './http.js';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest {
  messages: ChatMessage[];
  /** Upper bound of the answer's length in tokens (default 512). */
  maxTokens?: number;
  /** Sampling temperature (default 0: the most repeatable answer, which also suits the cache). */
  temperature?: number;
}

export interface Completion {
  text: string;
  /** The model that answered, as the provider names it. */
  model: string;
  /** True when the answer came from the cache, without a call. */
  cached: boolean;
}

export interface Embeddings {
  /** One vector per input, in input order. */
  vectors: number[][];
  model: string;
  /** True when every vector came from the cache. */
  cached: boolean;
}

export interface CallOptions {
  /** Aborts the call (a request that went away, a shutdown); the provider's own deadline still applies. */
  signal?: AbortSignal;
}

/** Model-written text and embeddings (`deps.llm`). Off unless LLM_BASE_URL is configured. */
export interface Llm {
  /** A chat model is configured: `complete` may answer. */
  readonly enabled: boolean;
  /** An embeddings model is configured: `embed` may answer. */
  readonly embeddingsEnabled: boolean;
  /** The configured chat model name ('' when off). */
  readonly model: string;
  /** One chat completion; rejects with `LlmUnavailable` (never with the key in its message). */
  complete(request: CompletionRequest, opts?: CallOptions): Promise<Completion>;
  /** Embeddings of `inputs`; cached per input, only the missing ones are sent. Rejects with `LlmUnavailable`. */
  embed(inputs: string[], opts?: CallOptions): Promise<Embeddings>;
}

export interface LlmOptions {
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  embeddingsModel?: string;
  timeoutMs: number;
  /** Largest completion text accepted, in UTF-8 bytes (LLM_MAX_ANSWER_BYTES; default DEFAULT_MAX_ANSWER_BYTES). */
  maxAnswerBytes?: number;
  httpPost: HttpPost;
  cache?: LlmCache;
}

export const DEFAULT_MAX_TOKENS = 512;
/** LLM_MAX_ANSWER_BYTES's default: far above any answer of the operations' token budgets. */
export const DEFAULT_MAX_ANSWER_BYTES = 64 * 1024;

/**
 * The most bytes of a chat completion's HTTP body read for a text cap: JSON may spell one byte of text
 * in up to 6 (`\u0001`), and the envelope (id, usage, …) is small. Past it the read is aborted.
 */
export function completionBodyCap(maxAnswerBytes: number): number {
  return maxAnswerBytes * 6 + 16 * 1024;
}
/** Inputs sent in one `/embeddings` request. */
export const EMBEDDINGS_PER_REQUEST = 128;

/** The OpenAI-compatible provider: `POST {base}/chat/completions` and `POST {base}/embeddings`. */
export class OpenAiCompatibleLlm implements Llm {
  readonly enabled: boolean;
  readonly embeddingsEnabled: boolean;
  readonly model: string;
  private readonly base: string;
  private readonly password: string | undefined;

  constructor(private readonly opts: LlmOptions) {
    this.base = (opts.baseUrl ?? '').replace(/\/+$/, '');
    this.password = this.base ? decodeURIComponent(new URL(this.base).password) || undefined : undefined;
    this.enabled = Boolean(this.base && opts.model);
    this.embeddingsEnabled = Boolean(this.base && opts.embeddingsModel);
    this.model = this.enabled ? opts.model! : '';
  }

  async complete(request: CompletionRequest, opts: CallOptions = {}): Promise<Completion> {
    if (!this.enabled) throw new LlmUnavailable('disabled', 'model provider is not configured (LLM_BASE_URL)');
    const body = {
      model: this.model,
      messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
      max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
      temperature: request.temperature ?? 0,
    };
    const digest = cacheDigest('chat', this.model, body);
    const hit = (await this.cached([digest])).get(digest);
    if (hit !== undefined) {
      const stored = JSON.parse(hit) as { text: string; model: string };
      return { text: stored.text, model: stored.model, cached: true };
    }
    const cap = this.opts.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
    const answer = await this.post('/chat/completions', body, opts.signal, completionBodyCap(cap));
    const choice = (answer as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0];
    const text = choice?.message?.content;
    if (typeof text !== 'string') throw this.malformed('/chat/completions', 'no choices[0].message.content string');
    if (!text.trim()) throw this.malformed('/chat/completions', 'empty completion');
    // Refused before the cache: an oversized answer is never stored, nor served to any caller.
    if (Buffer.byteLength(text, 'utf8') > cap) throw this.oversize('/chat/completions', cap);
    const model =
      typeof (answer as { model?: unknown }).model === 'string' ? (answer as { model: string }).model : this.model;
    await this.remember([{ digest, kind: 'chat', model: this.model, answer: JSON.stringify({ text, model }) }]);
    return { text, model, cached: false };
  }

  async embed(inputs: string[], opts: CallOptions = {}): Promise<Embeddings> {
    if (!this.embeddingsEnabled)
      throw new LlmUnavailable('disabled', 'embeddings are not configured (LLM_BASE_URL, EMBEDDINGS_MODEL)');
    const model = this.opts.embeddingsModel!;
    const digests = inputs.map((input) => cacheDigest('embedding', model, input));
    const hits = await this.cached(digests);
    const vectors: (number[] | undefined)[] = digests.map((d) => {
      const hit = hits.get(d);
      return hit === undefined ? undefined : (JSON.parse(hit) as number[]);
    });
    // Only inputs not cached are sent, each once even when repeated in `inputs`.
    const missing = [...new Set(inputs.filter((_, i) => vectors[i] === undefined))];
    if (missing.length === 0) return { vectors: vectors as number[][], model, cached: true };
    const fresh = new Map<string, number[]>();
    // Providers cap the inputs per request; larger sets go in several requests.
    for (let start = 0; start < missing.length; start += EMBEDDINGS_PER_REQUEST) {
      const chunk = missing.slice(start, start + EMBEDDINGS_PER_REQUEST);
      const entries: CacheEntry[] = [];
      for (const [input, v] of await this.embedChunk(model, chunk, opts.signal)) {
        fresh.set(input, v);
        entries.push({
          digest: cacheDigest('embedding', model, input),
          kind: 'embedding',
          model,
          answer: JSON.stringify(v),
        });
      }
      await this.remember(entries);
    }
    return { vectors: inputs.map((input, i) => vectors[i] ?? fresh.get(input)!), model, cached: false };
  }

  private async embedChunk(
    model: string,
    chunk: string[],
    signal: AbortSignal | undefined,
  ): Promise<Map<string, number[]>> {
    const answer = await this.post('/embeddings', { model, input: chunk }, signal);
    const data = (answer as { data?: unknown }).data;
    if (!Array.isArray(data) || data.length !== chunk.length)
      throw this.malformed('/embeddings', `expected ${chunk.length} embeddings in data[]`);
    const out = new Map<string, number[]>();
    data.forEach((item: { embedding?: unknown; index?: unknown }, position) => {
      const index = typeof item?.index === 'number' ? item.index : position;
      const v = item?.embedding;
      if (
        !Number.isInteger(index) ||
        index < 0 ||
        index >= chunk.length ||
        !Array.isArray(v) ||
        v.length === 0 ||
        !v.every((x) => typeof x === 'number' && Number.isFinite(x))
      ) {
        throw this.malformed('/embeddings', 'an item has no numeric embedding or a bad index');
      }
      out.set(chunk[index]!, v as number[]);
    });
    if (out.size !== chunk.length) throw this.malformed('/embeddings', 'duplicate indexes in data[]');
    return out;
  }

  /** Cached answers by digest. The cache only saves calls: when its store fails, every digest is a miss. */
  private async cached(digests: string[]): Promise<Map<string, string>> {
    if (!this.opts.cache) return new Map();
    try {
      return await this.opts.cache.lookup(digests);
    } catch {
      return new Map();
    }
  }

  /** Keeps answers for next time; a store that fails loses them, never the answer already in hand. */
  private async remember(entries: CacheEntry[]): Promise<void> {
    try {
      await this.opts.cache?.store(entries);
    } catch {
      // Asked again next time.
    }
  }

  private oversize(path: string, cap: number): LlmUnavailable {
    return new LlmUnavailable(
      'oversize',
      `model provider answered ${path} past the cap of ${cap} bytes of text (LLM_MAX_ANSWER_BYTES); refused`,
    );
  }

  private malformed(path: string, what: string): LlmUnavailable {
    return new LlmUnavailable('malformed', `model provider answered ${path} with a malformed body: ${what}`);
  }

  /** One POST with the provider deadline; every failure becomes an `LlmUnavailable` without secrets. */
  private async post(
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
    maxBytes?: number,
  ): Promise<unknown> {
    const timeout = AbortSignal.timeout(this.opts.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const headers: Record<string, string> = {};
    if (this.opts.apiKey) headers.authorization = `Bearer ${this.opts.apiKey}`;
    // The base URL may carry credentials of its own (user:password@, ?key=): it is named, never shown.
    const clean = (s: string) =>
      redactSecrets(s.split(this.base).join('<LLM_BASE_URL>'), [this.opts.apiKey, this.password]).slice(0, 300);
    let res;
    try {
      res = await this.opts.httpPost(this.base + path, JSON.stringify(body), headers, combined, maxBytes);
    } catch (err) {
      if ((err as { code?: unknown }).code === 'E2BIG' && maxBytes !== undefined)
        throw this.oversize(path, this.opts.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES);
      if (timeout.aborted)
        throw new LlmUnavailable('timeout', `model provider did not answer ${path} within ${this.opts.timeoutMs} ms`);
      if (signal?.aborted) throw new LlmUnavailable('aborted', `call to ${path} was cancelled`);
      const e = err as Error & { cause?: { code?: string; message?: string } };
      const cause = e.cause?.code ?? e.cause?.message;
      throw new LlmUnavailable(
        'network',
        clean(`model provider unreachable at ${path}: ${e.message}${cause ? ` (${cause})` : ''}`),
      );
    }
    if (res.status < 200 || res.status >= 300) {
      throw new LlmUnavailable(
        'http',
        clean(`model provider answered ${path} with HTTP ${res.status}${providerMessage(res.body)}`),
        res.status,
      );
    }
    try {
      return JSON.parse(res.body) as unknown;
    } catch {
      throw this.malformed(path, 'not JSON');
    }
  }
}

/** The provider's own error text (`{"error":{"message":...}}`), short, when there is one. */
function providerMessage(body: string): string {
  try {
    const m = (JSON.parse(body) as { error?: { message?: unknown } | string })?.error;
    const text = typeof m === 'string' ? m : typeof m?.message === 'string' ? m.message : undefined;
    return text ? `: ${text.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}

/** Builds `deps.llm` from the configuration, with the answer cache of the service's store (SQLite or PostgreSQL). */
export function createLlm(config: Config, deps: { cache: LlmCache; httpPost: HttpPost }): Llm {
  return new OpenAiCompatibleLlm({
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL,
    embeddingsModel: config.EMBEDDINGS_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxAnswerBytes: config.LLM_MAX_ANSWER_BYTES,
    httpPost: deps.httpPost,
    cache: deps.cache,
  });
}
