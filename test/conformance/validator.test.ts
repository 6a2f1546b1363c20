import { describe, expect, it } from 'vitest';
import { checkConformance, documentedOperations } from '../support/conformance.js';

const EQ = '/api/seismology/v1/list-earthquakes';
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const RATE = {
  'x-ratelimit-limit': '10',
  'x-ratelimit-remaining': '0',
  'x-ratelimit-reset': '1790000000000',
  'retry-after': '3',
};

/** The checker itself: each rule it enforces is shown failing on a hand-made bad answer. */
describe('response conformance checker', () => {
  it('knows every documented operation path', () => {
    const ops = documentedOperations();
    expect(ops.get(EQ)).toEqual(['get']);
    expect(ops.get('/api/batch/v1/execute')).toEqual(['post']);
  });

  it('ignores paths the document does not describe', () => {
    expect(checkConformance({ method: 'GET', url: '/healthz', status: 200, headers: {}, text: 'ok' })).toEqual({
      checked: false,
      problems: [],
    });
  });

  it('accepts a documented 400 body and refuses one of the wrong shape', () => {
    const ok = checkConformance({
      method: 'GET',
      url: `${EQ}?page_size=x`,
      status: 400,
      headers: JSON_TYPE,
      text: '{"violations":[{"field":"page_size","description":"bad"}]}',
    });
    expect(ok.problems).toEqual([]);
    const bad = checkConformance({
      method: 'GET',
      url: `${EQ}?page_size=x`,
      status: 400,
      headers: JSON_TYPE,
      text: '{"violations":[{"field":3}]}',
    });
    expect(bad.problems.join()).toMatch(/400: body does not match/);
  });

  it('refuses an undocumented status on a documented operation', () => {
    const r = checkConformance({ method: 'GET', url: EQ, status: 404, headers: JSON_TYPE, text: '{"error":"x"}' });
    expect(r.problems.join()).toMatch(/status 404 is not documented/);
  });

  it('refuses a body that is not JSON and a wrong content type', () => {
    expect(
      checkConformance({ method: 'GET', url: EQ, status: 401, headers: JSON_TYPE, text: '<html>' }).problems.join(),
    ).toMatch(/not JSON/);
    expect(
      checkConformance({
        method: 'GET',
        url: EQ,
        status: 401,
        headers: { 'content-type': 'text/plain' },
        text: '{"error":"x"}',
      }).problems.join(),
    ).toMatch(/content-type/);
  });

  it('requires the declared 429 headers and checks their values', () => {
    const body = '{"error":"slow down"}';
    expect(
      checkConformance({ method: 'GET', url: EQ, status: 429, headers: { ...JSON_TYPE, ...RATE }, text: body })
        .problems,
    ).toEqual([]);
    const missing = checkConformance({ method: 'GET', url: EQ, status: 429, headers: JSON_TYPE, text: body });
    expect(missing.problems.join()).toMatch(/required header Retry-After is missing/);
    const wrong = checkConformance({
      method: 'GET',
      url: EQ,
      status: 429,
      headers: { ...JSON_TYPE, ...RATE, 'retry-after': 'soon' },
      text: body,
    });
    expect(wrong.problems.join()).toMatch(/header Retry-After/);
  });

  it('accepts a billing 503 (which is also a gateway body) and refuses one without Retry-After', () => {
    const body = '{"error":"pending","code":"renewal_verification_pending"}';
    const headers = { ...JSON_TYPE, 'retry-after': '5', 'x-billing-verification': 'renewal_verification_pending' };
    expect(checkConformance({ method: 'GET', url: EQ, status: 503, headers, text: body }).problems).toEqual([]);
    expect(
      checkConformance({ method: 'GET', url: EQ, status: 503, headers: JSON_TYPE, text: body }).problems.join(),
    ).toMatch(/Retry-After/);
  });

  it('wants a 405 with Allow for a method the path does not document', () => {
    const body = '{"error":"method POST not allowed; use GET, HEAD"}';
    expect(
      checkConformance({
        method: 'POST',
        url: EQ,
        status: 405,
        headers: { ...JSON_TYPE, allow: 'GET, HEAD' },
        text: body,
      }).problems,
    ).toEqual([]);
    expect(
      checkConformance({ method: 'POST', url: EQ, status: 405, headers: JSON_TYPE, text: body }).problems.join(),
    ).toMatch(/Allow/);
    expect(
      checkConformance({
        method: 'DELETE',
        url: EQ,
        status: 404,
        headers: JSON_TYPE,
        text: '{"error":"x"}',
      }).problems.join(),
    ).toMatch(/must be 405/);
  });

  it('does not hold a projected 200 to the unprojected schema, but does hold an unprojected one', () => {
    const headers = { ...JSON_TYPE, etag: 'W/"1-abc"', 'cache-control': 'no-store' };
    expect(
      checkConformance({ method: 'GET', url: `${EQ}?jmespath=length(earthquakes)`, status: 200, headers, text: '3' })
        .problems,
    ).toEqual([]);
    expect(checkConformance({ method: 'GET', url: EQ, status: 200, headers, text: '3' }).problems.join()).toMatch(
      /200: body does not match/,
    );
  });

  it('wants no body on 304 and HEAD', () => {
    expect(
      checkConformance({ method: 'GET', url: EQ, status: 304, headers: { etag: 'W/"1"' }, text: '' }).problems,
    ).toEqual([]);
    expect(
      checkConformance({ method: 'HEAD', url: EQ, status: 304, headers: { etag: 'W/"1"' }, text: 'x' }).problems.join(),
    ).toMatch(/no body/);
  });

  it('checks int64 strings as integer literals', () => {
    const headers = { ...JSON_TYPE, etag: 'W/"1-abc"', 'cache-control': 'no-store' };
    const url = '/api/conflict/v1/list-iran-events';
    expect(
      checkConformance({ method: 'GET', url, status: 200, headers, text: '{"events":[],"scrapedAt":"1790000000000"}' })
        .problems,
    ).toEqual([]);
    expect(
      checkConformance({
        method: 'GET',
        url,
        status: 200,
        headers,
        text: '{"events":[],"scrapedAt":"12x"}',
      }).problems.join(),
    ).toMatch(/scrapedAt/);
  });
});
