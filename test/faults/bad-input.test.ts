import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';
import { acledEventsDataset } from '../../src/services/conflict/datasets/acled.js';

/**
 * Hostile input through the real HTTP stack, end to end. Every answer here is also checked against
 * openapi.gen.yaml by the test app. The rule: never a 500, never a hang, never the wrong data.
 */

const QUAKES = '/api/seismology/v1/list-earthquakes';
const ACLED = '/api/conflict/v1/list-acled-events';
const BATCH = '/api/batch/v1/execute';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [earthquakesDataset, acledEventsDataset] });
});
afterAll(() => app.close());

const q = (expr: string) => `${QUAKES}?jmespath=${encodeURIComponent(expr)}`;

describe('jmespath over HTTP', () => {
  it('accepts 1024 UTF-8 bytes and refuses 1025, counted in bytes (multi-byte characters)', async () => {
    // 'ü' is two bytes: quotes (2) + 511 x ü (1022) = 1024 bytes in 513 characters.
    const at = `'${'ü'.repeat(511)}'`;
    expect(Buffer.byteLength(at)).toBe(1024);
    const ok = await app.get(q(at));
    expect(ok.status).toBe(200);
    expect(ok.body).toBe('ü'.repeat(511));
    const over = `'${'ü'.repeat(511)}a'`;
    expect(Buffer.byteLength(over)).toBe(1025);
    expect(over.length).toBeLessThan(1024);
    const refused = await app.get(q(over));
    expect(refused.status).toBe(400);
    expect(refused.body._jmespath_error).toBe('expression_too_long: 1025 > 1024');
    expect(refused.body.original_keys).toEqual(['earthquakes', 'pagination']);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('evaluates deep nesting within the limit, and refuses deeper input without a 500', async () => {
    const deep = `${'('.repeat(500)}length(earthquakes)${')'.repeat(500)}`;
    expect(Buffer.byteLength(deep)).toBeLessThanOrEqual(1024);
    const res = await app.get(q(deep));
    expect(res.status).toBe(200);
    expect(typeof res.body).toBe('number');
    const indexes = `earthquakes${'[0]'.repeat(330)}`;
    const idx = await app.get(q(indexes));
    expect(idx.status).toBe(200);
    expect(idx.body).toBeNull();
    const deeper = await app.get(q(`${'('.repeat(600)}@${')'.repeat(600)}`));
    expect(deeper.status).toBe(400);
    expect(deeper.body._jmespath_error).toMatch(/^expression_too_long/);
  });

  it('refuses a 300 KB projection with projection_too_large and no-store', async () => {
    const full = await app.get(QUAKES);
    const copies = Math.ceil((300 * 1024) / full.text.length);
    const expr = `[${Array.from({ length: copies }, () => '@').join(',')}]`;
    const res = await app.get(q(expr));
    expect(res.status).toBe(400);
    expect(res.body._jmespath_error).toMatch(/^projection_too_large/);
    expect(res.body.original_keys).toEqual(Object.keys(full.body));
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses the amplifying expression in well under a second while other requests are served', async () => {
    const amplifying = Array.from({ length: 20 }, () => '{a:@,b:@}').join('|');
    const started = Date.now();
    const [res, other] = await Promise.all([app.get(q(amplifying)), app.get(`${QUAKES}?page_size=1`)]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(400);
    expect(res.body._jmespath_error).toMatch(/^projection_too_large/);
    expect(other.status).toBe(200);
  });

  it.each([
    ['earthquakes[?magnitude >'],
    ['[['],
    ['earthquakes[0'],
    ['sort_by(earthquakes, &nope)'],
    ['abs(earthquakes)'],
    ['earthquakes[`1e400`]'],
  ])('answers %s with 400 invalid_expression', async (expr) => {
    const res = await app.get(q(expr));
    expect(res.status).toBe(400);
    expect(res.body._jmespath_error).toMatch(/^invalid_expression: ./);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('treats an empty expression as no projection', async () => {
    const plain = await app.get(QUAKES);
    const empty = await app.get(`${QUAKES}?jmespath=`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual(plain.body);
  });

  it('never projects an error body', async () => {
    const res = await app.get(`${QUAKES}?page_size=abc&jmespath=length(@)`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ violations: [{ field: 'page_size', description: expect.any(String) }] });
  });
});

describe('query parameters', () => {
  it.each(['99999999999', '-1', '1.5', '0x10', '1e2', ' 5', 'abc', '9007199254740993'])(
    'page_size=%s is a 400 naming page_size',
    async (v) => {
      const res = await app.get(`${QUAKES}?page_size=${encodeURIComponent(v)}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ violations: [{ field: 'page_size', description: expect.any(String) }] });
    },
  );

  it('takes a huge valid page size as "everything", never an unbounded error', async () => {
    const all = await app.get(QUAKES);
    const huge = await app.get(`${QUAKES}?page_size=2147483647`);
    expect(huge.status).toBe(200);
    expect(huge.body.earthquakes).toHaveLength(all.body.earthquakes.length);
  });

  it('reads an empty value as absent, refuses a repeated scalar and unknown keys', async () => {
    const plain = await app.get(QUAKES);
    expect((await app.get(`${QUAKES}?page_size=&start=&cursor=`)).body).toEqual(plain.body);
    const repeated = await app.get(`${QUAKES}?page_size=1&page_size=2`);
    expect(repeated.status).toBe(400);
    expect(repeated.body.violations.map((v: { field: string }) => v.field)).toEqual(['page_size']);
    const unknown = await app.get(`${QUAKES}?nope=1&PAGE_SIZE=abc&__proto__=x&constructor=y`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.violations.map((v: { field: string }) => v.field)).toEqual([
      'nope',
      'PAGE_SIZE',
      '__proto__',
      'constructor',
    ]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('never answers malformed percent-encoding with a 500', async () => {
    for (const raw of ['%E0%A4%A', '%', '%zz', '%C3', '%ED%A0%80']) {
      const country = await app.get(`${ACLED}?country=${raw}`);
      expect([200, 400]).toContain(country.status);
      if (country.status === 200) expect(country.body.events).toEqual([]);
      const size = await app.get(`${QUAKES}?page_size=${raw}`);
      expect(size.status).toBe(400);
      const expr = await app.get(`${QUAKES}?jmespath=${raw}`);
      expect([200, 400]).toContain(expr.status);
    }
  });

  it('matches a country name the same way in NFC and NFD', async () => {
    const events = async (name: string) => (await app.get(`${ACLED}?country=${encodeURIComponent(name)}`)).body.events;
    for (const name of ['Côte d’Ivoire', 'Türkiye', 'Ukraine']) {
      const nfc = await events(name.normalize('NFC'));
      const nfd = await events(name.normalize('NFD'));
      expect(nfd).toEqual(nfc);
    }
    expect((await events('Ukraine')).length).toBeGreaterThan(0);
  });

  it('never matches the wrong country when a name carries right-to-left marks', async () => {
    const all = (await app.get(ACLED)).body.events as { country: string }[];
    for (const name of ['\u200FUkraine', 'Ukraine\u200F', '\u202EUkraine', '\u202Eeniarku']) {
      const res = await app.get(`${ACLED}?country=${encodeURIComponent(name)}`);
      expect([200, 400]).toContain(res.status);
      if (res.status === 200) {
        const countries = new Set((res.body.events as { country: string }[]).map((e) => e.country));
        expect([...countries].every((c) => c === 'Ukraine')).toBe(true);
      } else expect(res.body.violations[0].field).toBe('country');
    }
    expect(all.length).toBeGreaterThan(0);
  });
});

describe('request bodies', () => {
  const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    app.request(BATCH, { method: 'POST', headers, body });

  it('answers a JSON body on a GET operation by ignoring it (no 500)', async () => {
    const res = await app.request(QUAKES, { method: 'GET', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
  });

  it('refuses malformed JSON with 400 and a wrong content type with 415, for the batch and the session endpoints', async () => {
    expect((await post('{"operations":[1')).status).toBe(400);
    expect((await post('{"operations":[]}', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post('', { 'content-type': 'application/json' })).status).toBe(400);
    const session = await app.request('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(session.status).not.toBe(500);
  });

  it('does not let __proto__ or constructor.prototype keys pollute prototypes', async () => {
    const body =
      '{"operations":[{"id":"a","path":"/api/seismology/v1/list-earthquakes?page_size=1"}],"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}';
    const res = await post(body);
    // Kept as plain keys, they are fields the body does not have: refused by name.
    expect(res.status).toBe(400);
    expect(res.body.violations.map((v: { field: string }) => v.field)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('isAdmin');
  });

  it('refuses a 2 MB body with 413', async () => {
    const res = await post(JSON.stringify({ operations: [], pad: 'x'.repeat(2 * 1024 * 1024) }));
    expect(res.status).toBe(413);
  });

  it('refuses a 2 MB chunked body without Content-Length with 413, and accepts a small chunked one', async () => {
    const big = new ReadableStream<Uint8Array>({
      start(c) {
        const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
        c.enqueue(new TextEncoder().encode('{"operations":[],"pad":"'));
        for (let i = 0; i < 32; i++) c.enqueue(chunk);
        c.enqueue(new TextEncoder().encode('"}'));
        c.close();
      },
    });
    const res = await app.request(BATCH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    const small = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(
          new TextEncoder().encode(
            '{"operations":[{"id":"a","path":"/api/seismology/v1/list-earthquakes?page_size=1"}]}',
          ),
        );
        c.close();
      },
    });
    const ok = await app.request(BATCH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: small,
      duplex: 'half',
    } as RequestInit);
    expect(ok.status).toBe(200);
    expect(ok.body.results[0].status).toBe(200);
  });
});
