import { afterAll, beforeAll, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { FORECAST_DATASETS } from '../../src/services/forecast/datasets/index.js';
import { SCENARIO_DATASETS } from '../../src/services/scenario/datasets/index.js';
import { RESILIENCE_DATASETS } from '../../src/services/resilience/datasets/index.js';
import { chokepointsDataset } from '../../src/services/supply-chain/chokepoints/datasets/chokepoints.js';
import * as feeds from '../../src/services/news/datasets/feeds.js';

let app: TestApp;
beforeAll(async () => {
  const news = Object.values(feeds).filter((v: any) => v && typeof v === 'object' && 'sources' in v) as any[];
  app = await startTestApp({ samples: [...FORECAST_DATASETS, ...SCENARIO_DATASETS, ...RESILIENCE_DATASETS, chokepointsDataset, ...news] });
}, 120_000);
afterAll(() => app.close());

const post = (p: string, body: unknown) => app.request(p, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const show = (name: string, r: { status: number; headers: Headers; text: string }) =>
  console.log(`### ${name} ${r.status} cc=${r.headers.get('cache-control')}\n${r.text.slice(0, 1500)}\n`);

it('probe', async () => {
  for (const p of [
    '/api/forecast/v1/get-forecasts', '/api/forecast/v1/get-forecast-scorecard', '/api/forecast/v1/get-simulation-package', '/api/forecast/v1/get-simulation-outcome',
    '/api/scenario/v1/get-scenario-status', '/api/scenario/v1/list-scenario-templates',
    '/api/news/v1/summarize-article-cache', '/api/news/v1/list-feed-digest',
    '/api/resilience/v1/get-resilience-score', '/api/resilience/v1/get-food-stocks', '/api/resilience/v1/get-demographics-capability', '/api/resilience/v1/get-runtime-manifest',
  ]) show(p, await app.get(p));
  show('trigger-simulation {}', await post('/api/forecast/v1/trigger-simulation', {}));
  await app.deps.jobs.idle();
  show('outcome after', await app.get('/api/forecast/v1/get-simulation-outcome'));
  const run = await post('/api/scenario/v1/run-scenario', { scenarioId: 'suez-bab-simultaneous' });
  show('run-scenario', run);
  await app.deps.jobs.idle();
  show('status after', await app.get(JSON.parse(run.text).statusUrl));
  const sum = await post('/api/news/v1/summarize-article', { provider: 'openrouter', headlines: ['Floods displace thousands in Sudan as Nile rises', 'Aid agencies warn of cholera risk after floods in Sudan'] });
  show('summarize-article', sum);
  show('summarize-article {provider only}', await post('/api/news/v1/summarize-article', { provider: 'openrouter' }));
  show('submit-contact', await post('/api/leads/v1/submit-contact', { email: 'ana@acme-logistics.com', name: 'Ana', organization: 'Acme', phone: '+4912345', turnstileToken: 't' }));
  show('register-interest', await post('/api/leads/v1/register-interest', { email: 'ana@acme-logistics.com', turnstileToken: 't' }));
}, 120_000);
