import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { SCENARIO_DATASETS } from '../../../src/services/scenario/datasets/index.js';
import { chokepointsDataset } from '../../../src/services/supply-chain/chokepoints/datasets/chokepoints.js';
import { SCENARIO_JOB } from '../../../src/services/scenario/jobs.js';
import { routeModelDataset } from '../../../src/services/supply-chain/index.js';
import { comtradeFlowsDataset } from '../../../src/services/trade/index.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    samples: [...SCENARIO_DATASETS, comtradeFlowsDataset, routeModelDataset, chokepointsDataset],
  });
});
afterAll(() => app.close());

const RUN = '/api/scenario/v1/run-scenario';
const STATUS = '/api/scenario/v1/get-scenario-status';
const post = (body: unknown, headers: Record<string, string> = {}) =>
  app.request(RUN, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('GET list-scenario-templates', () => {
  it('lists the six templates of the catalogue in order', async () => {
    const res = await app.get('/api/scenario/v1/list-scenario-templates');
    expect(res.status).toBe(200);
    const ids = res.body.templates.map((t: { id: string }) => t.id);
    expect(ids).toEqual([
      'taiwan-strait-full-closure',
      'suez-bab-simultaneous',
      'panama-drought-50pct',
      'hormuz-tanker-blockade',
      'russia-baltic-grain-suspension',
      'us-tariff-escalation-electronics',
    ]);
    expect(res.body.templates[3]).toEqual({
      id: 'hormuz-tanker-blockade',
      name: 'Tanker blockade of the Strait of Hormuz',
      affectedChokepointIds: ['hormuz_strait'],
      disruptionPct: 100,
      durationDays: 14,
      affectedHs2: ['27', '29'],
      costShockMultiplier: 2.1,
    });
    expect(res.headers.get('cache-control')).toMatch(/max-age=3600/);
  });

  it('answers an empty, no-store list without the catalogue', async () => {
    const bare = await startTestApp({ samples: 'none' });
    try {
      const res = await bare.get('/api/scenario/v1/list-scenario-templates');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ templates: [] });
      expect(res.headers.get('cache-control')).toBe('no-store');
    } finally {
      await bare.close();
    }
  });
});

describe('POST run-scenario and GET get-scenario-status', () => {
  it('queues a job (202 + Location) that reaches done with impacts computed from the exposure derived from trade flows and lanes', async () => {
    const res = await post({ scenarioId: 'hormuz-tanker-blockade' });
    expect(res.status).toBe(202);
    expect(res.body.status).toBe('pending');
    expect(res.body.jobId).toMatch(/^scenario:[0-9]{13}:[a-z0-9]{8}$/);
    expect(res.headers.get('location')).toBe(res.body.statusUrl);
    expect(res.body.statusUrl).toBe(`${STATUS}?jobId=${encodeURIComponent(res.body.jobId)}`);
    await app.deps.jobs.idle();
    const status = await app.get(res.body.statusUrl);
    expect(status.status).toBe(200);
    expect(status.body.status).toBe('done');
    expect(status.body.error).toBe('');
    const result = status.body.result;
    expect(result.affectedChokepointIds).toEqual(['hormuz_strait']);
    expect(result.template).toEqual({
      name: 'hormuz_strait',
      disruptionPct: 100,
      durationDays: 14,
      costShockMultiplier: 2.1,
    });
    // Exposure computed from the Comtrade sample and the route model (chapters 27 and 29, x2.1):
    // - Iran (no Comtrade imports in the sample: the route fallback): two of the four lanes through
    //   Hormuz are its own, 50; fuels 50 x 1.5 = 75, chemicals 50, (75 + 50) x 2.1 = 262.5.
    // - India: its one lane (Gulf-India crude) passes Hormuz, its crude and gas come from Iraq, Saudi
    //   Arabia, the Emirates and Qatar, whose lanes do too: fuels 62.3 (41.5 x 1.5), chemicals 60.4
    //   (Saudi, Korean, Singaporean xylenes), (62.3 + 60.4) x 2.1 = 257.67, 98% of Iran's.
    // - China: fuels 42.5 (28.3 x 1.5), chemicals 25 (no imports in the sample: one of its lanes of
    //   the four through Hormuz), (42.5 + 25) x 2.1 = 141.75, 54%.
    // - Taiwan (no lane of its own in the model): Saudi crude and Qatari gas only, 24.7 x 2.1 = 51.87, 20%.
    // - The United States (Canadian and Mexican fuel, no Gulf lane) and Russia score 0 at Hormuz.
    expect(result.topImpactCountries).toEqual([
      { iso2: 'IR', totalImpact: 262.5, impactPct: 100 },
      { iso2: 'IN', totalImpact: 257.67, impactPct: 98 },
      { iso2: 'CN', totalImpact: 141.75, impactPct: 54 },
      { iso2: 'TW', totalImpact: 51.87, impactPct: 20 },
    ]);
  });

  it('limits the reporters to iso2 and finds the same job for the same input', async () => {
    const a = await post({ scenarioId: 'taiwan-strait-full-closure', iso2: 'TW' });
    const b = await post({ scenarioId: 'taiwan-strait-full-closure', iso2: 'TW' });
    expect(b.body.jobId).toBe(a.body.jobId);
    await app.deps.jobs.idle();
    const { body } = await app.get(a.body.statusUrl);
    expect(body.result.topImpactCountries).toEqual([expect.objectContaining({ iso2: 'TW', impactPct: 100 })]);
  });

  it('computes a tariff shock from the vulnerability index', async () => {
    const { body } = await post({ scenarioId: 'us-tariff-escalation-electronics' });
    await app.deps.jobs.idle();
    const status = (await app.get(body.statusUrl)).body;
    expect(status.result.template.name).toBe('tariff_shock');
    expect(status.result.affectedChokepointIds).toEqual([]);
    // Chapter 85 vulnerability x 1.5: China 67.4 (its lanes pass five chokepoints fully), Russia 65
    // (route fallback: Kerch 100, Bosporus 50), India 46.9, the US 38.8, Taiwan 32.5, Iran 29.3
    // (route fallback: Hormuz 50, Malacca 1 of 7 lanes 14.3; 0.5 x 50 + 0.3 x 14.3).
    expect(status.result.topImpactCountries).toEqual([
      { iso2: 'CN', totalImpact: 101.1, impactPct: 100 },
      { iso2: 'RU', totalImpact: 97.5, impactPct: 96 },
      { iso2: 'IN', totalImpact: 70.35, impactPct: 70 },
      { iso2: 'US', totalImpact: 58.2, impactPct: 58 },
      { iso2: 'TW', totalImpact: 48.75, impactPct: 48 },
      { iso2: 'IR', totalImpact: 43.95, impactPct: 43 },
    ]);
  });

  it('keeps jobs to the account that queued them', async () => {
    const { body } = await post({ scenarioId: 'panama-drought-50pct' });
    await app.deps.jobs.idle();
    const other = await app.createKey({ plan: 'pro' });
    const res = await app.get(body.statusUrl, { 'x-service-key': other.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'not_found', error: 'no scenario job with this id for this account' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses unknown templates and malformed input', async () => {
    const unknown = await post({ scenarioId: 'no-such-thing' });
    expectViolation(unknown, 'scenarioId');
    expect(unknown.body.violations[0].description).toBe('Unknown scenario: no-such-thing');
    expectViolation(await post({ scenarioId: 'panama-drought-50pct', iso2: 'usa' }), 'iso2');
    expect((await post({})).status).toBe(400);
    expectViolation(await app.get(`${STATUS}?jobId=abc`), 'jobId');
  });

  it('reads the job this credential queued last when jobId is omitted', async () => {
    const own = await app.createKey({ plan: 'pro' });
    const none = await app.get(STATUS, { 'x-service-key': own.key });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({
      status: 'not_found',
      error: 'no scenario job queued with this credential; run-scenario queues one',
    });
    expect(none.headers.get('cache-control')).toBe('no-store');
    await post({ scenarioId: 'panama-drought-50pct' }, { 'x-service-key': own.key });
    await post({ scenarioId: 'hormuz-tanker-blockade', iso2: 'IN' }, { 'x-service-key': own.key });
    await app.deps.jobs.idle();
    const latest = await app.get(STATUS, { 'x-service-key': own.key });
    expect(latest.status).toBe(200);
    expect(latest.body).toMatchObject({
      status: 'done',
      result: {
        affectedChokepointIds: ['hormuz_strait'],
        topImpactCountries: [expect.objectContaining({ iso2: 'IN' })],
      },
    });
  });

  it('needs a Pro entitlement', async () => {
    const free = await app.createKey({ plan: 'free' });
    expect((await post({ scenarioId: 'panama-drought-50pct' }, { 'x-service-key': free.key })).status).toBe(403);
  });
});

describe('run-scenario queue capacity', () => {
  it('refuses with 429 and Retry-After while more than 100 scenario jobs wait, and accepts again once drained', async () => {
    // The worker is held so the queue fills: 100 waiting scenario jobs of other accounts.
    await app.deps.jobs.stop();
    try {
      for (let i = 0; i < 100; i++)
        await app.deps.jobs.enqueue({
          kind: SCENARIO_JOB,
          accountId: `queue-filler-${i}`,
          input: { scenarioId: 'panama-drought-50pct', iso2: null },
        });
      const within = await post({ scenarioId: 'suez-bab-simultaneous' });
      expect(within.status).toBe(202);
      expect(await app.deps.jobs.queued(SCENARIO_JOB)).toBe(101);
      const over = await post({ scenarioId: 'hormuz-tanker-blockade' });
      expect(over.status).toBe(429);
      expect(over.body).toEqual({ error: 'Scenario queue at capacity, please try again later' });
      expect(over.headers.get('retry-after')).toBe('30');
      expect(over.headers.get('location')).toBeNull();
    } finally {
      await app.deps.jobs.start();
    }
    await app.deps.jobs.idle();
    expect(await app.deps.jobs.queued(SCENARIO_JOB)).toBe(0);
    expect((await post({ scenarioId: 'hormuz-tanker-blockade' })).status).toBe(202);
  });
});
