import http from 'node:http';
import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { addVary } from '../../src/http/rest.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';

const PATH = '/api/seismology/v1/list-earthquakes';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [earthquakesDataset] });
});
afterAll(() => app.close());

function raw(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(app.baseUrl + path, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

const varyOf = (h: http.IncomingHttpHeaders) =>
  String(h.vary ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase());

describe('headers on every answer', () => {
  it('keeps Vary: Origin from CORS next to Vary: Accept-Encoding from compression (200 and 304)', async () => {
    const headers = { ...app.defaultHeaders, origin: 'http://localhost:3000', 'accept-encoding': 'gzip' };
    const first = await raw(PATH, headers);
    expect(first.status).toBe(200);
    expect(varyOf(first.headers)).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
    const again = await raw(PATH, { ...headers, 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(varyOf(again.headers)).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
  });

  it.each([
    ['an operation', PATH, app?.defaultHeaders],
    ['a refusal without a key', PATH, {}],
    ['a missing route', '/nowhere', {}],
    ['a probe', '/healthz', {}],
    ['the document', '/openapi.json', {}],
    ['a tRPC call', '/trpc/seismology.listEarthquakes', {}],
  ])('sends X-Content-Type-Options: nosniff on %s', async (_what, path, headers) => {
    const res = await raw(path, headers ?? app.defaultHeaders);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends nosniff on a preflight and a HEAD', async () => {
    const pre = await raw(PATH, { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' }, 'OPTIONS');
    expect(pre.headers['x-content-type-options']).toBe('nosniff');
    const head = await raw(PATH, app.defaultHeaders, 'HEAD');
    expect(head.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('addVary', () => {
  const cases: { given?: string | string[]; field: string; vary: string }[] = [
    { field: 'Origin', vary: 'Origin' },
    { given: 'Origin', field: 'Accept-Encoding', vary: 'Origin, Accept-Encoding' },
    { given: 'origin', field: 'Origin', vary: 'origin' },
    { given: 'Origin, Accept-Encoding', field: 'accept-encoding', vary: 'Origin, Accept-Encoding' },
    { given: ['Cookie', ' Origin '], field: 'Accept-Encoding', vary: 'Cookie, Origin, Accept-Encoding' },
    { given: '', field: 'Origin', vary: 'Origin' },
  ];
  it.each(cases)('adds $field to $given once, whatever the case or spacing', ({ given, field, vary }) => {
    const res = new http.ServerResponse(new http.IncomingMessage(new Socket()));
    if (given !== undefined) res.setHeader('vary', given);
    addVary(res, field);
    expect(res.getHeader('vary')).toBe(vary);
  });
});
