import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentFilingsDataset } from '../../../../src/services/intelligence/companies/datasets/current-filings.js';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';

const EVENTS = '/api/intelligence/v1/list-material-events';
const SEARCH = '/api/intelligence/v1/search-sec-filings';
let app: TestApp;

interface Event {
  company: string;
  form: string;
  filedAtMs: number;
  items: { code: string; description: string }[];
}
interface Result {
  company: string;
  form: string;
  fileDate: string;
  items: string[];
  accession: string;
  cik: string;
}

beforeAll(async () => {
  app = await startTestApp({ samples: [currentFilingsDataset] });
});
afterAll(() => app.close());

describe('GET list-material-events', () => {
  it('lists material 8-Ks of the week before the feed time, newest first, routine items removed', async () => {
    const res = await app.get(EVENTS);
    expect(res.status).toBe(200);
    const { events, unavailable, fetchedAtMs } = res.body as {
      events: Event[];
      unavailable: boolean;
      fetchedAtMs: number;
    };
    expect(unavailable).toBe(false);
    expect(fetchedAtMs).toBe(Date.UTC(2026, 10, 20, 11, 45, 10));
    // 29 entries less 6 routine-only (Pfizer, Ford, JPMorgan, Meta; the Tesla and Microsoft votes) and 2 older than a week.
    expect(events).toHaveLength(21);
    const times = events.map((e) => e.filedAtMs);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(events.every((e) => e.filedAtMs >= fetchedAtMs - 7 * 86_400_000)).toBe(true);
    expect(events.flatMap((e) => e.items.map((i) => i.code))).not.toContain('9.01');
    expect(events[0]).toMatchObject({
      company: 'NVIDIA CORP',
      items: [{ code: '2.02', description: 'Results of Operations and Financial Condition' }],
    });
    expect(res.headers.get('cache-control')).not.toMatch(/no-store/);
  });

  it('filters by item code and limits, 0 meaning the default', async () => {
    const cyber = (await app.get(`${EVENTS}?item_code=1.05`)).body.events as Event[];
    expect(cyber.map((e) => e.company)).toEqual(['CROWDSTRIKE HOLDINGS, INC.', 'UNITEDHEALTH GROUP INC']);
    expect((await app.get(`${EVENTS}?limit=3`)).body.events).toHaveLength(3);
    expect((await app.get(`${EVENTS}?limit=0`)).body.events).toHaveLength(21);
    expect((await app.get(`${EVENTS}?item_code=4.01`)).body.events).toEqual([]);
  });

  it.each([
    ['item_code=5', 'item_code'],
    ['item_code=5.2', 'item_code'],
    ['item_code=abc', 'item_code'],
    ['limit=-1', 'limit'],
    ['limit=ten', 'limit'],
  ])('rejects %s', async (q, field) => {
    expectViolation(await app.get(`${EVENTS}?${q}`), field);
  });
});

describe('GET search-sec-filings', () => {
  it('ranks filings matching the words in names and item titles', async () => {
    const res = await app.get(`${SEARCH}?query=cybersecurity`);
    expect(res.status).toBe(200);
    const results = res.body.results as Result[];
    expect(results.map((r) => r.company).sort()).toEqual(['CROWDSTRIKE HOLDINGS, INC.', 'UNITEDHEALTH GROUP INC']);
    expect(res.body).toMatchObject({ total: 2, unavailable: false, fetchedAtMs: Date.UTC(2026, 10, 20, 11, 45, 10) });
    expect(results[0].items).toContain('1.05');
    expect(results[0].cik).toMatch(/^\d{10}$/);
    expect((await app.get(`${SEARCH}?query=boeing`)).body.results[0]).toMatchObject({
      company: 'BOEING CO',
      form: '8-K',
      fileDate: '2026-11-20',
      items: ['5.02'],
    });
  });

  it('searches routine filings too, and takes phrases', async () => {
    const fd = (await app.get(`${SEARCH}?query=${encodeURIComponent('"Regulation FD"')}&limit=25`)).body as {
      results: Result[];
      total: number;
    };
    expect(fd.results.map((r) => r.company)).toContain('META PLATFORMS, INC.');
    expect(fd.total).toBe(fd.results.length);
  });

  it('filters by form and filing dates and limits, reporting the total before the limit', async () => {
    const all = (await app.get(`${SEARCH}?query=exhibits&limit=25`)).body as { results: Result[]; total: number };
    expect(all.total).toBeGreaterThan(5);
    const limited = (await app.get(`${SEARCH}?query=exhibits&limit=2`)).body;
    expect(limited.results).toHaveLength(2);
    expect(limited.total).toBe(all.total);
    const dated = (await app.get(`${SEARCH}?query=exhibits&start_date=2026-11-18&end_date=2026-11-19&limit=25`)).body
      .results as Result[];
    expect(dated.length).toBeGreaterThan(0);
    expect(dated.every((r) => r.fileDate >= '2026-11-18' && r.fileDate <= '2026-11-19')).toBe(true);
    expect(dated).toEqual(all.results.filter((r) => r.fileDate >= '2026-11-18' && r.fileDate <= '2026-11-19'));
    const amended = (await app.get(`${SEARCH}?query=vote&forms=8-k/a`)).body.results as Result[];
    expect(amended.map((r) => r.company)).toEqual(['TESLA, INC.']);
    expect((await app.get(`${SEARCH}?query=vote&forms=10-K`)).body).toMatchObject({ results: [], total: 0 });
    expect((await app.get(`${SEARCH}?query=exhibits&limit=500`)).body.results).toHaveLength(Math.min(25, all.total));
  });

  it('answers no results for words that match nothing or nothing searchable', async () => {
    expect((await app.get(`${SEARCH}?query=zzzzqqq`)).body).toMatchObject({
      results: [],
      total: 0,
      unavailable: false,
    });
    expect((await app.get(`${SEARCH}?query=%22%2A%22`)).body).toMatchObject({ results: [], total: 0 });
  });

  it.each([
    ['', 'query'],
    ['query=', 'query'],
    ['query=a&query=b', 'query'],
    ['query=x&forms=8-K%3Bdrop', 'forms'],
    ['query=x&start_date=2026-13-01', 'start_date'],
    ['query=x&end_date=20261120', 'end_date'],
    ['query=x&start_date=2026-11-20&end_date=2026-11-01', 'end_date'],
    ['query=x&limit=-3', 'limit'],
  ])('rejects %s', async (q, field) => {
    expectViolation(await app.get(`${SEARCH}?${q}`), field);
  });
});

describe('before the EDGAR feed is loaded', () => {
  it('both operations answer unavailable, uncached', async () => {
    await withTestApp({ samples: [] }, async (empty) => {
      const ev = await empty.get(EVENTS);
      expect(ev.body).toEqual({ events: [], unavailable: true, fetchedAtMs: 0 });
      expect(ev.headers.get('cache-control')).toMatch(/no-store/);
      const se = await empty.get(`${SEARCH}?query=merger`);
      expect(se.body).toEqual({ results: [], total: 0, unavailable: true, fetchedAtMs: 0 });
      expect(se.headers.get('cache-control')).toMatch(/no-store/);
    });
  });
});
