import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyTickersDataset,
  submissionsDataset,
} from '../../../../src/services/intelligence/companies/datasets/company-filers.js';
import { filingSignal, stronger } from '../../../../src/services/intelligence/companies/signals.js';
import { FormatError } from '../../../../src/sources/formats/errors.js';
import { parseCompanyTickers, readSubmissions } from '../../../../src/sources/sec-edgar/submissions.js';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';

const ENRICH = '/api/intelligence/v1/get-company-enrichment';
const SIGNALS = '/api/intelligence/v1/list-company-signals';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [companyTickersDataset, submissionsDataset] });
});
afterAll(() => app.close());

describe('EDGAR registry and submissions parsers', () => {
  it('pads CIKs and upper-cases tickers; rejects an empty registry', () => {
    expect(
      parseCompanyTickers('{"0":{"cik_str":320193,"ticker":"aapl","title":"Apple Inc."},"1":{"ticker":"X"}}'),
    ).toEqual([{ ticker: 'AAPL', cik: '0000320193', name: 'Apple Inc.' }]);
    expect(() => parseCompanyTickers('{}')).toThrow(FormatError);
  });

  it('reads the columnar recent filings row by row', () => {
    const s = readSubmissions({
      cik: '12927',
      name: 'BOEING CO',
      filings: {
        recent: {
          accessionNumber: ['a-1'],
          form: ['8-K'],
          filingDate: ['2026-11-20'],
          acceptanceDateTime: ['2026-11-20T16:10:05.000Z'],
          items: ['5.02,9.01'],
          primaryDocument: ['x.htm'],
        },
      },
    });
    expect(s.cik).toBe('0000012927');
    expect(s.filings).toEqual([
      {
        accession: 'a-1',
        form: '8-K',
        filingDate: '2026-11-20',
        acceptedAt: Date.UTC(2026, 10, 20, 16, 10, 5),
        items: ['5.02', '9.01'],
        primaryDocument: 'x.htm',
      },
    ]);
    expect(() => readSubmissions({ name: 'no cik' })).toThrow(/submissions/);
  });
});

describe('signal rules', () => {
  const f = (form: string, items: string[]) => ({
    accession: 'a',
    form,
    filingDate: '',
    acceptedAt: 0,
    items,
    primaryDocument: '',
  });
  it.each([
    ['8-K', ['1.05', '7.01', '9.01'], 'Cybersecurity Incident', 'Strong'],
    ['8-K', ['2.02', '9.01'], 'Financial Results', 'Moderate'],
    ['8-K', ['5.02', '1.01'], 'M&A / Agreement', 'Strong'],
    ['8-K/A', ['3.02'], 'Material Event', 'Moderate'],
  ])('%s %j -> %s, %s', (form, items, type, strength) => {
    expect(filingSignal(f(form, items))).toMatchObject({ type, strength });
  });
  it('ignores routine-only 8-Ks and other forms', () => {
    expect(filingSignal(f('8-K', ['8.01', '9.01']))).toBeUndefined();
    expect(filingSignal(f('10-Q', ['2.02']))).toBeUndefined();
  });
  it('prefers strength, then a lower tier, then the newer', () => {
    const s = (strength: string, sourceTier: number, timestampMs: number) => ({ strength, sourceTier, timestampMs });
    expect(stronger(s('Moderate', 1, 9), s('Strong', 3, 1))).toEqual(s('Strong', 3, 1));
    expect(stronger(s('Strong', 2, 9), s('Strong', 1, 1))).toEqual(s('Strong', 1, 1));
    expect(stronger(s('Strong', 1, 1), s('Strong', 1, 9))).toEqual(s('Strong', 1, 9));
  });
});

describe('GET get-company-enrichment', () => {
  it('profiles a watch-list company by ticker from EDGAR only', async () => {
    const res = await app.get(`${ENRICH}?ticker=crwd`);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.company).toEqual({
      name: 'CrowdStrike Holdings, Inc.',
      domain: 'crowdstrike.com',
      description: 'Services-Prepackaged Software',
      location: 'AUSTIN, TX',
      website: 'https://www.crowdstrike.com',
      founded: 0,
      cik: '0001535527',
      ticker: 'CRWD',
    });
    expect(b.sources).toEqual(['sec_edgar']);
    expect(b.market).toBeUndefined();
    expect(b).toMatchObject({
      earningsSurprises: [],
      newsMentions: [],
      techStack: [],
      hackerNewsMentions: [],
      unavailable: false,
    });
    expect(b.secFilings.totalFilings).toBe(13);
    const forms = b.secFilings.recentFilings.map((f: { form: string }) => f.form);
    expect(forms).not.toContain('4');
    expect(forms).not.toContain('SC 13G/A');
    expect(b.secFilings.recentFilings[0]).toMatchObject({
      form: '8-K',
      fileDate: '2026-11-20',
      items: ['1.05', '7.01', '9.01'],
      description: 'Material Cybersecurity Incidents; Regulation FD Disclosure; Financial Statements and Exhibits',
    });
    expect(b.secFilings.recentFilings[0].url).toMatch(
      /^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/1535527\/\d{18}\/[\d-]+-index\.htm$/,
    );
    expect(b.enrichedAtMs).toBeGreaterThan(0);
  });

  it('resolves an exact name case-insensitively; a ticker is never matched as a name', async () => {
    expect((await app.get(`${ENRICH}?name=boeing%20co`)).body.company.cik).toBe('0000012927');
    expect((await app.get(`${ENRICH}?ticker=ZZZZ&name=BOEING%20CO`)).body.company).toMatchObject({
      cik: '',
      ticker: 'ZZZZ',
    });
  });

  it('says unavailable for a registered company whose filings are not loaded', async () => {
    const res = await app.get(`${ENRICH}?ticker=MSFT`);
    expect(res.body).toMatchObject({
      company: { name: 'MICROSOFT CORP', cik: '0000789019' },
      sources: [],
      unavailable: true,
    });
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
  });

  it('answers the legacy domain stub and rejects a request naming no company', async () => {
    expect((await app.get(`${ENRICH}?domain=example.com`)).body.company).toMatchObject({
      domain: 'example.com',
      website: 'https://example.com',
    });
    expectViolation(await app.get(ENRICH), 'ticker');
    expectViolation(await app.get(`${ENRICH}?ticker=A&ticker=B`), 'ticker');
  });
});

describe('GET list-company-signals', () => {
  it('lists material 8-K signals of the last 90 days with a summary', async () => {
    const res = await app.get(`${SIGNALS}?ticker=CRWD`);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.signals.map((s: { type: string }) => s.type)).toEqual([
      'Cybersecurity Incident',
      'Executive Change',
      'Financial Results',
    ]);
    expect(b.signals[0]).toMatchObject({
      title: '8-K: Material Cybersecurity Incidents',
      source: 'sec_edgar',
      sourceTier: 1,
      strength: 'Strong',
    });
    expect(b.summary).toMatchObject({
      totalSignals: 3,
      byType: { 'Cybersecurity Incident': 1, 'Executive Change': 1, 'Financial Results': 1 },
      signalDiversity: 1,
    });
    expect(b.summary.strongestSignal.type).toBe('Cybersecurity Incident');
    expect(b).toMatchObject({
      company: 'CrowdStrike Holdings, Inc.',
      cik: '0001535527',
      domain: '',
      unavailable: false,
      discoveredAtMs: SAMPLE_NOW,
    });
  });

  it('finds the company by name, and reports none when nothing material was filed', async () => {
    const ba = (await app.get(`${SIGNALS}?company=Boeing%20Co`)).body;
    expect(ba.signals.length).toBeGreaterThan(0);
    expect(ba.signals.every((s: { timestampMs: number }) => s.timestampMs >= SAMPLE_NOW - 90 * 86_400_000)).toBe(true);
    const unknown = (await app.get(`${SIGNALS}?ticker=NOPE`)).body;
    expect(unknown).toMatchObject({ company: 'NOPE', cik: '', signals: [], unavailable: false });
    expect(unknown.summary.strongestSignal).toBeUndefined();
  });

  it('rejects a request naming no company', async () => {
    expectViolation(await app.get(SIGNALS), 'company');
  });

  it('answers unavailable before the registry is loaded', async () => {
    await withTestApp({ samples: [] }, async (empty) => {
      const res = await empty.get(`${SIGNALS}?ticker=CRWD`);
      expect(res.body).toMatchObject({ signals: [], unavailable: true });
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
      expect((await empty.get(`${ENRICH}?ticker=CRWD`)).body.unavailable).toBe(true);
    });
  });
});
