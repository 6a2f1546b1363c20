import { API_KEY_REQUIRED } from '../../src/platform/auth/access.js';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import createClient from 'openapi-fetch';
import type { components, paths } from '../../packages/client/src/openapi.js';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';
import { startTestApp, type TestApp } from '../support/app.js';

/**
 * What a REST consumer in TypeScript does: types generated from openapi.gen.yaml
 * (packages/client/src/openapi.d.ts) and openapi-fetch, against the running server.
 */
type Earthquakes = components['schemas']['seismology_v1_ListEarthquakesResponse'];

let app: TestApp;
let client: ReturnType<typeof createClient<paths>>;

beforeAll(async () => {
  app = await startTestApp({ samples: [earthquakesDataset] });
  client = createClient<paths>({ baseUrl: app.baseUrl, headers: { 'X-Service-Key': app.defaultKey.key } });
});
afterAll(() => app.close());

describe('openapi-fetch with the generated types', () => {
  it('makes a typed call: parameters by their wire names, a typed body back', async () => {
    const { data, error, response } = await client.GET('/api/seismology/v1/list-earthquakes', {
      params: { query: { page_size: 3, min_magnitude: 5 } },
    });
    expect(response.status).toBe(200);
    expect(error).toBeUndefined();
    expectTypeOf(data).toEqualTypeOf<Earthquakes | undefined>();
    const magnitudes: number[] = data!.earthquakes.map((e) => e.magnitude);
    expect(magnitudes.length).toBeLessThanOrEqual(3);
    expect(magnitudes.every((m) => m >= 5)).toBe(true);
  });

  it('types the error bodies too: a 400 carries the violations', async () => {
    const { data, error, response } = await client.GET('/api/seismology/v1/list-earthquakes', {
      params: { query: { page_size: -1 } },
    });
    expect(response.status).toBe(400);
    expect(data).toBeUndefined();
    expect(error).toEqual({ violations: [{ field: 'page_size', description: expect.any(String) }] });
  });

  it('gets the 401 shape without a credential', async () => {
    const anonymous = createClient<paths>({ baseUrl: app.baseUrl });
    const { error, response } = await anonymous.GET('/api/market/v1/get-fear-greed-index');
    expect(response.status).toBe(401);
    expect(error).toEqual({ error: API_KEY_REQUIRED });
  });
});
