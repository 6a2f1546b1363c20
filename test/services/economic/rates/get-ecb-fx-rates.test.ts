import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import { buildEcbFx, ecbFxDataset } from '../../../../src/services/economic/rates/datasets/ecb-fx.js';

const PATH = '/api/economic/v1/get-ecb-fx-rates';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [ecbFxDataset], clock: new ManualClock(SAMPLE_NOW) });
});
afterAll(() => app.close());

describe('GET get-ecb-fx-rates', () => {
  it('serves seven pairs per euro with the change from the day before', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.rates.map((r: { pair: string }) => r.pair)).toEqual([
      'EURUSD',
      'EURGBP',
      'EURJPY',
      'EURCHF',
      'EURCAD',
      'EURAUD',
      'EURCNY',
    ]);
    // 1.1595 against 1.1543 on the 18th; 179.57 yen against 179.06
    expect(res.body.rates[0]).toEqual({ pair: 'EURUSD', rate: 1.1595, date: '2026-11-19', change1d: 0.0052 });
    expect(res.body.rates[2]).toEqual({ pair: 'EURJPY', rate: 179.57, date: '2026-11-19', change1d: 0.51 });
    expect(res.body).toMatchObject({
      updatedAt: '2026-11-19T14:00:00Z',
      seededAt: String(SAMPLE_NOW),
      unavailable: false,
    });
    expect(res.headers.get('cache-control')).toMatch(/max-age=300/);
  });
});

describe('ECB EXR parsing', () => {
  it('needs three pairs', () => {
    const csv =
      'KEY,FREQ,CURRENCY,TIME_PERIOD,OBS_VALUE\nEXR.D.USD.EUR.SP00.A,D,USD,2026-11-19,1.1542\nEXR.D.GBP.EUR.SP00.A,D,GBP,2026-11-19,0.87\n';
    expect(() => buildEcbFx(Buffer.from(csv))).toThrow(/only 2 currency pairs/);
  });

  it('gives a single day a zero change', () => {
    const csv = 'CURRENCY,TIME_PERIOD,OBS_VALUE\nUSD,2026-11-19,1.15423456\nGBP,2026-11-19,0.87\nCHF,2026-11-19,0.93\n';
    expect(buildEcbFx(Buffer.from(csv))[0]).toEqual({
      pair: 'EURUSD',
      rate: 1.154235,
      date: '2026-11-19',
      change1d: 0,
    });
  });
});

describe('get-ecb-fx-rates without a snapshot', () => {
  it('is empty, unavailable and uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ rates: [], updatedAt: '', seededAt: '0', unavailable: true });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
