import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestResponse } from '../support/app.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';
import { errorBody } from '../../src/platform/errors.js';

/**
 * One error family (interface specification, part 7), whatever the route: a 400 is `{violations}`
 * (a refused jmespath excepted: `{_jmespath_error, original_keys}`), a refusal before a handler runs
 * is `{error}`, a handler failure is `{message}`. Each case below is one request and the shape,
 * status and wording it must get.
 */

const QUAKES = '/api/seismology/v1/list-earthquakes';
const HUMANITARIAN = '/api/conflict/v1/get-humanitarian-summary-batch';
const OPERATOR = 'operator-key-for-error-family-01';

let app: TestApp;
let revokedKey: string;
beforeAll(async () => {
  app = await startTestApp({ samples: [earthquakesDataset], config: { OPERATOR_KEYS: OPERATOR } });
  const revoked = await app.createKey();
  await app.revokeKey(revoked.id);
  revokedKey = revoked.key;
});
afterAll(() => app.close());

type Shape = 'violations' | 'jmespath' | 'error' | 'message';

/** Which member of the family a body is; anything else fails the test. */
function shapeOf(body: Record<string, unknown>): Shape {
  const keys = Object.keys(body).sort().join(',');
  if (keys === 'violations') {
    for (const v of body.violations as object[]) expect(Object.keys(v).sort()).toEqual(['description', 'field']);
    return 'violations';
  }
  if (keys === '_jmespath_error,original_keys') return 'jmespath';
  if (typeof body.error === 'string') return 'error';
  if (keys === 'message') return 'message';
  throw new Error(`not in the error family: ${JSON.stringify(body)}`);
}

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

/** [what, request, status, shape, field (violations) or text the message must contain]. */
const CASES: [string, () => Promise<TestResponse>, number, Shape, RegExp | string][] = [
  ['an unknown query parameter', () => app.get(`${QUAKES}?pagesize=2`), 400, 'violations', 'pagesize'],
  ['a time parameter that is not an integer', () => app.get(`${QUAKES}?start=yesterday`), 400, 'violations', 'start'],
  ['a refused jmespath', () => app.get(`${QUAKES}?jmespath=[[`), 400, 'jmespath', /./],
  ['malformed JSON', () => post('/api/batch/v1/execute', '{"operations": ['), 400, 'violations', 'body'],
  [
    'an unknown body field',
    () => post(HUMANITARIAN, JSON.stringify({ countryCodes: ['SD'], country: 'SD' })),
    400,
    'violations',
    'country',
  ],
  [
    'an unknown batch-entry field',
    () => post('/api/batch/v1/execute', JSON.stringify({ operations: [{ path: QUAKES, jmespath: 'x' }] })),
    400,
    'violations',
    'operations[0].jmespath',
  ],
  ['a bootstrap parameter it does not have', () => app.get('/api/bootstrap?key=earthquakes'), 400, 'violations', 'key'],
  [
    'an unknown cache-purge field',
    () => post('/api/cache-purge', JSON.stringify({ dataset: ['x'] }), { 'x-service-key': OPERATOR }),
    400,
    'violations',
    'dataset',
  ],
  ['no key', () => app.get(QUAKES, { 'x-service-key': '' }), 401, 'error', /X-Service-Key header/],
  [
    'a malformed key',
    () => app.get(QUAKES, { 'x-service-key': '', 'x-api-key': 'nope' }),
    401,
    'error',
    /in X-Api-Key/,
  ],
  ['a revoked key', () => app.get(QUAKES, { 'x-service-key': revokedKey }), 401, 'error', /revoked/],
  [
    'an operator route without an operator key',
    () => post('/api/cache-purge', '{}', { 'x-service-key': '' }),
    401,
    'error',
    /X-Service-Key/,
  ],
  ['no such operation', () => app.get('/api/seismology/v1/list-earthquake'), 404, 'error', /no operation/],
  ['a method the operation lacks', () => post(QUAKES, '{}'), 405, 'error', /not allowed/],
  [
    'a body that is not JSON',
    () =>
      app.request('/api/batch/v1/execute', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }),
    415,
    'error',
    /application\/json/,
  ],
];

describe('the error family', () => {
  it.each(CASES)('%s: %i %s', async (_what, request, status, shape, detail) => {
    const res = await request();
    expect(res.status, res.text).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(shapeOf(res.body)).toBe(shape);
    if (shape === 'violations' && typeof detail === 'string')
      expect(res.body.violations.map((v: { field: string }) => v.field)).toContain(detail);
    else if (shape === 'error') expect(res.body.error).toMatch(detail);
    else if (shape === 'jmespath') expect(res.body._jmespath_error).toMatch(detail);
  });

  it('a batch entry carries the same family in its body', async () => {
    const res = await post(
      '/api/batch/v1/execute',
      JSON.stringify({ operations: [{ id: 'a', path: `${QUAKES}?junk=1` }] }),
    );
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({ id: 'a', status: 400 });
    expect(shapeOf(res.body.results[0].body)).toBe('violations');
  });

  it('tRPC clients get the same body under data.rest', async () => {
    const res = await app.request('/trpc/seismology.listEarthquakes?input=%7Bbad', {});
    expect(res.status).toBe(400);
    expect(shapeOf(res.body.error.data.rest.body)).toBe('violations');
  });
});

describe('time parameters give their unit', () => {
  it.each([
    ['start=yesterday', 'value must be a plain decimal integer (Unix epoch milliseconds)'],
    ['end=1.5', 'value must be a plain decimal integer (Unix epoch milliseconds)'],
    ['start=-1', 'number must be greater than or equal to 0 (Unix epoch milliseconds)'],
  ])('?%s -> %s', async (query, description) => {
    const res = await app.get(`${QUAKES}?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.violations).toEqual([{ field: query.split('=')[0], description }]);
  });
});

describe('errorBody: the shape for a status', () => {
  it.each([
    [400, { violations: [{ field: 'body', description: 'x' }] }],
    [401, { error: 'x' }],
    [404, { error: 'x' }],
    [413, { error: 'x' }],
    [429, { error: 'x' }],
    [503, { error: 'x' }],
    [500, { message: 'x' }],
    [501, { message: 'x' }],
  ])('%i -> %j', (status, body) => {
    expect(errorBody(status, 'x')).toEqual(body);
  });
});
