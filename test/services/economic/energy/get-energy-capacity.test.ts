import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { eiaCapacityDataset } from '../../../../src/services/economic/energy/datasets/eia-capacity.js';

const PATH = '/api/economic/v1/get-energy-capacity';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [eiaCapacityDataset] });
});
afterAll(() => app.close());

describe('GET get-energy-capacity', () => {
  it('sums each source over the states per year, solar, wind then coal', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.series).toEqual([
      {
        energySource: 'SUN',
        name: 'Solar',
        data: [
          { year: 2022, capacityMw: 33466 },
          { year: 2023, capacityMw: 42219 },
          { year: 2024, capacityMw: 52004 },
        ],
      },
      {
        energySource: 'WND',
        name: 'Wind',
        data: [
          { year: 2022, capacityMw: 49528 },
          { year: 2023, capacityMw: 51339 },
          { year: 2024, capacityMw: 53051 },
        ],
      },
      // Wyoming reports coal only by sub-type: its subbituminous and bituminous rows count.
      {
        energySource: 'COL',
        name: 'Coal',
        data: [
          { year: 2022, capacityMw: 19320 },
          { year: 2023, capacityMw: 19320 },
          { year: 2024, capacityMw: 17450 },
        ],
      },
    ]);
    expect(res.headers.get('cache-control')).toMatch(/max-age=3600/);
  });

  it('narrows by energy source, repeated or comma-separated, any case', async () => {
    for (const q of ['energy_sources=wnd,COL', 'energy_sources=WND&energy_sources=col']) {
      expect((await app.get(`${PATH}?${q}`)).body.series.map((s: { energySource: string }) => s.energySource)).toEqual([
        'WND',
        'COL',
      ]);
    }
  });

  it('keeps the newest N years with `years`', async () => {
    const series = (await app.get(`${PATH}?energy_sources=SUN&years=2`)).body.series;
    expect(series[0].data.map((d: { year: number }) => d.year)).toEqual([2023, 2024]);
  });

  it('refuses an unknown source and a years value out of range', async () => {
    expectViolation(await app.get(`${PATH}?energy_sources=NUC`), 'energy_sources', { only: true });
    expectViolation(await app.get(`${PATH}?years=0`), 'years');
    expectViolation(await app.get(`${PATH}?years=two`), 'years');
  });
});

describe('get-energy-capacity without a snapshot', () => {
  it('is empty and uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ series: [] });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
