import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fixture answers the next calls. */
export type LlmFixtureMode =
  | 'ok'
  /** 500 with an OpenAI-style error body. */
  | 'error'
  /** 200 with a body that is not JSON. */
  | 'garbage'
  /** 200 JSON without the expected fields. */
  | 'malformed'
  /** Accepts the request and never answers (until closed). */
  | 'hang';

export interface RecordedCall {
  path: string;
  authorization: string | undefined;
  body: any;
}

export interface LlmFixture {
  /** The API root to configure as LLM_BASE_URL (`http://127.0.0.1:PORT/v1`). */
  baseUrl: string;
  /** Every request received, in order. */
  calls: RecordedCall[];
  /** Number of calls per path (`/chat/completions`, `/embeddings`). */
  count(path: '/chat/completions' | '/embeddings'): number;
  mode: LlmFixtureMode;
  close(): Promise<void>;
}

export interface LlmFixtureOptions {
  /** When set, any other bearer token gets 401 with a body that echoes the token it received (as some providers do). */
  apiKey?: string;
  /** The completion text for a request (default: `echo: <last user message>`). */
  reply?: (body: any) => string;
}

/** A deterministic 4-dimensional vector per text: same text, same vector. */
export function fixtureVector(text: string): number[] {
  const v = [0, 0, 0, 0];
  for (let i = 0; i < text.length; i++) v[i % 4]! += text.charCodeAt(i) / 1000;
  return v.map((x) => Math.round(x * 1e6) / 1e6);
}

/**
 * A local server speaking the OpenAI-compatible protocol (`POST /v1/chat/completions`, `POST /v1/embeddings`)
 * for tests: deterministic answers, recorded calls, and switchable failures.
 */
export async function startLlmFixture(opts: LlmFixtureOptions = {}): Promise<LlmFixture> {
  const calls: RecordedCall[] = [];
  const hanging = new Set<ServerResponse>();
  const fixture: LlmFixture = {
    baseUrl: '',
    calls,
    count: (path) => calls.filter((c) => c.path === path).length,
    mode: 'ok',
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const path = (req.url ?? '').replace(/^\/v1/, '');
    let body: any;
    try {
      body = JSON.parse(raw);
    } catch {
      return json(res, 400, { error: { message: 'request body is not JSON' } });
    }
    calls.push({ path, authorization: req.headers.authorization, body });
    if (req.method !== 'POST' || (path !== '/chat/completions' && path !== '/embeddings'))
      return json(res, 404, { error: { message: 'not found' } });
    if (opts.apiKey !== undefined && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      const got = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      return json(res, 401, {
        error: { message: `Incorrect API key provided: ${got}`, type: 'invalid_request_error' },
      });
    }
    switch (fixture.mode) {
      case 'error':
        return json(res, 500, { error: { message: 'The server had an error while processing your request' } });
      case 'garbage':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('<html>upstream proxy error</html>');
      case 'malformed':
        return json(res, 200, { object: 'list', choices: [], data: [{ nothing: true }] });
      case 'hang':
        hanging.add(res);
        return;
      case 'ok':
        break;
    }
    if (path === '/embeddings') {
      const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input];
      return json(res, 200, {
        object: 'list',
        model: body.model,
        data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: fixtureVector(text) })),
      });
    }
    const lastUser = [...(body.messages ?? [])].reverse().find((m: any) => m.role === 'user');
    const text = opts.reply ? opts.reply(body) : `echo: ${lastUser?.content ?? ''}`;
    return json(res, 200, {
      id: `chatcmpl-${calls.length}`,
      object: 'chat.completion',
      model: body.model,
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: text } }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => handle(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fixture.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fixture;
}
