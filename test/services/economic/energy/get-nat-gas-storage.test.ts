import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { eiaWeeklyDataset } from '../../../../src/services/economic/energy/datasets/eia-weekly.js';

const PATH = '/api/economic/v1/get-nat-gas-storage';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [eiaWeeklyDataset] });
});
afterAll(() => app.close());

describe('GET get-nat-gas-storage', () => {
  it('lists eight weeks of Lower 48 working gas, newest first, with the weekly net change', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.latestPeriod).toBe('2026-11-13');
    expect(res.body.weeks).toHaveLength(8);
    expect(res.body.weeks.slice(0, 3)).toEqual([
      { period: '2026-11-13', storBcf: 3946, weeklyChangeBcf: 12 },
      { period: '2026-11-06', storBcf: 3934, weeklyChangeBcf: -8 },
      { period: '2026-10-30', storBcf: 3942, weeklyChangeBcf: 45 },
    ]);
    expect(res.body.weeks[7]).toEqual({ period: '2026-09-25', storBcf: 3693, weeklyChangeBcf: 67 });
  });
});

describe('get-nat-gas-storage without a snapshot', () => {
  it('is empty and uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ weeks: [], latestPeriod: '' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
