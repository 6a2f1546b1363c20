import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { faoFfpiDataset } from '../../../../src/services/economic/prices/datasets/fao-ffpi.js';
import { pctChange2 } from '../../../../src/services/economic/prices/rules.js';
import { parseFfpiCsv } from '../../../../src/sources/fao/ffpi.js';

const PATH = '/api/economic/v1/get-fao-food-price-index';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [faoFfpiDataset], clock: new ManualClock(SAMPLE_NOW) });
});
afterAll(() => app.close());

describe('GET get-fao-food-price-index', () => {
  it('serves the last twelve months oldest first with the monthly and yearly change of the latest', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      currentFfpi: 124.8,
      momPct: 0.32, // 124.8 against 124.4 in September
      yoyPct: -1.27, // against 126.4 in October 2025
      fetchedAt: new Date(SAMPLE_NOW).toISOString(),
    });
    expect(res.body.points).toHaveLength(12);
    expect(res.body.points[0].date).toBe('2025-11');
    expect(res.body.points.at(-1)).toEqual({
      date: '2026-10',
      ffpi: 124.8,
      meat: 126.9,
      dairy: 131.8,
      cereals: 104.9,
      oils: 163.5,
      sugar: 92.3,
    });
    expect(res.headers.get('cache-control')).toMatch(/max-age=3600/);
  });
});

describe('FAO CSV parsing', () => {
  it('reads the monthly rows of the download, skipping titles and notes', () => {
    const months = parseFfpiCsv(
      fs.readFileSync(path.join(SAMPLES_DIR, 'economic', 'fao', 'food_price_indices_data.csv')),
    );
    expect(months).toHaveLength(16);
    expect(months[0].date).toBe('2025-07');
  });

  it('skips incomplete rows and refuses a file without any month', async () => {
    expect(parseFfpiCsv('2026-10,139.0,,1,1,1,1\n2026-09,138,1,1,1,1,1\n')).toHaveLength(1);
    const r = await app.deps.runner.run(faoFfpiDataset, {
      origin: { kind: 'bytes', payloads: { csv: Buffer.from('<html>moved</html>') } },
    });
    expect(r.ok).toBe(false);
    expect((await app.get(PATH)).body.currentFfpi).toBe(124.8);
  });

  it.each([
    [110, 100, 10],
    [100, 0, 0],
    [100, undefined, 0],
    [99.98, 100, -0.02],
  ])('%d against %s is %d%%', (a, b, pct) => expect(pctChange2(a, b)).toBe(pct));

  it('a change applied to its base gives back the latest value within rounding', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1000, noNaN: true }),
        fc.double({ min: 1, max: 1000, noNaN: true }),
        (latest, base) => {
          expect(Math.abs(base * (1 + pctChange2(latest, base) / 100) - latest)).toBeLessThanOrEqual(
            base * 0.00005 + 1e-9,
          );
        },
      ),
    );
  });
});

describe('get-fao-food-price-index without a snapshot', () => {
  it('is zeros and uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ points: [], fetchedAt: '', currentFfpi: 0, momPct: 0, yoyPct: 0 });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
