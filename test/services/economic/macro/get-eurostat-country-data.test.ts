import fc from 'fast-check';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import { buildEurostat, eurostatDataset } from '../../../../src/services/economic/macro/datasets/eurostat.js';
import { latestMetric } from '../../../../src/services/economic/macro/rules.js';

const PATH = '/api/economic/v1/get-eurostat-country-data';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [eurostatDataset], clock: new ManualClock(SAMPLE_NOW) });
});
afterAll(() => app.close());

describe('GET get-eurostat-country-data', () => {
  it('serves inflation, unemployment and growth per country with the period before', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.countries).sort()).toEqual([
      'AT',
      'BE',
      'CZ',
      'DE',
      'ES',
      'FR',
      'IT',
      'NL',
      'PL',
      'SE',
    ]);
    expect(res.body.countries.DE).toEqual({
      cpi: { value: 2.4, date: '2026-10', unit: '%', priorValue: 2.2, hasPrior: true },
      unemployment: { value: 4.1, date: '2026-09', unit: '%', priorValue: 3.9, hasPrior: true },
      gdpGrowth: { value: -0.3, date: '2026-Q2', unit: '%', priorValue: -0.1, hasPrior: true },
    });
    expect(res.body).toMatchObject({ seededAt: String(SAMPLE_NOW), unavailable: false });
    expect(res.headers.get('cache-control')).toMatch(/max-age=300/);
  });

  it('falls back to the last period with a value and says when there is no prior', async () => {
    const c = (await app.get(PATH)).body.countries;
    expect(c.SE.cpi).toEqual({ value: 1.9, date: '2026-09', unit: '%', priorValue: 0, hasPrior: false });
    expect(c.PL.unemployment).toMatchObject({ value: 3.3, date: '2026-08', priorValue: 3.2 });
    expect(c.CZ.gdpGrowth).toEqual({ value: 0.6, date: '2026-Q2', unit: '%', priorValue: 0, hasPrior: false });
  });
});

describe('Eurostat rules and parsing', () => {
  it('the metric is the newest observation, the prior the one before', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -50, max: 50, noNaN: true }), { maxLength: 6 }), (values) => {
        const obs = values.map((value, i) => ({ period: `2026-0${i + 1}`, value }));
        const m = latestMetric(obs);
        if (values.length === 0) expect(m).toBeUndefined();
        else {
          expect(m!.date).toBe(obs.at(-1)!.period);
          expect(m!.hasPrior).toBe(values.length > 1);
        }
      }),
    );
  });

  it('refuses a run with fewer than five countries and a document that is not JSON-stat', () => {
    const doc = {
      version: '2.0',
      class: 'dataset',
      id: ['geo', 'time'],
      size: [1, 1],
      value: [1.5],
      dimension: { geo: { category: { index: { DE: 0 } } }, time: { category: { index: { '2026-10': 0 } } } },
    };
    expect(() => buildEurostat({ cpi: Buffer.from(JSON.stringify(doc)) })).toThrow(/only 1 countries/);
    expect(() => buildEurostat({ cpi: Buffer.from('{"error":{"status":400}}') })).toThrow(/JSON-stat/);
  });

  it('asks each dataset for the ten countries with its filters', async () => {
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(req.url!);
      res.writeHead(404).end('{"error":[{"status":404,"label":"not found"}]}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const live = await startTestApp({
      samples: 'none',
      config: { UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
    });
    try {
      expect((await live.deps.runner.run(eurostatDataset, { origin: { kind: 'live' } })).ok).toBe(false);
      expect(hits).toContain(
        '/eurostat/api/dissemination/statistics/1.0/data/une_rt_m?format=JSON&lang=EN&lastTimePeriod=3&sex=T&age=TOTAL&s_adj=SA&unit=PC_ACT&geo=DE&geo=FR&geo=IT&geo=ES&geo=PL&geo=NL&geo=BE&geo=AT&geo=SE&geo=CZ',
      );
    } finally {
      await live.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('get-eurostat-country-data without a snapshot', () => {
  it('is empty, unavailable and uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ countries: {}, seededAt: '0', unavailable: true });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
