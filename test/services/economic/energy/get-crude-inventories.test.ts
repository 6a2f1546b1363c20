import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { eiaWeeklyDataset } from '../../../../src/services/economic/energy/datasets/eia-weekly.js';

const PATH = '/api/economic/v1/get-crude-inventories';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [eiaWeeklyDataset] });
});
afterAll(() => app.close());

describe('GET get-crude-inventories', () => {
  it('lists eight weeks newest first in million barrels, each with its weekly change', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.latestPeriod).toBe('2026-11-13');
    expect(res.body.weeks).toHaveLength(8);
    expect(res.body.weeks[0]).toEqual({ period: '2026-11-13', stocksMb: 427.315, weeklyChangeMb: -1.137 });
    expect(res.body.weeks[7]).toEqual({ period: '2026-09-25', stocksMb: 432.181, weeklyChangeMb: 0.291 });
    const periods = res.body.weeks.map((w: { period: string }) => w.period);
    expect([...periods].sort().reverse()).toEqual(periods);
    expect(res.headers.get('cache-control')).toMatch(/max-age=3600/);
  });

  it('leaves out the change of a week whose predecessor is missing', async () => {
    await withTestApp({ samples: 'none' }, async (short) => {
      const doc = {
        response: { data: [{ period: '2026-11-13', series: 'WCRSTUS1', value: '427315', units: 'MBBL' }] },
      };
      const spot = fs.readFileSync(path.join(SAMPLES_DIR, eiaWeeklyDataset.sources.spot.sample));
      const r = await short.deps.runner.run(eiaWeeklyDataset, {
        origin: { kind: 'bytes', payloads: { spot, crude: Buffer.from(JSON.stringify(doc)) } },
      });
      expect(r.ok).toBe(true);
      expect((await short.get(PATH)).body).toEqual({
        weeks: [{ period: '2026-11-13', stocksMb: 427.315 }],
        latestPeriod: '2026-11-13',
      });
    });
  });
});

describe('get-crude-inventories without a snapshot', () => {
  it('is empty and uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ weeks: [], latestPeriod: '' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
