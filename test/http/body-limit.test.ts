import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';
import { DISCARD_BYTES, MAX_BODY_BYTES } from '../../src/http/body.js';

/**
 * One body limit for every entry point that takes a body: the REST lane, /trpc (single and batched
 * calls), the session and platform routes. Counted while reading, checked against Content-Length
 * before reading, answered with the REST lane's 413 JSON, and never a stall of the server.
 */

const OPERATOR = 'op-body-limit-key-0123456789';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [earthquakesDataset], config: { OPERATOR_KEYS: OPERATOR } });
});
afterAll(() => app.close());

const TWO_MB = 2 * 1024 * 1024;
/** Not JSON at all: a route that parsed it would answer 400, so a 413 shows nothing parsed it. */
const notJson = (bytes: number) => `{"operations":[${'x'.repeat(bytes - 16)}`;

/** A body of `bytes` bytes sent in 64 KiB chunks, without Content-Length (chunked). */
function chunked(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (sent >= bytes) return c.close();
      c.enqueue(chunk);
      sent += chunk.length;
    },
  });
}

const ENTRY_POINTS: [string, string, Record<string, string>][] = [
  ['the REST lane (batch)', '/api/batch/v1/execute', {}],
  ['a /trpc call', '/trpc/batch.execute', {}],
  ['a batched /trpc call (httpBatchLink style)', '/trpc/batch.execute,batch.execute?batch=1', {}],
  ['the session route', '/api/session', {}],
  ['the cache purge route', '/api/cache-purge', { 'x-service-key': OPERATOR }],
  ['a route that takes no body', '/api/health', {}],
  ['no route at all', '/no/such/route', {}],
];

async function healthy(): Promise<void> {
  const started = Date.now();
  const res = await app.get('/healthz');
  expect(res.status).toBe(200);
  expect(Date.now() - started).toBeLessThan(2_000);
}

function expect413(res: { status: number; headers: Headers; body: any; text: string }): void {
  expect(res.status, res.text).toBe(413);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.body).toEqual({ error: `request body exceeds ${MAX_BODY_BYTES} bytes` });
}

describe('a 2 MB body is a 413 before parsing, at every entry point', () => {
  it.each(ENTRY_POINTS)('%s, with Content-Length', async (_what, path, headers) => {
    const res = await app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: notJson(TWO_MB),
    });
    expect413(res);
    await healthy();
  });

  it.each(ENTRY_POINTS)('%s, chunked (no Content-Length)', async (_what, path, headers) => {
    const res = await app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: chunked(TWO_MB),
      duplex: 'half',
    } as RequestInit);
    expect413(res);
    await healthy();
  });

  it('accepts a body at the limit on /trpc, on the REST lane and on a kept-alive connection after a refusal', async () => {
    const ops = { operations: [{ id: 'a', path: '/api/seismology/v1/list-earthquakes?page_size=1' }] };
    const padded = JSON.stringify({ ...ops, pad: '' });
    const atLimit = padded.replace('"pad":""', `"pad":"${'x'.repeat(MAX_BODY_BYTES - padded.length)}"`);
    expect(Buffer.byteLength(atLimit)).toBe(MAX_BODY_BYTES);
    // The REST batch refuses unknown members; the tRPC input strips them. Both read the whole body.
    const rest = await app.request('/api/batch/v1/execute', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: atLimit,
    });
    expect(rest.status).not.toBe(413);
    const trpc = await app.request('/trpc/batch.execute', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: atLimit,
    });
    expect(trpc.status, trpc.text).toBe(200);
    expect(trpc.body.result.data.results[0].status).toBe(200);
    const over = await app.request('/trpc/batch.execute', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: atLimit + ' ',
    });
    expect413(over);
    const batched = await app.request('/trpc/batch.execute,batch.execute?batch=1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 0: ops, 1: ops }),
    });
    expect(batched.status, batched.text).toBe(200);
    expect(batched.body.map((r: any) => r.result.data.results[0].status)).toEqual([200, 200]);
  });

  it('passes a small chunked body to /trpc unchanged', async () => {
    const body = JSON.stringify({ operations: [{ id: 'a', path: '/api/seismology/v1/list-earthquakes?page_size=2' }] });
    const res = await app.request('/trpc/batch.execute', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([body]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.data.results[0].body.earthquakes).toHaveLength(2);
  });
});

/** Sends headers (and optionally part of a body) and resolves with the answer while the body is unfinished. */
function answerBeforeBodyEnds(
  path: string,
  opts: { contentLength?: number; send?: number },
): Promise<{ status: number; text: string; closeRequest: () => void }> {
  const url = new URL(app.baseUrl + path);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...app.defaultHeaders,
          ...(opts.contentLength !== undefined ? { 'content-length': String(opts.contentLength) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, text, closeRequest: () => req.destroy() }));
      },
    );
    // The server may close the connection once it has answered: that is not this test's failure.
    req.on('error', (e) => (e.message.includes('socket hang up') ? undefined : reject(e)));
    req.flushHeaders();
    if (opts.send) req.write(Buffer.alloc(opts.send, 0x20));
    // The request is never ended: the answer must come while the body is still owed.
  });
}

describe('enforced while reading', () => {
  it.each(['/trpc/batch.execute', '/api/batch/v1/execute', '/api/session'])(
    '%s: a declared Content-Length over the limit is refused before a byte is sent',
    async (path) => {
      const { status, text, closeRequest } = await answerBeforeBodyEnds(path, { contentLength: TWO_MB });
      closeRequest();
      expect(status).toBe(413);
      expect(JSON.parse(text)).toEqual({ error: `request body exceeds ${MAX_BODY_BYTES} bytes` });
    },
  );

  it.each(['/trpc/batch.execute', '/api/batch/v1/execute', '/api/session'])(
    '%s: a chunked body is refused as soon as it passes the limit, not when it ends',
    async (path) => {
      const { status, closeRequest } = await answerBeforeBodyEnds(path, { send: MAX_BODY_BYTES + 1024 });
      closeRequest();
      expect(status).toBe(413);
    },
  );

  it('keeps answering while several oversized bodies stream in at once', async () => {
    const big = 6 * DISCARD_BYTES;
    const uploads = Array.from({ length: 6 }, (_, i) =>
      fetch(`${app.baseUrl}${i % 2 ? '/trpc/batch.execute' : '/api/batch/v1/execute'}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...app.defaultHeaders },
        body: chunked(big),
        duplex: 'half',
      } as RequestInit).then(
        async (r) => r.status,
        // Past the discard allowance the server closes the connection; the answer may be lost with it.
        () => 'closed',
      ),
    );
    await healthy();
    const before = process.memoryUsage().rss;
    const outcomes = await Promise.all(uploads);
    for (const o of outcomes) expect([413, 'closed']).toContain(o);
    expect(outcomes).toContain(413);
    // Nothing of the 6 x 24 MB was kept.
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
    await healthy();
  });
});
