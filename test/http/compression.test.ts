import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import http from 'node:http';
import { startTestApp, type TestApp } from '../support/app.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';
import { preferredCoding } from '../../src/http/rest.js';

const PATH = '/api/seismology/v1/list-earthquakes';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [earthquakesDataset] });
});
afterAll(() => app.close());

/** Raw GET without fetch's transparent decompression, so the encoded bytes can be checked. */
function raw(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(app.baseUrl + path, { headers: { ...app.defaultHeaders, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('operation responses on the wire', () => {
  it('sends identity bytes with a Content-Length when no coding is accepted', async () => {
    const res = await raw(PATH, {});
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(JSON.parse(res.body.toString()).earthquakes.length).toBeGreaterThan(100);
  });

  it.each([
    ['br', (b: Buffer) => zlib.brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => zlib.gunzipSync(b)],
  ])('sends %s when preferred, decoding to the same JSON, with its own validator', async (coding, decode) => {
    const identity = await raw(PATH, {});
    const res = await raw(PATH, { 'accept-encoding': coding });
    expect(res.headers['content-encoding']).toBe(coding);
    expect(decode(res.body).equals(identity.body)).toBe(true);
    expect(res.headers.etag).not.toBe(identity.headers.etag);
    const again = await raw(PATH, { 'accept-encoding': coding, 'if-none-match': String(res.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('leaves small bodies uncompressed', async () => {
    const res = await raw(`${PATH}?jmespath=pagination`, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('preferredCoding', () => {
  it.each([
    [undefined, undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['deflate', undefined],
  ])('%j -> %j', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });
});
