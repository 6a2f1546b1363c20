import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { bisCreditDataset, buildCreditToGdp } from '../../../../src/services/economic/rates/datasets/bis-credit.js';

const PATH = '/api/economic/v1/get-bis-credit';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [bisCreditDataset] });
});
afterAll(() => app.close());

describe('GET get-bis-credit', () => {
  it('serves the latest quarter and the one before for each economy BIS covers, in table order', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const codes = res.body.entries.map((e: { countryCode: string }) => e.countryCode);
    expect(codes).toEqual(['US', 'XM', 'GB', 'JP', 'CH', 'CA', 'AU', 'CN', 'IN', 'KR', 'BR']);
    expect(res.body.entries[0]).toEqual({
      countryCode: 'US',
      countryName: 'United States',
      creditGdpRatio: 251.2,
      previousRatio: 249.5,
      date: '2026-Q1',
    });
    expect(res.body.entries[1]).toMatchObject({
      countryCode: 'XM',
      countryName: 'Euro Area',
      creditGdpRatio: 243.5,
      previousRatio: 244,
    });
    expect(res.headers.get('cache-control')).toMatch(/max-age=3600/);
  });
});

describe('BIS WS_TC parsing', () => {
  it('uses the ratio itself as the previous one when there is a single quarter', () => {
    const csv = 'FREQ,BORROWERS_CTY,TC_BORROWERS,TIME_PERIOD,OBS_VALUE\nQ,jp,C,2026-Q1,381.74\nQ,JP,C,2026-13,1\n';
    expect(buildCreditToGdp(Buffer.from(csv))).toEqual([
      { countryCode: 'JP', countryName: 'Japan', creditGdpRatio: 381.7, previousRatio: 381.7, date: '2026-Q1' },
    ]);
  });

  it('refuses an answer without any ratio', () => {
    expect(() => buildCreditToGdp(Buffer.from('FREQ,BORROWERS_CTY,TIME_PERIOD,OBS_VALUE\n'))).toThrow(/no economy/);
  });
});

describe('get-bis-credit without a snapshot', () => {
  it('is an empty list, uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ entries: [] });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
