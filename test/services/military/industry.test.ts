import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  defensePatentsDataset,
  parseDefensePatents,
} from '../../../src/services/military/industry/datasets/defense-patents.js';
import {
  armsSuppliersDataset,
  industrialBaseDataset,
  parseArmsSuppliers,
  parseIndustrialBase,
} from '../../../src/services/military/industry/datasets/industrial-base.js';
import { latestPair, supplierDependence } from '../../../src/services/military/industry/rules.js';
import { parseOdpSearch } from '../../../src/sources/uspto/odp.js';
import { parseWorldBankIndicator } from '../../../src/sources/worldbank/indicators.js';
import { parseTivTable } from '../../../src/sources/sipri/arms-transfers.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';

const read = (rel: string) => fs.readFileSync(path.join(SAMPLES_DIR, rel));
const payloadsOf = (ds: { sources: Record<string, { sample: string }> }) =>
  Object.fromEntries(Object.entries(ds.sources).map(([k, s]) => [k, read(s.sample)]));

describe('defense patents', () => {
  const patents = parseDefensePatents(payloadsOf(defensePatentsDataset));

  it('merges the five subclass searches, newest first', () => {
    expect(patents).toHaveLength(17);
    expect(patents.map((p) => p.date)).toEqual([...patents.map((p) => p.date)].sort().reverse());
    expect(patents[0]).toEqual({
      patentId: 'US20260203333A1',
      title: 'Federated training of target recognition models across disconnected edge nodes',
      date: '2026-06-24',
      assignee: 'Lockheed Martin Corporation',
      cpcCode: 'G06N 3/098',
      cpcDesc: 'Computing arrangements based on specific computational models (AI)',
      abstract: '',
      url: 'https://patents.google.com/patent/US20260203333A1/en',
    });
    // Unpublished applications link to the USPTO data portal.
    expect(patents.find((p) => p.patentId === '18755502')!.url).toBe(
      'https://data.uspto.gov/patent-file-wrapper/search/details/18755502',
    );
  });

  it('refuses a response it cannot read', () => {
    expect(() => parseOdpSearch(Buffer.from('nope'))).toThrow(/not JSON/);
    expect(parseOdpSearch(Buffer.from('{"count":0}'))).toEqual([]);
    expect(() => parseDefensePatents({ H04B: Buffer.from('{}') })).toThrow(/H01L is missing/);
  });
});

describe('industrial base sources', () => {
  it('takes the latest and previous non-empty observation', () => {
    expect(
      latestPair(
        [
          { year: 2024, value: null },
          { year: 2022, value: 33.5 },
          { year: 2023, value: 36.7 },
        ],
        's',
      ),
    ).toEqual({ available: true, value: 36.7, year: 2023, previousValue: 33.5, previousYear: 2022, source: 's' });
    expect(latestPair([{ year: 2024, value: null }], 's').available).toBe(false);
  });

  it('computes supplier shares with unmapped suppliers in the denominator', () => {
    expect(
      supplierDependence([
        { iso2: 'US', tiv: 60 },
        { iso2: 'FR', tiv: 30 },
        { iso2: undefined, tiv: 10 },
      ]),
    ).toEqual({
      suppliers: [
        { supplierIso2: 'US', tivShare: 0.6 },
        { supplierIso2: 'FR', tivShare: 0.3 },
      ],
      hhi: 0.46,
      coverage: 0.9,
    });
    expect(supplierDependence([])).toEqual({ suppliers: [], hhi: 0, coverage: 0 });
  });

  it('keeps shares, concentration and coverage within 0..1 (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            iso2: fc.option(fc.constantFrom('US', 'FR', 'RU', 'DE'), { nil: undefined }),
            tiv: fc.double({ min: 0, max: 1e6, noNaN: true }),
          }),
        ),
        (rows) => {
          const d = supplierDependence(rows);
          for (const v of [d.hhi, d.coverage, ...d.suppliers.map((s) => s.tivShare)])
            expect(v >= 0 && v <= 1).toBe(true);
          expect(d.suppliers.reduce((s, x) => s + x.tivShare, 0)).toBeLessThanOrEqual(d.coverage + 0.001);
        },
      ),
    );
  });

  it('reads World Bank pages and SIPRI tables, and refuses broken ones', () => {
    expect(parseIndustrialBase(payloadsOf(industrialBaseDataset))).toHaveLength(11);
    expect(() => parseWorldBankIndicator(Buffer.from('[{"message":[{"id":"120","value":"Invalid value"}]}]'))).toThrow(
      /Invalid value/,
    );
    expect(parseArmsSuppliers(read(armsSuppliersDataset.sources.tiv!.sample)).map((r) => r.countryCode)).toEqual([
      'IN',
      'SA',
      'UA',
    ]);
    expect(() => parseTivTable(Buffer.from('Supplier,2020\nX,1'))).toThrow(/no Recipient,Supplier header/);
    expect(() => parseTivTable(Buffer.from('Recipient,Supplier,2020,Total\nIndia,Russia,abc,1'))).toThrow(
      /not a number/,
    );
  });
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [defensePatentsDataset, industrialBaseDataset, armsSuppliersDataset] });
});
afterAll(() => app.close());

const PATENTS = '/api/military/v1/list-defense-patents';
const BASE = '/api/military/v1/get-defense-industrial-base';

describe('GET list-defense-patents', () => {
  it('answers the empty request with the 17 filings (default limit 20)', async () => {
    const res = await app.get(PATENTS);
    expect(res.status).toBe(200);
    expect(res.body.patents).toHaveLength(17);
    expect(res.body.total).toBe(17);
    expect(res.body.fetchedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('filters by CPC prefix and applicant, and limits', async () => {
    const h01l = await app.get(`${PATENTS}?cpc_code=h01l`);
    expect(h01l.body.total).toBe(4);
    const g06n3 = await app.get(`${PATENTS}?cpc_code=G06N3`);
    expect(g06n3.body.patents.map((p: { patentId: string }) => p.patentId)).toEqual([
      'US20260203333A1',
      'US20260166543A1',
    ]);
    const ray = await app.get(`${PATENTS}?assignee=RAYTHEON`);
    expect(ray.body.patents.map((p: { assignee: string }) => p.assignee)).toEqual([
      'Raytheon Company',
      'Raytheon Company',
    ]);
    const two = await app.get(`${PATENTS}?limit=2`);
    expect(two.body).toMatchObject({ total: 17 });
    expect(two.body.patents).toHaveLength(2);
  });

  it('rejects a bad limit', async () => {
    expectViolation(await app.get(`${PATENTS}?limit=101`), 'limit');
    expectViolation(await app.get(`${PATENTS}?limit=x`), 'limit');
  });
});

describe('GET get-defense-industrial-base', () => {
  it('combines World Bank indicators and SIPRI supplier shares', async () => {
    const res = await app.get(`${BASE}?country_code=UA`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      countryCode: 'UA',
      available: true,
      expenditurePctGdp: {
        available: true,
        value: 36.7,
        year: 2023,
        previousValue: 33.5,
        previousYear: 2022,
        source: 'World Bank MS.MIL.XPND.GD.ZS',
      },
      personnel: { available: true, value: 296000, year: 2020, previousValue: 297000, previousYear: 2019 },
      suppliers: [
        { supplierIso2: 'US', tivShare: 0.5912 },
        { supplierIso2: 'DE', tivShare: 0.2138 },
        { supplierIso2: 'PL', tivShare: 0.1887 },
      ],
      windowStartYear: 2020,
      windowEndYear: 2024,
      supplierSource: 'SIPRI Arms Transfers Database',
      supplierRetained: false,
      supplierMappingCoverage: 0.9937, // 7900 of 7950 TIV; NATO is no country
    });
    expect(res.body.supplierHhi).toBeCloseTo(0.4308, 3);
    expect(res.body.fetchedAt).toBe(res.body.industrialFetchedAt);
    expect(res.headers.get('cache-control')).toMatch(/max-age=3600/);
  });

  it('answers World Bank data alone for a country SIPRI does not cover', async () => {
    const res = await app.get(`${BASE}?country_code=JP`);
    expect(res.body).toMatchObject({
      available: true,
      suppliers: [],
      supplierHhi: 0,
      windowStartYear: 0,
      supplierSource: '',
      armsExportsTiv: { available: false, value: 0 },
    });
  });

  it('says unavailable, uncached, for a country neither covers', async () => {
    const res = await app.get(`${BASE}?country_code=BR`);
    expect(res.body.available).toBe(false);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('requires an upper-case ISO-2 code', async () => {
    expectViolation(await app.get(BASE), 'country_code');
    expectViolation(await app.get(`${BASE}?country_code=ua`), 'country_code');
    expectViolation(await app.get(`${BASE}?country_code=UKR`), 'country_code');
  });
});
