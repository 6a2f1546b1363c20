import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import {
  buildYieldCurve,
  ecbYieldCurveDataset,
} from '../../../../src/services/economic/rates/datasets/ecb-yield-curve.js';

const PATH = '/api/economic/v1/get-eu-yield-curve';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [ecbYieldCurveDataset], clock: new ManualClock(SAMPLE_NOW) });
});
afterAll(() => app.close());

describe('GET get-eu-yield-curve', () => {
  it('serves the AAA spot curve by maturity, 3 decimals', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        date: '2026-11-19',
        rates: { '1Y': 1.982, '2Y': 2.036, '5Y': 2.302, '10Y': 2.714, '20Y': 3.129, '30Y': 3.199 },
        source: 'ecb-aaa',
        updatedAt: new Date(SAMPLE_NOW).toISOString(),
      },
      unavailable: false,
    });
    expect(res.headers.get('cache-control')).toMatch(/max-age=3600/);
  });
});

describe('ECB YC parsing', () => {
  it('keeps the newest rate per served tenor and refuses a curve of fewer than four', () => {
    const rows = ['1Y', '2Y', '5Y', '7Y'].map((t) => `SR_${t},2026-11-19,2.1`).join('\n');
    expect(() => buildYieldCurve(Buffer.from(`DATA_TYPE_FM,TIME_PERIOD,OBS_VALUE\n${rows}\n`))).toThrow(
      /only 3 tenors/,
    );
    const four = `DATA_TYPE_FM,TIME_PERIOD,OBS_VALUE\nSR_1Y,2026-11-18,1\nSR_1Y,2026-11-19,2\nSR_2Y,2026-11-19,2\nSR_5Y,2026-11-19,2\nSR_10Y,2026-11-19,2\n`;
    expect(buildYieldCurve(Buffer.from(four))[0]).toEqual({ tenor: '1Y', date: '2026-11-19', rate: 2 });
  });

  it('asks the ECB for the latest observation of the six spot series', async () => {
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(req.url!);
      res.writeHead(503).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const live = await startTestApp({
      samples: 'none',
      config: { UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
    });
    try {
      expect((await live.deps.runner.run(ecbYieldCurveDataset, { origin: { kind: 'live' } })).ok).toBe(false);
      expect(hits[0]).toBe(
        '/service/data/YC/B.U2.EUR.4F.G_N_A.SV_C_YM.SR_1Y+SR_2Y+SR_5Y+SR_10Y+SR_20Y+SR_30Y?lastNObservations=1&format=csvdata',
      );
    } finally {
      await live.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('get-eu-yield-curve without a snapshot', () => {
  it('is unavailable, without data, uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ unavailable: true });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
