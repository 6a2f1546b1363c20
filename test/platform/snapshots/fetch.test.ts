import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, type Config } from '../../../src/config.js';
import { fetchUrl, parseRetryAfter, UpstreamError, USER_AGENT } from '../../../src/platform/snapshots/fetch.js';
import {
  isForbiddenAddress,
  redirectRefusal,
  registrableDomain,
  sameHostFamily,
} from '../../../src/platform/snapshots/redirects.js';
import { VERSION } from '../../../src/version.js';
import { drip, startUpstream, streamHuge, type Upstream } from '../../support/upstream.js';

/**
 * The one fetch layer every source and live lookup uses, against a local upstream playing each
 * misbehaviour. Addresses name a public host; UPSTREAM_BASE_OVERRIDE sends them to the local server.
 */

let up: Upstream;
let other: Upstream;
beforeAll(async () => {
  up = await startUpstream();
  other = await startUpstream();
});
afterAll(async () => {
  await up.close();
  await other.close();
});

/** 300 MB of filler, streamed without a length, generated lazily. */
const HUGE_SERVER = `
const http = require('node:http');
const chunk = Buffer.alloc(64 * 1024, 0x20);
const server = http.createServer((req, res) => {
  let sent = 0;
  res.on('error', () => {});
  const pump = () => { while (sent < 300 * 1024 * 1024) { sent += chunk.length; if (!res.write(chunk)) return void res.once('drain', pump); } res.end(); };
  pump();
});
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

const cfg = (o: Partial<Config> = {}) =>
  testConfig({ UPSTREAM_BASE_OVERRIDE: up.origin, UPSTREAM_RETRY_BASE_MS: 10, UPSTREAM_TIMEOUT_MS: 2000, ...o });
const get = (path: string, o: Partial<Config> = {}, opts = {}) =>
  fetchUrl(`https://api.upstream.example${path}`, cfg(o), opts);
async function failure(p: Promise<unknown>): Promise<UpstreamError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(UpstreamError);
    return err as UpstreamError;
  }
  throw new Error('expected the fetch to fail');
}

describe('requests', () => {
  it('names the service and its version in the User-Agent and returns the body', async () => {
    up.play((_q, res) => res.end('[1,2,3]'));
    expect((await get('/rows')).toString()).toBe('[1,2,3]');
    expect(up.seen[0].headers['user-agent']).toBe(USER_AGENT);
    expect(USER_AGENT).toContain(`monitoring-data-service/${VERSION}`);
  });

  it("hands garbage back as bytes: judging them is the parser's job", async () => {
    up.play((_q, res) => res.end('<html>maintenance</html>'));
    expect((await get('/garbage')).toString()).toContain('maintenance');
  });
});

describe('deadlines', () => {
  it('a hanging upstream times out per request, saying after how long', async () => {
    up.play(() => undefined);
    const err = await failure(get('/hang', { UPSTREAM_TIMEOUT_MS: 200, UPSTREAM_RETRIES: 0 }));
    expect(err.message).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/hang: timed out after 200 ms/);
  });

  it('a dripping upstream (headers fast, body never ends) is cut by the same deadline', async () => {
    up.play((_q, res) => drip(res, 20));
    const started = Date.now();
    const err = await failure(get('/drip', { UPSTREAM_TIMEOUT_MS: 300, UPSTREAM_RETRIES: 0 }));
    expect(err.message).toMatch(/timed out after 300 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('no retry starts past the overall deadline', async () => {
    up.play((_q, res) => res.writeHead(503).end());
    const err = await failure(
      get('/down', { UPSTREAM_RETRY_BASE_MS: 5000, UPSTREAM_RETRIES: 3 }, { deadline: Date.now() + 500 }),
    );
    expect(err.message).toMatch(/HTTP 503 \(no time left for attempt 2 before the dataset deadline\)/);
    expect(up.seen).toHaveLength(1);
  });
});

describe('byte cap', () => {
  it('refuses a 300 MB streamed answer past UPSTREAM_MAX_BYTES (default) with RSS growing by about the cap, not the answer', async () => {
    // The huge upstream runs in its own process, so only the fetching side is measured.
    const child = spawn(process.execPath, ['-e', HUGE_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const port = await new Promise<number>((resolve) =>
        child.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))),
      );
      const config = testConfig({ UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${port}`, UPSTREAM_RETRIES: 0 });
      const cap = config.UPSTREAM_MAX_BYTES;
      expect(cap).toBe(50 * 1024 * 1024);
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
      const err = await failure(fetchUrl('https://api.upstream.example/huge', config));
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      expect(err.message).toMatch(/exceeds the cap of 52428800 bytes \(UPSTREAM_MAX_BYTES\); aborted/);
      // What is kept is the cap at most; the streaming machinery adds short-lived garbage on top
      // (measured 20-35 MB), where reading the whole answer would have cost 300 MB and more.
      expect(peak - before).toBeLessThan(cap + 48 * 1024 * 1024);
    } finally {
      child.kill();
    }
  });

  it('refuses at once an answer whose declared length is past the cap', async () => {
    up.play((_q, res) => streamHuge(res, 300 * 1024 * 1024, true));
    const err = await failure(get('/huge-declared', { UPSTREAM_MAX_BYTES: 1024 * 1024 }));
    expect(err.message).toMatch(/response of 314572800 bytes or more exceeds the cap of 1048576 bytes/);
  });

  it('accepts an answer right at the cap', async () => {
    up.play((_q, res) => res.end(Buffer.alloc(4096, 0x31)));
    expect(await get('/exact', { UPSTREAM_MAX_BYTES: 4096 })).toHaveLength(4096);
  });
});

describe('retries', () => {
  it('503 then 200: retried with backoff, succeeds', async () => {
    up.play((_q, res, _u, n) => (n === 0 ? res.writeHead(503).end() : res.end('ok')));
    expect((await get('/flaky')).toString()).toBe('ok');
    expect(up.seen).toHaveLength(2);
  });

  it('429 with Retry-After: waits as told, then succeeds', async () => {
    up.play((_q, res, _u, n) => (n === 0 ? res.writeHead(429, { 'retry-after': '1' }).end() : res.end('ok')));
    const started = Date.now();
    expect((await get('/busy')).toString()).toBe('ok');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('a Retry-After past the cap is not waited for', async () => {
    up.play((_q, res) => res.writeHead(429, { 'retry-after': '3600' }).end());
    const err = await failure(get('/busy-long'));
    expect(err.message).toMatch(/HTTP 429 \(Retry-After of 3600 s is too long to wait\)/);
    expect(err.status).toBe(429);
    expect(up.seen).toHaveLength(1);
  });

  it('a connection reset is retried, and reported with its code when it persists', async () => {
    up.play((req) => req.socket.destroy());
    const err = await failure(get('/reset', { UPSTREAM_RETRIES: 2 }));
    expect(up.seen).toHaveLength(3);
    expect(err.code).toMatch(/ECONNRESET|UND_ERR_SOCKET/);
    expect((err.cause as { code?: string }).code).toBe(err.code);
    expect(err.message).toContain(err.code!);
  });

  it('a 404 is not retried and says its status', async () => {
    up.play((_q, res) => res.writeHead(404).end());
    const err = await failure(get('/missing'));
    expect(err).toMatchObject({ status: 404 });
    expect(err.message).toMatch(/: HTTP 404$/);
    expect(up.seen).toHaveLength(1);
  });

  it('a name that does not resolve says ENOTFOUND (no retry)', async () => {
    const err = await failure(fetchUrl('http://upstream.invalid/x', testConfig({ UPSTREAM_RETRY_BASE_MS: 10 })));
    expect(err.code).toBe('ENOTFOUND');
    expect((err.cause as { code?: string }).code).toBe('ENOTFOUND');
    expect(err.message).toMatch(/GET http:\/\/upstream\.invalid\/x: fetch failed \(ENOTFOUND/);
  });

  it.each([
    ['120', 120_000],
    ['Wed, 21 Oct 2015 07:28:00 GMT', 0],
    ['soon', undefined],
    [null, undefined],
  ])('Retry-After %j -> %j ms', (value, ms) => {
    expect(parseRetryAfter(value, Date.UTC(2016, 0, 1))).toBe(ms);
  });
});

describe('redirects', () => {
  it('follows a same-origin redirect, keeping the source headers', async () => {
    up.play((_q, res, url) =>
      url.pathname === '/old' ? res.writeHead(302, { location: '/new' }).end() : res.end('moved here'),
    );
    expect((await get('/old', {}, { headers: { authorization: 'Bearer t0k3n' } })).toString()).toBe('moved here');
    expect(up.seen.map((s) => [s.path, s.headers.authorization])).toEqual([
      ['/old', 'Bearer t0k3n'],
      ['/new', 'Bearer t0k3n'],
    ]);
  });

  it.each([
    ['another host', 'http://elsewhere.example/x', /redirect to another host \(elsewhere\.example\) refused/],
    ['a private address', 'http://10.0.0.7/x', /redirect to another host \(10\.0\.0\.7\) refused/],
    [
      'the cloud metadata address',
      'http://169.254.169.254/latest/meta-data/',
      /redirect to another host \(169\.254\.169\.254\) refused/,
    ],
    ['a non-http scheme', 'file:///etc/passwd', /redirect to a file: address refused/],
  ])('refuses a redirect to %s', async (_l, location, message) => {
    up.play((_q, res) => res.writeHead(302, { location }).end());
    const err = await failure(get('/away'));
    expect(err.message).toMatch(message);
    expect(up.seen).toHaveLength(1);
  });

  it('refuses loopback even on the configured host: only the configured origin itself is trusted', async () => {
    // Same host, other port: the host family matches, so the address check is what refuses it.
    up.play((_q, res) => res.writeHead(307, { location: `http://127.0.0.1:${other.port}/inside` }).end());
    other.play((_q, res) => res.end('internal'));
    const err = await failure(get('/to-loopback'));
    expect(err.message).toMatch(
      /redirect to a loopback, private or link-local address \(127\.0\.0\.1:\d+ -> 127\.0\.0\.1\) refused/,
    );
    expect(other.seen).toHaveLength(0);
  });

  it('refuses a same-family host whose name resolves to a private address (DNS checked, not only literals)', async () => {
    up.play((_q, res) => res.writeHead(302, { location: 'http://cdn.localhost/x' }).end());
    const err = await failure(
      fetchUrl(`http://localhost:${up.port}/start`, testConfig(), { lookup: async () => ['10.1.2.3'] }),
    );
    expect(err.message).toMatch(/another host|10\.1\.2\.3/);
    const origin = new URL('https://api.example.org/feed');
    expect(await redirectRefusal(origin, new URL('https://cdn.example.org/feed'), async () => ['10.1.2.3'])).toMatch(
      /\(cdn\.example\.org -> 10\.1\.2\.3\) refused/,
    );
    expect(
      await redirectRefusal(origin, new URL('https://cdn.example.org/feed'), async () => ['::ffff:127.0.0.1']),
    ).toMatch(/refused/);
    expect(await redirectRefusal(origin, new URL('https://cdn.example.org/feed'), async () => ['fe80::1'])).toMatch(
      /refused/,
    );
    expect(
      await redirectRefusal(origin, new URL('https://cdn.example.org/feed'), async () => ['93.184.215.14']),
    ).toBeUndefined();
    expect(
      await redirectRefusal(origin, new URL('http://api.example.org/feed'), async () => ['93.184.215.14']),
    ).toMatch(/https to http/);
  });

  it('drops every credential header on a cross-host hop', async () => {
    up.play((_q, res) => res.writeHead(302, { location: `http://localhost:${other.port}/landing` }).end());
    other.play((_q, res) => res.end('landed'));
    const headers = { authorization: 'Bearer t0k3n', cookie: 'session=abc', 'x-ucdp-access-token': 'u-t0k3n' };
    // Test-only: both servers are local, so the address check is relaxed; the host-family rule still applies.
    const body = await fetchUrl(`http://localhost:${up.port}/start`, testConfig(), {
      headers,
      lookup: async () => ['127.0.0.1'],
      forbiddenAddress: () => false,
    });
    expect(body.toString()).toBe('landed');
    expect(up.seen[0].headers['x-ucdp-access-token']).toBe('u-t0k3n');
    const landed = other.seen[0].headers;
    expect([landed.authorization, landed.cookie, landed['x-ucdp-access-token']]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(landed['user-agent']).toBe(USER_AGENT);
  });

  it('gives up after 5 hops', async () => {
    up.play((_q, res, _u, n) => res.writeHead(302, { location: `/loop?n=${n + 1}` }).end());
    const err = await failure(get('/loop'));
    expect(err.message).toMatch(/more than 5 redirects/);
    expect(up.seen).toHaveLength(6);
  });
});

describe('host family and address rules', () => {
  it.each([
    ['api.acleddata.com', 'acleddata.com', true],
    ['api.acleddata.com', 'cdn.acleddata.com', true],
    ['www.bbc.co.uk', 'feeds.bbc.co.uk', true],
    ['a.co.uk', 'b.co.uk', false],
    ['api.acleddata.com', 'acleddata.com.evil.net', false],
    ['127.0.0.1', '127.0.0.2', false],
    ['example.org', 'example.org', true],
  ])('%s -> %s same family: %s', (a, b, same) => {
    expect(sameHostFamily(a, b)).toBe(same);
  });

  it('registrable domain', () => {
    expect(registrableDomain('a.b.example.org')).toBe('example.org');
    expect(registrableDomain('www.abc.net.au')).toBe('abc.net.au');
  });

  it.each([
    ['127.0.0.1', true],
    ['10.20.30.40', true],
    ['172.16.0.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:10.0.0.1', true],
    ['8.8.8.8', false],
    ['172.32.0.1', false],
    ['2606:4700::1111', false],
  ])('%s forbidden: %s', (address, forbidden) => {
    expect(isForbiddenAddress(address)).toBe(forbidden);
  });
});
