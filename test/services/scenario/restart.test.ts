import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestApp, tempDbFile } from '../../support/app.js';
import { SCENARIO_DATASETS } from '../../../src/services/scenario/datasets/index.js';
import { FORECAST_SAMPLES } from '../forecast/samples.js';
import { routeModelDataset } from '../../../src/services/supply-chain/index.js';
import { comtradeFlowsDataset } from '../../../src/services/trade/index.js';

describe('scenario and simulation results after a restart', () => {
  // Same file, same store: on PostgreSQL (MDS_TEST_POSTGRES=1) the file's database goes with it.
  it('are still there, for the same account only', async () => {
    const dbFile = tempDbFile();
    try {
      const first = await startTestApp({
        dbFile,
        samples: [...SCENARIO_DATASETS, comtradeFlowsDataset, routeModelDataset, ...FORECAST_SAMPLES],
      });
      const key = await first.createKey({ plan: 'pro' });
      const headers = { 'content-type': 'application/json', 'x-service-key': key.key };
      const run = await first.request('/api/scenario/v1/run-scenario', {
        method: 'POST',
        body: JSON.stringify({ scenarioId: 'suez-bab-simultaneous' }),
        headers,
      });
      await first.request('/api/forecast/v1/trigger-simulation', { method: 'POST', body: '{}', headers });
      await first.deps.jobs.idle();
      await first.close();

      const second = await startTestApp({ dbFile, samples: 'none' });
      try {
        const status = await second.get(run.body.statusUrl, { 'x-service-key': key.key });
        expect(status.body.status).toBe('done');
        expect(status.body.result.affectedChokepointIds).toEqual(['suez', 'bab_el_mandeb']);
        const outcome = await second.get('/api/forecast/v1/get-simulation-outcome', { 'x-service-key': key.key });
        expect(outcome.body).toMatchObject({ found: true, completionStatus: 'completed' });
        expect((await second.get(run.body.statusUrl)).body.status).toBe('not_found');
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(path.dirname(dbFile), { recursive: true, force: true });
    }
    // Two app starts, each loading or reading snapshots: slower on PostgreSQL under a loaded machine.
  }, 60_000);
});
