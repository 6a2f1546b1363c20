import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { givingClaimsDataset, parseClaims } from '../../../src/services/giving/datasets/claims.js';
import { annualised, dataMode, normaliseStatus, platformDailyUsd, yearOf } from '../../../src/services/giving/rules.js';

const PATH = '/api/giving/v1/get-giving-summary';

describe('rules', () => {
  it.each([
    [7, 'per_day', 2555],
    [50, 'per_week', 2600],
    [10, 'per_month', 120],
    [84, 'per_year', 84],
    [5, 'cumulative', undefined],
    [5, 'index', undefined],
  ])('%d %s is %s a year', (v, basis, e) => expect(annualised(v, basis)).toBe(e));
  it.each([
    ['Verified', 'verified'],
    ['partially verified', 'partially_verified'],
    ['not-collected', 'not_collected'],
    ['maybe', 'unverified'],
  ])('status %s -> %s', (s, e) => expect(normaliseStatus(s)).toBe(e));
  it('adds only verified, USD, included rate claims of the platform', () => {
    const c = {
      subject: 'platform:P',
      status: 'verified',
      reportedUnit: 'USD',
      measurementBasis: 'per_week',
      reportedValue: 50_000_000,
      includedInHighlightedAggregate: true,
    };
    expect(platformDailyUsd([c], 'P')).toBe(7123287.67);
    expect(
      platformDailyUsd(
        [
          { ...c, status: 'unverified' },
          { ...c, reportedUnit: 'GBP' },
          { ...c, includedInHighlightedAggregate: false },
          { ...c, subject: 'platform:Q' },
        ],
        'P',
      ),
    ).toBe(0);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            subject: fc.constantFrom('platform:P', 'platform:Q'),
            status: fc.constantFrom('verified', 'unverified'),
            reportedUnit: fc.constantFrom('USD', 'GBP'),
            measurementBasis: fc.constantFrom('per_week', 'per_year', 'cumulative'),
            reportedValue: fc.nat(1e9),
            includedInHighlightedAggregate: fc.boolean(),
          }),
        ),
        (claims) => {
          expect(platformDailyUsd(claims, 'P')).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
  it('calls the data partial when anything is unverified', () => {
    expect(dataMode(['verified', 'not_collected'])).toBe('published_estimate');
    expect(dataMode(['verified', 'partially verified'])).toBe('partial_estimate');
    expect(yearOf('2023')).toBe(2023);
    expect(yearOf('')).toBe(0);
  });
  it('refuses a registry that is not in the layout', () => {
    expect(() => parseClaims(Buffer.from('{"claims":[]}'))).toThrow(/giving claims: generatedAt/);
    expect(() => parseClaims(Buffer.from('<html>'))).toThrow(/giving claims/);
  });
  it('is a reference table: no upstream address, read from db/reference', () => {
    expect(givingClaimsDataset.kind).toBe('reference');
    expect(givingClaimsDataset.sources.claims).toEqual({
      reference: true,
      sample: 'giving/published-estimate-claims.json',
    });
  });
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [givingClaimsDataset] });
});
afterAll(() => app.close());

describe('GET get-giving-summary', () => {
  it('computes the summary from the bundled registry', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const { summary, fetchedAt, dataAvailable } = res.body;
    expect(dataAvailable).toBe(true);
    expect(fetchedAt).toBe(Date.parse('2026-11-01T00:00:00Z'));
    expect(
      summary.platforms.map((p: { platform: string; dailyVolumeUsd: number }) => [p.platform, p.dailyVolumeUsd]),
    ).toEqual([
      ['GoFundMe', 7123287.67],
      ['GlobalGiving', 230136.99],
      ['JustGiving', 0],
    ]);
    expect(summary.estimatedDailyFlowUsd).toBe(7353424.66);
    expect(summary.institutional).toEqual({
      oecdOdaAnnualUsdBn: 223.7,
      oecdDataYear: 2023,
      cafWorldGivingIndex: 0,
      cafDataYear: 0,
      candidGrantsTracked: 3000000,
      dataLag: 'Annual published context',
    });
    expect(summary).toMatchObject({
      dataMode: 'partial_estimate',
      trend: 'stable',
      activityIndex: 0,
      trendAvailable: false,
      activityIndexAvailable: false,
    });
    expect(summary.categories).toHaveLength(9);
    expect(summary.provenance).toHaveLength(12);
    expect(Object.keys(summary.provenance[0])).toHaveLength(17);
  });
  it('trims platforms and categories', async () => {
    const { summary } = (await app.get(`${PATH}?platform_limit=1&category_limit=2`)).body;
    expect(summary.platforms).toHaveLength(1);
    expect(summary.categories).toHaveLength(2);
    expect((await app.get(`${PATH}?platform_limit=-1`)).body.summary.platforms).toHaveLength(3);
  });
  it.each([
    ['platform_limit=a', 'platform_limit'],
    ['category_limit=1.2', 'category_limit'],
  ])('refuses %s', async (q, f) => expectViolation(await app.get(`${PATH}?${q}`), f));
  it('without the registry answers dataAvailable false, uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ fetchedAt: 0, dataAvailable: false });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
