import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../src/config.js';
import { fetchLayerHttpPost, MAX_ANSWER_BYTES } from '../../../src/platform/llm/http.js';
import { UpstreamError } from '../../../src/platform/snapshots/fetch.js';

/**
 * The model provider's POST goes through the fetch layer as an operator-configured address: a
 * model server on loopback is reachable, while the layer's deadline, answer cap, refusal to follow
 * redirects and secret redaction still apply.
 */
const KEY = 'sk-llm-http-test-4b1d9e';
const config = testConfig({ LLM_API_KEY: KEY, LLM_TIMEOUT_MS: 400 });
const post = fetchLayerHttpPost(config);
const seen: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
let elsewhere = 0;
let server: http.Server;
let other: http.Server;
let base: string;
let otherBase: string;

beforeAll(async () => {
  other = http.createServer((_req, res) => {
    elsewhere++;
    res.writeHead(200).end('{}');
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  otherBase = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ url: req.url!, headers: req.headers, body });
      if (req.url === '/v1/moved')
        return void res.writeHead(307, { location: `${otherBase}/v1/chat/completions` }).end();
      if (req.url === '/v1/huge')
        return void res.writeHead(200, { 'content-length': String(MAX_ANSWER_BYTES + 1) }).flushHeaders();
      if (req.url === '/v1/trickle') {
        res.writeHead(200);
        const timer = setInterval(() => res.write(' '), 50);
        return void res.on('close', () => clearInterval(timer));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await new Promise((r) => other.close(r));
});

const signal = () => new AbortController().signal;
const failure = (p: Promise<unknown>) =>
  p.then(
    () => Promise.reject(new Error('expected a failure')),
    (e: unknown) => e as UpstreamError,
  );

describe('fetchLayerHttpPost (model provider)', () => {
  it('reaches a model server on loopback over plain http, with the JSON body and the bearer header', async () => {
    const res = await post(
      `${base}/v1/chat/completions`,
      '{"model":"m"}',
      { authorization: `Bearer ${KEY}` },
      signal(),
    );
    expect(res).toEqual({ status: 200, body: '{"ok":true}' });
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ url: '/v1/chat/completions', body: '{"model":"m"}' });
    expect(last.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Bearer ${KEY}`,
    });
    expect(last.headers['user-agent']).toMatch(/^monitoring-data-service\//);
  });

  it('reaches it by a local name too (localhost)', async () => {
    const port = (server.address() as AddressInfo).port;
    expect((await post(`http://localhost:${port}/v1/ok`, '{}', {}, signal())).status).toBe(200);
  });

  it('does not follow a redirect, so the bearer token never travels elsewhere', async () => {
    const res = await post(`${base}/v1/moved`, '{}', { authorization: `Bearer ${KEY}` }, signal());
    expect(res.status).toBe(307);
    expect(elsewhere).toBe(0);
  });

  it('fails an answer past the cap instead of reading it', async () => {
    const err = await failure(post(`${base}/v1/huge`, '{}', {}, signal()));
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err.message).toMatch(/exceeds the cap of 16777216 bytes/);
  });

  it('holds LLM_TIMEOUT_MS as a deadline on the whole exchange, even while bytes keep trickling in', async () => {
    const started = Date.now();
    const err = await failure(post(`${base}/v1/trickle`, '{}', {}, signal()));
    expect(err.code).toBe('ETIMEDOUT');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('follows the caller’s cancellation', async () => {
    const ac = new AbortController();
    const pending = failure(post(`${base}/v1/trickle`, '{}', {}, ac.signal));
    ac.abort(new Error('shutting down'));
    expect((await pending).code).toBe('ABORTED');
  });

  it('redacts configured secrets from its errors', async () => {
    const closed = `http://127.0.0.1:1/${KEY}/chat/completions`;
    const err = await failure(post(closed, '{}', {}, signal()));
    expect(err.message).not.toContain(KEY);
    expect(err.message).toContain('[redacted]');
  });
});
