import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { startUpstream, type Upstream } from '../../support/upstream.js';
import { forecastsDataset } from '../../../src/services/forecast/datasets/predictions.js';
import { resolutionsDataset } from '../../../src/services/forecast/datasets/resolutions.js';
import { simulationPackageDataset } from '../../../src/services/forecast/datasets/simulation-package.js';

// The forecast documents are computed here (issue "Data truth II"); no public upstream serves them,
// so a live refresh has nothing to fetch and the bundled samples are what an empty database gets.
const DOCUMENTS = [forecastsDataset, resolutionsDataset, simulationPackageDataset];

let upstream: Upstream;
let app: TestApp;
beforeAll(async () => {
  upstream = await startUpstream();
  app = await startTestApp({
    samples: 'none',
    config: { UPSTREAM_BASE_OVERRIDE: upstream.origin, UPSTREAM_RETRIES: 0 },
  });
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

describe('forecast documents', () => {
  it.each(DOCUMENTS.map((d) => [d.name, d] as const))('%s is derived: it names no upstream address', (_n, d) => {
    expect(d.kind).toBe('derived');
    for (const s of Object.values(d.sources)) expect(s.url).toBeUndefined();
  });

  it('a live refresh is refused before any request is made', async () => {
    for (const d of DOCUMENTS) {
      const result = await app.deps.runner.run(d, { origin: { kind: 'live' } });
      expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/derived dataset/) });
    }
    expect(upstream.seen).toEqual([]);
    expect((await app.get('/api/forecast/v1/get-forecasts')).body.forecasts).toEqual([]);
  });

  it('the bundled samples seed an empty database', async () => {
    for (const d of DOCUMENTS)
      expect(await app.deps.runner.run(d, { origin: { kind: 'samples' } })).toMatchObject({ ok: true });
    expect((await app.get('/api/forecast/v1/get-forecasts')).body.forecasts.length).toBeGreaterThan(0);
  });
});
