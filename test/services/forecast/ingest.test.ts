import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { startUpstream, type Upstream } from '../../support/upstream.js';
import { forecastsDataset } from '../../../src/services/forecast/datasets/predictions.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';

let upstream: Upstream;
let app: TestApp;
beforeAll(async () => {
  upstream = await startUpstream();
  app = await startTestApp({
    samples: 'none',
    config: {
      FORECAST_SOURCE_URL: 'https://forecasts.example.org/team-a/v2/',
      UPSTREAM_BASE_OVERRIDE: upstream.origin,
      UPSTREAM_RETRIES: 0,
    },
  });
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

describe('forecast document ingestion', () => {
  it('reads the document from the configured source address', async () => {
    const doc = JSON.parse(fs.readFileSync(path.join(SAMPLES_DIR, 'forecast/forecast-document.json'), 'utf8'));
    doc.forecasts = doc.forecasts.slice(0, 2);
    upstream.play((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(doc));
    });
    const result = await app.deps.runner.run(forecastsDataset, { origin: { kind: 'live' } });
    expect(result.ok).toBe(true);
    expect(upstream.seen.map((s) => s.path)).toEqual(['/team-a/v2/predictions.json']);
    expect((await app.get('/api/forecast/v1/get-forecasts')).body.forecasts).toHaveLength(2);
  });
});
