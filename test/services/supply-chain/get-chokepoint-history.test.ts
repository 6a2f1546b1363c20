import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, SAMPLE_NOW, type TestApp } from '../../support/app.js';
import { SUPPLY_CHAIN_DATASETS } from '../../../src/services/supply-chain/datasets/index.js';
import { chokepointsDataset } from '../../../src/services/supply-chain/chokepoints/datasets/chokepoints.js';
import { expectViolation } from '../../support/expect.js';

const PATH = '/api/supply-chain/v1/get-chokepoint-history';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: SUPPLY_CHAIN_DATASETS });
});
afterAll(() => app.close());

describe('GET get-chokepoint-history', () => {
  it('returns at least 180 days of transits by class and capacity, oldest first', async () => {
    const res = await app.get(`${PATH}?chokepointId=hormuz_strait`);
    expect(res.status).toBe(200);
    expect(res.body.chokepointId).toBe('hormuz_strait');
    expect(res.body.fetchedAt).toBe(String(SAMPLE_NOW));
    const h = res.body.history;
    expect(h.length).toBeGreaterThanOrEqual(180);
    expect(h.at(-1).date).toBe('2026-11-19');
    const dates = h.map((d: { date: string }) => d.date);
    expect([...dates].sort()).toEqual(dates);
    expect(Object.keys(h[0]).sort()).toEqual(
      [
        'capContainer',
        'capDryBulk',
        'capGeneralCargo',
        'capRoro',
        'capTanker',
        'cargo',
        'container',
        'date',
        'dryBulk',
        'generalCargo',
        'other',
        'roro',
        'tanker',
        'total',
      ].sort(),
    );
    for (const d of h) {
      expect(d.cargo).toBe(d.container + d.dryBulk + d.generalCargo + d.roro);
      expect(d.total).toBe(d.tanker + d.cargo + d.other);
    }
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });

  it('reports the tanker DWT as 0 where the tracker left it out', async () => {
    const res = await app.get(`${PATH}?chokepointId=panama`);
    const zero = res.body.history.filter((d: { capTanker: number }) => d.capTanker === 0).length;
    expect(zero).toBeGreaterThan(res.body.history.length / 2);
  });

  it.each([
    ['', 'chokepointId'],
    ['chokepointId=', 'chokepointId'],
    ['chokepointId=atlantis', 'chokepointId'],
    ['chokepointId=suez&chokepointId=panama', 'chokepointId'],
  ])('refuses "%s" with a violation on %s', async (query, field) => {
    const res = await app.get(`${PATH}?${query}`);
    expectViolation(res, field, { only: true });
  });

  it('serves an empty, uncached history when the transit snapshot is missing', async () => {
    await withTestApp({ samples: [chokepointsDataset] }, async (partial) => {
      const res = await partial.get(`${PATH}?chokepointId=suez`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ chokepointId: 'suez', history: [], fetchedAt: '0' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
