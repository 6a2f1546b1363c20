import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { expectViolation } from '../support/expect.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';

const PATH = '/api/seismology/v1/list-earthquakes';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [earthquakesDataset] });
});
afterAll(() => app.close());

describe('unknown query parameters', () => {
  it.each([
    ['pagesize', 'page_size'],
    ['min_magnitud', 'min_magnitude'],
    ['junk', undefined],
  ])('?%s=... is refused with 400 naming it (closest known name: %s)', async (name, closest) => {
    const res = await app.get(`${PATH}?${name}=10`);
    expectViolation(res, name, { only: true });
    const description: string = res.body.violations[0].description;
    expect(description).toMatch(/unknown parameter/);
    if (closest) expect(description).toContain(`did you mean ${closest}?`);
  });

  it('refuses them next to valid ones, in a batch sub-operation too', async () => {
    expectViolation(await app.get(`${PATH}?page_size=2&junk=1`), 'junk', { only: true });
    const batch = await app.request('/api/batch/v1/execute', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operations: [{ id: 'a', path: `${PATH}?junk=1` }] }),
    });
    expect(batch.body.results[0].status).toBe(400);
  });

  it('accepts the platform parameter jmespath everywhere', async () => {
    const res = await app.get(`${PATH}?page_size=2&jmespath=earthquakes[0].id`);
    expect(res.status).toBe(200);
    expect(typeof res.body).toBe('string');
  });

  it('never grows the response cache', async () => {
    await app.get(`${PATH}?page_size=2`);
    const before = app.deps.responses.size;
    for (let i = 0; i < 20; i++) expect((await app.get(`${PATH}?page_size=2&junk=${i}`)).status).toBe(400);
    expect(app.deps.responses.size).toBe(before);
  });

  it('answers 401, not 400, to a caller without a key', async () => {
    expect((await app.get(`${PATH}?junk=1`, { 'x-service-key': '' })).status).toBe(401);
  });
});
