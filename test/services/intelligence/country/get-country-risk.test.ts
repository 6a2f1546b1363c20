import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import { ciiScoresDataset } from '../../../../src/services/intelligence/country/datasets/cii-scores.js';
import { sdnDataset as sanctionsCountsDataset } from '../../../../src/services/sanctions/datasets/sdn.js';
import { travelAdvisoriesDataset } from '../../../../src/services/intelligence/country/datasets/travel-advisories.js';
import { expectViolation } from '../../../support/expect.js';
import { withInputs } from '../../../support/derived.js';

const PATH = '/api/intelligence/v1/get-country-risk';
/**
 * get-country-risk reads the instability index, the travel advisories and the sanctions service's SDN
 * list; the index is computed here from its own inputs (advisories and SDN among them).
 */
const INPUTS = withInputs(ciiScoresDataset);
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: INPUTS });
});
afterAll(() => app.close());

describe('GET get-country-risk', () => {
  it('combines the instability score, travel advisory and sanctions count', async () => {
    const res = await app.get(`${PATH}?country_code=UA`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      'advisoryLevel',
      'cii',
      'countryCode',
      'countryName',
      'fetchedAt',
      'sanctionsActive',
      'sanctionsCount',
      'upstreamUnavailable',
    ]);
    expect(res.body).toMatchObject({
      countryCode: 'UA',
      countryName: 'Ukraine',
      advisoryLevel: 'do-not-travel',
      sanctionsActive: false,
      sanctionsCount: 0,
      upstreamUnavailable: false,
    });
    // The index computed over the samples: 83 (derivation in get-risk-scores.test.ts), one computation so no trend.
    expect(res.body.cii).toMatchObject({
      region: 'UA',
      combinedScore: 83,
      trend: 'TREND_DIRECTION_STABLE',
      methodologyVersion: 'v8',
    });
    expect(res.body.fetchedAt).toBe(res.body.cii.computedAt);
    expect(res.headers.get('cache-control')).toMatch(/max-age=300/);
  });

  it('maps advisory and OFAC country names onto codes through the country table', async () => {
    const ru = (await app.get(`${PATH}?country_code=RU`)).body;
    expect(ru).toMatchObject({
      countryName: 'Russia',
      sanctionsActive: true,
      sanctionsCount: 22,
      advisoryLevel: 'do-not-travel',
    });
    // "Burma" in both feeds, "Korea, North" at OFAC, "Turkey" in both.
    expect((await app.get(`${PATH}?country_code=MM`)).body).toMatchObject({
      countryName: 'Myanmar',
      sanctionsCount: 3,
      advisoryLevel: 'do-not-travel',
    });
    expect((await app.get(`${PATH}?country_code=KP`)).body).toMatchObject({
      countryName: 'North Korea',
      sanctionsCount: 5,
    });
    expect((await app.get(`${PATH}?country_code=TR`)).body).toMatchObject({
      sanctionsCount: 5,
      advisoryLevel: 'caution',
    });
    // One advisory names Israel and the Palestinian territories together.
    expect((await app.get(`${PATH}?country_code=PS`)).body).toMatchObject({
      countryName: 'Palestine',
      advisoryLevel: 'reconsider',
    });
    expect((await app.get(`${PATH}?country_code=HK`)).body).toMatchObject({
      sanctionsCount: 2,
      advisoryLevel: 'reconsider',
    });
  });

  it('answers a country without a score: no cii, fetchedAt from the score set', async () => {
    const res = await app.get(`${PATH}?country_code=NO`);
    expect(res.status).toBe(200);
    expect(res.body.cii).toBeUndefined();
    expect(res.body).toMatchObject({
      countryName: 'Norway',
      advisoryLevel: 'normal',
      sanctionsActive: false,
      upstreamUnavailable: false,
    });
    expect(res.body.fetchedAt).toBeGreaterThan(Date.UTC(2026, 10, 20, 11));
  });

  it('answers a well-formed code the table does not know with the code as its name', async () => {
    const res = await app.get(`${PATH}?country_code=ZZ`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      countryCode: 'ZZ',
      countryName: 'ZZ',
      advisoryLevel: '',
      sanctionsCount: 0,
      upstreamUnavailable: false,
    });
  });

  it.each([
    ['', 'country_code'],
    ['country_code=', 'country_code'],
    ['country_code=ua', 'country_code'],
    ['country_code=Ua', 'country_code'],
    ['country_code=UKR', 'country_code'],
    ['country_code=U', 'country_code'],
    ['country_code=12', 'country_code'],
    ['country_code=U1', 'country_code'],
    ['country_code=%C3%9CA', 'country_code'],
    ['country_code=UA&country_code=RU', 'country_code'],
  ])('refuses ?%s with a violation on %s', async (query, field) => {
    const res = await app.get(`${PATH}?${query}`);
    expectViolation(res, field, { only: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses ?country=UA naming the unknown parameter, the name it meant, and the missing country_code', async () => {
    const res = await app.get(`${PATH}?country=UA`);
    expect(res.status).toBe(400);
    expect(res.body.violations.map((v: { field: string }) => v.field)).toEqual(['country', 'country_code']);
    expect(res.body.violations[0].description).toContain('did you mean country_code?');
  });

  it('keeps serving the last good snapshots when ingestions bring bad bytes', async () => {
    const before = (await app.get(`${PATH}?country_code=RU`)).body;
    const bad = Buffer.from('<html>rate limited</html>');
    const results = await Promise.all([
      app.deps.runner.run(travelAdvisoriesDataset, { origin: { kind: 'bytes', payloads: { rss: bad } } }),
      app.deps.runner.run(sanctionsCountsDataset, { origin: { kind: 'bytes', payloads: { sdn: bad } } }),
    ]);
    expect(results.map((r) => r.ok)).toEqual([false, false]);
    // No input changed, so recomputing the index publishes nothing new.
    expect(await app.deps.runner.run(ciiScoresDataset, { origin: { kind: 'live' } })).toMatchObject({
      ok: true,
      unchanged: true,
    });
    expect((await app.get(`${PATH}?country_code=RU`)).body).toEqual(before);
  });
});

describe('with an input snapshot missing', () => {
  it.each([
    ['scores', [travelAdvisoriesDataset, sanctionsCountsDataset]],
    ['advisories', [ciiScoresDataset, sanctionsCountsDataset]],
    ['sanctions', [ciiScoresDataset, travelAdvisoriesDataset]],
  ] as const)('without %s: flagged upstreamUnavailable, empty fields, never cached', async (_n, present) => {
    await withTestApp({ samples: [...present] }, async (partial) => {
      const res = await partial.get(`${PATH}?country_code=RU`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        countryCode: 'RU',
        countryName: 'Russia',
        advisoryLevel: '',
        sanctionsActive: false,
        sanctionsCount: 0,
        fetchedAt: 0,
        upstreamUnavailable: true,
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('live ingestion', () => {
  // The instability index is derived (computed here from other snapshots): here only two of its
  // inputs, the advisories and the SDN list, are fetched, and the index is computed from them.
  const FETCHED = [travelAdvisoriesDataset, sanctionsCountsDataset];

  it('fetches the advisories and the SDN list from their upstream URLs; the index is computed from them, fetching nothing', async () => {
    const files = new Map(
      FETCHED.flatMap((d) =>
        Object.values(d.sources).map(
          (s) => [new URL(s.url!).pathname, fs.readFileSync(path.join(SAMPLES_DIR, s.sample))] as const,
        ),
      ),
    );
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      const p = new URL(req.url ?? '/', 'http://x').pathname;
      seen.push(p);
      const body = files.get(p);
      res.writeHead(body ? 200 : 404).end(body ?? '');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const live = await startTestApp({
      samples: 'none',
      config: { UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
    });
    try {
      for (const d of FETCHED)
        expect(await live.deps.runner.run(d, { origin: { kind: 'live' } })).toMatchObject({ ok: true });
      expect(await live.deps.runner.run(ciiScoresDataset, { origin: { kind: 'live' } })).toMatchObject({ ok: true });
      // Only the two inputs' upstreams were asked: the derived index has none.
      expect(seen.sort()).toEqual([...files.keys()].sort());
      expect((await live.get(`${PATH}?country_code=RU`)).body).toMatchObject({
        sanctionsCount: 22,
        upstreamUnavailable: false,
      });
    } finally {
      await live.close();
      server.close();
    }
  });
});
