import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';
import { MAX_EVALUATION_BYTES } from '../../src/platform/jmespath.js';

const PATH = '/api/seismology/v1/list-earthquakes';
const AMPLIFIED = Array.from({ length: 20 }, () => '{a:@,b:@}').join(' | ') + ' | to_string(@)';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [earthquakesDataset] });
});
afterAll(() => app.close());

describe('jmespath refusals over HTTP', () => {
  it('are remembered like answers: the second identical request is served from the response cache', async () => {
    const url = `${PATH}?page_size=5&jmespath=${encodeURIComponent(AMPLIFIED)}`;
    const before = app.deps.responses.size;
    const first = await app.get(url);
    expect(first.status).toBe(400);
    expect(first.body._jmespath_error).toMatch(/^projection_too_large: evaluation exceeded \d+ steps$/);
    expect(app.deps.responses.size).toBe(before + 1);
    const second = await app.get(url);
    expect(second.status).toBe(400);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('cache-control')).toBe('no-store');
    expect(app.deps.responses.size).toBe(before + 1);
  });

  it('give every sub-operation of a batch the same answer', async () => {
    const operations = Array.from({ length: 20 }, (_, i) => ({
      id: String(i),
      path: `${PATH}?page_size=5&jmespath=${encodeURIComponent(AMPLIFIED)}`,
    }));
    const res = await app.request('/api/batch/v1/execute', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operations }),
    });
    expect(res.status).toBe(200);
    expect(new Set(res.body.results.map((r: { status: number }) => r.status))).toEqual(new Set([400]));
  });

  it('refuse string amplification by the bytes it would build, over HTTP and in a batch', async () => {
    // Each stage joins eight copies of the last string: 8^4 times the serialised page.
    const times8 = `[${Array.from({ length: 8 }, () => '@').join(',')}] | join('', @)`;
    const expression = `to_string(@) | ${times8} | ${times8} | ${times8} | ${times8}`;
    const url = `${PATH}?page_size=5&jmespath=${encodeURIComponent(expression)}`;
    const res = await app.get(url);
    expect(res.status).toBe(400);
    expect(res.body._jmespath_error).toBe(`projection_too_large: evaluation exceeded ${MAX_EVALUATION_BYTES} bytes`);
    expect(res.body.original_keys).toEqual(['earthquakes', 'pagination']);
    const operations = Array.from({ length: 20 }, (_, i) => ({ id: String(i), path: url }));
    const batch = await app.request('/api/batch/v1/execute', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operations }),
    });
    expect(batch.status).toBe(200);
    expect(new Set(batch.body.results.map((r: { status: number }) => r.status))).toEqual(new Set([400]));
  });
});
