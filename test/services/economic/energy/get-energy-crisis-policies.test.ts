import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import {
  crisisPoliciesDataset,
  parseCrisisPolicies,
} from '../../../../src/services/economic/energy/datasets/crisis-policies.js';

const PATH = '/api/economic/v1/get-energy-crisis-policies';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [crisisPoliciesDataset] });
});
afterAll(() => app.close());

describe('GET get-energy-crisis-policies', () => {
  it('serves the whole registry with its source', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      source: 'IEA 2026 Energy Crisis Policy Response Tracker',
      sourceUrl: 'https://www.iea.org/data-and-statistics/data-tools/2026-energy-crisis-policy-response-tracker',
      // The day the tracker was read (db/reference/economic/energy-crisis-policies.json, provenance).
      updatedAt: '2026-04-12',
      unavailable: false,
    });
    // The tracker's 142 measures, in its order (Australia first).
    expect(res.body.policies).toHaveLength(142);
    expect(res.body.policies[0]).toEqual({
      country: 'Australia',
      countryCode: 'AU',
      category: 'conservation',
      sector: 'Transport',
      measure: 'Encourages citizens to voluntarily reduce their fuel use',
      dateAnnounced: '2026-04-07',
      status: 'active',
    });
    expect(res.headers.get('cache-control')).toMatch(/max-age=600/);
  });

  it('filters by country (any case) and by category, together', async () => {
    // Japan has one measure in the tracker (a subsidy-backed fuel price cap); 65 of 142 are consumer support.
    const jp = (await app.get(`${PATH}?country_code=jp`)).body.policies;
    expect(jp.map((p: { countryCode: string }) => p.countryCode)).toEqual(['JP']);
    const support = (await app.get(`${PATH}?category=consumer_support`)).body.policies;
    expect(support.length).toBe(65);
    expect(support.every((p: { category: string }) => p.category === 'consumer_support')).toBe(true);
    expect((await app.get(`${PATH}?country_code=JP&category=conservation`)).body.policies).toEqual([]);
    // Pakistan's five measures are all conservation, the first remote work.
    const both = (await app.get(`${PATH}?country_code=PK&category=conservation`)).body.policies;
    expect(both).toHaveLength(5);
    expect(both[0].sector).toBe('Work from home');
  });

  it('answers an empty list, still available, when nothing matches', async () => {
    const res = await app.get(`${PATH}?country_code=US`);
    expect(res.body).toMatchObject({ policies: [], unavailable: false });
  });

  it('refuses a malformed country code and an unknown category', async () => {
    expectViolation(await app.get(`${PATH}?country_code=USA`), 'country_code');
    expectViolation(await app.get(`${PATH}?category=rationing`), 'category');
  });
});

describe('crisis policy registry', () => {
  it('refuses an entry with an unknown sector', () => {
    const doc = {
      source: 's',
      sourceUrl: 'https://x.org',
      context: '',
      updatedAt: '',
      policies: [
        {
          country: 'X',
          countryCode: 'XX',
          category: 'conservation',
          sector: 'Space',
          measure: 'm',
          dateAnnounced: '2026-01-01',
          status: 'active',
        },
      ],
    };
    expect(() => parseCrisisPolicies(Buffer.from(JSON.stringify(doc)))).toThrow(/policies.0.sector/);
  });
});

describe('get-energy-crisis-policies without a snapshot', () => {
  it('is empty, unavailable and uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({
        source: '',
        sourceUrl: '',
        context: '',
        policies: [],
        updatedAt: '',
        unavailable: true,
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
