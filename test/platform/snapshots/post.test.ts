import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../src/config.js';
import { postUrl, UpstreamError } from '../../../src/platform/snapshots/fetch.js';

/**
 * The fetch layer's POST for user-chosen addresses (webhook deliveries): targets checked after DNS,
 * the connection pinned to the checked address, answers capped, no redirects followed.
 */
const seen: { host?: string; body: string; headers: http.IncomingHttpHeaders }[] = [];
let server: http.Server;
let port: number;
const config = testConfig({ UPSTREAM_TIMEOUT_MS: 300 });
const loopbackOk = { allowHttp: true, forbiddenAddress: () => false };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ host: req.headers.host, body, headers: req.headers });
      if (req.url === '/big') return void res.writeHead(200).end('x'.repeat(10_000));
      if (req.url === '/moved') return void res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
      if (req.url === '/slow') return void setTimeout(() => res.writeHead(200).end('late'), 1_000);
      if (req.url === '/trickle') {
        res.writeHead(200);
        const timer = setInterval(() => res.write('.'), 50);
        return void res.on('close', () => clearInterval(timer));
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise((r) => server.close(r));
});

const failure = (p: Promise<unknown>) =>
  p.then(
    () => Promise.reject(new Error('expected a failure')),
    (e: unknown) => e as UpstreamError,
  );

describe('postUrl', () => {
  it('refuses a name resolving to a private address before sending anything', async () => {
    const before = seen.length;
    const err = await failure(
      postUrl('https://hooks.example.test/in', '{}', config, { lookup: async () => ['10.0.0.7'] }),
    );
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err.code).toBe('EREFUSED');
    expect(err.message).toMatch(/10\.0\.0\.7/);
    expect(seen.length).toBe(before);
  });

  it('refuses plain http and loopback literals by default', async () => {
    expect((await failure(postUrl(`http://127.0.0.1:${port}/`, '{}', config))).message).toMatch(/only https/);
    expect((await failure(postUrl(`https://127.0.0.1:${port}/`, '{}', config))).message).toMatch(
      /loopback, private or link-local/,
    );
  });

  it('connects to the address it checked, whatever the name, and sends the body and headers', async () => {
    const res = await postUrl(`http://hooks.example.test:${port}/in`, '{"a":1}', config, {
      ...loopbackOk,
      lookup: async () => ['127.0.0.1'],
      headers: { 'x-test': 'yes' },
    });
    expect(res.status).toBe(204);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ host: `hooks.example.test:${port}`, body: '{"a":1}' });
    expect(last.headers['content-type']).toBe('application/json');
    expect(last.headers['x-test']).toBe('yes');
  });

  it('caps the answer it keeps and does not follow redirects', async () => {
    const big = await postUrl(`http://127.0.0.1:${port}/big`, '{}', config, { ...loopbackOk, maxResponseBytes: 100 });
    expect(big.body.length).toBe(100);
    const moved = await postUrl(`http://127.0.0.1:${port}/moved`, '{}', config, loopbackOk);
    expect(moved.status).toBe(302);
  });

  it('gives up at the deadline', async () => {
    const err = await failure(postUrl(`http://127.0.0.1:${port}/slow`, '{}', config, loopbackOk));
    expect(err.code).toBe('ETIMEDOUT');
    expect(err.retryable).toBe(true);
  });
});

describe('postUrl deadline and cap', () => {
  it('holds the deadline on the whole exchange, not only on silence', async () => {
    const err = await failure(postUrl(`http://127.0.0.1:${port}/trickle`, '{}', config, loopbackOk));
    expect(err.code).toBe('ETIMEDOUT');
  });

  it('fails past the cap when asked to, instead of truncating', async () => {
    const err = await failure(
      postUrl(`http://127.0.0.1:${port}/big`, '{}', config, { ...loopbackOk, maxResponseBytes: 100, oversize: 'fail' }),
    );
    expect(err.code).toBe('E2BIG');
    expect(err.message).toMatch(/exceeds the cap of 100 bytes/);
  });
});

describe('operator-configured addresses (chosenBy: operator)', () => {
  it('may be plain http on loopback or a local name, where a user address is refused', async () => {
    const address = `http://localhost:${port}/in`;
    expect((await failure(postUrl(address, '{}', config))).code).toBe('EREFUSED');
    expect((await failure(postUrl(`http://127.0.0.1:${port}/in`, '{}', config, { allowHttp: true }))).message).toMatch(
      /loopback, private or link-local/,
    );
    expect((await postUrl(address, '{}', config, { chosenBy: 'operator' })).status).toBe(204);
    expect((await postUrl(`http://127.0.0.1:${port}/in`, '{}', config, { chosenBy: 'operator' })).status).toBe(204);
  });

  it('is a per-call choice: a user address right after an operator call is held to the strict rules', async () => {
    expect((await postUrl(`http://127.0.0.1:${port}/in`, '{}', config, { chosenBy: 'operator' })).status).toBe(204);
    const user = await failure(
      postUrl(`https://model.example.test:${port}/in`, '{}', config, { lookup: async () => ['10.0.0.9'] }),
    );
    expect(user.code).toBe('EREFUSED');
    expect(user.message).toMatch(/10\.0\.0\.9/);
  });

  it('still needs http or https', async () => {
    expect((await failure(postUrl('file:///etc/passwd', '{}', config, { chosenBy: 'operator' }))).message).toMatch(
      /only http and https/,
    );
  });

  it('still does not follow redirects and still has the deadline', async () => {
    expect((await postUrl(`http://127.0.0.1:${port}/moved`, '{}', config, { chosenBy: 'operator' })).status).toBe(302);
    expect((await failure(postUrl(`http://127.0.0.1:${port}/slow`, '{}', config, { chosenBy: 'operator' }))).code).toBe(
      'ETIMEDOUT',
    );
  });
});
