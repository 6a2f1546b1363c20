import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/cli/serve.js';
import { checkConformance } from '../support/conformance.js';

/**
 * What arrives on the socket before express: oversized and smuggled headers, control characters,
 * slow clients. Served by the production server (`startServer`, as `mds serve` runs it) with short
 * header and request timeouts, on loopback. Every exchange is bounded in time.
 */

const OPERATOR = 'operator-key-for-wire-tests-01';
const QUAKES = '/api/seismology/v1/list-earthquakes';
const HEADERS_TIMEOUT = 600;
const REQUEST_TIMEOUT = 1200;

let server: RunningServer;
const sink = () => new Writable({ write: (_c, _e, cb) => cb() });

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mds-wire-'));
  server = await startServer(
    testConfig({
      DATABASE_PATH: path.join(dir, 'wire.db'),
      PORT: 0,
      HOST: '127.0.0.1',
      LOAD_SAMPLES: 'never',
      DEV_KEY: 'never',
      OPERATOR_KEYS: OPERATOR,
      HTTP_HEADERS_TIMEOUT_MS: HEADERS_TIMEOUT,
      HTTP_REQUEST_TIMEOUT_MS: REQUEST_TIMEOUT,
      SHUTDOWN_GRACE_MS: 1000,
    }),
    sink(),
  );
});
afterAll(async () => {
  await server?.shutdown('test over');
});

interface RawAnswer {
  status: number;
  head: string;
  body: string;
  /** Milliseconds from connect to close. */
  ms: number;
}

/** Sends bytes as given (in timed parts if asked) and reads until the server closes or `limitMs` passes. */
function exchange(parts: (string | { waitMs: number })[], limitMs = 5000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(server.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let stopped = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within ${limitMs} ms; got ${Buffer.concat(chunks).toString().slice(0, 200)}`));
    }, limitMs);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      stopped = true;
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const [head, ...rest] = text.split('\r\n\r\n');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(head);
      resolve({ status: m ? Number(m[1]) : 0, head, body: rest.join('\r\n\r\n'), ms: Date.now() - started });
    });
    socket.once('connect', async () => {
      for (const p of parts) {
        if (stopped) return;
        if (typeof p === 'string') socket.write(Buffer.from(p, 'latin1'));
        else await new Promise((r) => setTimeout(r, p.waitMs));
      }
    });
  });
}

const request = (lines: string[], body = '') => [`${lines.join('\r\n')}\r\n\r\n${body}`];
const get = (target: string, extra: string[] = []) =>
  request([`GET ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...extra]);

function headerOf(head: string, name: string): string | undefined {
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

describe('headers on the wire', () => {
  it('serves a well-formed request (the baseline for the refusals below)', async () => {
    const res = await exchange(get(QUAKES, [`X-Service-Key: ${OPERATOR}`]));
    expect(res.status).toBe(200);
  });

  it('refuses a 20 KB header with 431 and no body', async () => {
    const res = await exchange(get(QUAKES, [`X-Service-Key: ${OPERATOR}`, `X-Padding: ${'a'.repeat(20 * 1024)}`]));
    expect(res.status).toBe(431);
    expect(
      checkConformance({ method: 'GET', url: QUAKES, status: res.status, headers: {}, text: res.body }).problems,
    ).toEqual([]);
  });

  it('refuses Content-Length together with Transfer-Encoding (request smuggling) with 400', async () => {
    const res = await exchange(
      request(
        [
          'POST /api/batch/v1/execute HTTP/1.1',
          'Host: 127.0.0.1',
          `X-Service-Key: ${OPERATOR}`,
          'Content-Type: application/json',
          'Content-Length: 4',
          'Transfer-Encoding: chunked',
        ],
        '0\r\n\r\nGET /api/version HTTP/1.1\r\nHost: x\r\n\r\n',
      ),
    );
    expect(res.status).toBe(400);
    // The smuggled second request was never answered.
    expect(res.body).not.toMatch(/HTTP\/1\.1/);
  });

  it('refuses two different Content-Length headers and a malformed chunk size with 400', async () => {
    const twoLengths = await exchange(
      request(
        [
          'POST /api/batch/v1/execute HTTP/1.1',
          'Host: 127.0.0.1',
          'Content-Type: application/json',
          'Content-Length: 2',
          'Content-Length: 3',
        ],
        '{}',
      ),
    );
    expect(twoLengths.status).toBe(400);
    const badChunk = await exchange(
      request(
        [
          'POST /api/batch/v1/execute HTTP/1.1',
          'Host: 127.0.0.1',
          `X-Service-Key: ${OPERATOR}`,
          'Content-Type: application/json',
          'Transfer-Encoding: chunked',
        ],
        'zz\r\n{}\r\n0\r\n\r\n',
      ),
    );
    expect(badChunk.status).toBe(400);
  });

  it('refuses a control character inside the key header with 400 from the parser', async () => {
    const res = await exchange(get(QUAKES, [`X-Service-Key: ${OPERATOR.slice(0, 5)}\x01${OPERATOR.slice(5)}`]));
    expect(res.status).toBe(400);
  });

  it('trims whitespace around the key but refuses whitespace inside it', async () => {
    const outer = await exchange(get(QUAKES, [`X-Service-Key:    ${OPERATOR}   `]));
    expect(outer.status).toBe(200);
    const inner = await exchange(get(QUAKES, [`X-Service-Key: ${OPERATOR.slice(0, 8)} ${OPERATOR.slice(8)}`]));
    expect(inner.status).toBe(401);
    const tab = await exchange(get(QUAKES, [`X-Service-Key: ${OPERATOR.slice(0, 8)}\t${OPERATOR.slice(8)}`]));
    expect(tab.status).toBe(401);
  });

  it('replaces a bad X-Request-Id (over-long, non-ASCII, with separators) with a generated one', async () => {
    for (const bad of ['x'.repeat(5000), 'caf\xe9', 'a,b', 'id with spaces']) {
      const res = await exchange(get('/healthz', [`X-Request-Id: ${bad}`]));
      expect(res.status).toBe(200);
      expect(headerOf(res.head, 'x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('slow clients', () => {
  it('cuts off a client that trickles its headers, while other clients are served at once', async () => {
    const trickle: (string | { waitMs: number })[] = ['GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n'];
    for (let i = 0; i < 40; i++) trickle.push({ waitMs: 100 }, `X-Slow-${i}: 1\r\n`);
    const slow = exchange(trickle, 5000);
    const others: number[] = [];
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const started = Date.now();
      const ok = await exchange(get('/healthz'));
      expect(ok.status).toBe(200);
      others.push(Date.now() - started);
    }
    const res = await slow;
    // Closed after about the headers timeout (plus one check interval), long before the trickle would end.
    expect(res.ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT - 50);
    expect(res.ms).toBeLessThan(HEADERS_TIMEOUT + 1500);
    expect([0, 408]).toContain(res.status);
    expect(Math.max(...others)).toBeLessThan(500);
  });

  it('answers 408 to a client that sends its headers but never finishes the body', async () => {
    const res = await exchange(
      [
        [
          'POST /api/batch/v1/execute HTTP/1.1',
          'Host: 127.0.0.1',
          `X-Service-Key: ${OPERATOR}`,
          'Content-Type: application/json',
          'Content-Length: 100',
          '',
          '{"operations":',
        ].join('\r\n'),
        { waitMs: 4000 },
      ],
      5000,
    );
    expect(res.ms).toBeLessThan(REQUEST_TIMEOUT + 1500);
    expect([0, 408]).toContain(res.status);
  });
});
