import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { criticalMineralsDataset } from '../../../src/services/supply-chain/minerals/datasets/minerals.js';

const PATH = '/api/supply-chain/v1/get-critical-minerals';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [criticalMineralsDataset] });
});
afterAll(() => app.close());

describe('GET get-critical-minerals', () => {
  it('ranks minerals by concentration, most concentrated first', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.upstreamUnavailable).toBe(false);
    expect(res.body.fetchedAt).toBe('2026-11-20T12:00:00.000Z');
    const names = res.body.minerals.map((m: { mineral: string }) => m.mineral);
    expect(names).toEqual(['Gallium', 'Germanium', 'Cobalt', 'Rare earths', 'Lithium']);
    const hhis = res.body.minerals.map((m: { hhi: number }) => m.hhi);
    expect([...hhis].sort((a, b) => b - a)).toEqual(hhis);
  });

  it('measures shares and HHI over the listed producers only, excluding aggregates and withheld figures', async () => {
    const res = await app.get(PATH);
    const lithium = res.body.minerals.find((m: { mineral: string }) => m.mineral === 'Lithium');
    expect(lithium.globalProduction).toBe(468400 + 260800 + 218200 + 95800);
    expect(lithium.unit).toBe('tonnes LCE');
    expect(lithium.topProducers.map((p: { countryCode: string }) => p.countryCode)).toEqual(['AU', 'CL', 'CN']);
    expect(lithium.riskRating).toBe('high');
    const germanium = res.body.minerals.find((m: { mineral: string }) => m.mineral === 'Germanium');
    expect(germanium.globalProduction).toBe(95 + 9 + 5 + 3); // Belgium is withheld ("W")
    const cobalt = res.body.minerals.find((m: { mineral: string }) => m.mineral === 'Cobalt');
    expect(cobalt.topProducers[0]).toMatchObject({ country: 'Congo (Kinshasa)', countryCode: 'CD', sharePct: 84.5 });
  });

  it('flags a missing table as degraded', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ minerals: [], fetchedAt: '', upstreamUnavailable: true });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
