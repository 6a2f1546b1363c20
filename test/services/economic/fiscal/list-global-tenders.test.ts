import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import {
  buildTenders,
  globalTendersDataset,
} from '../../../../src/services/economic/fiscal/datasets/global-tenders.js';
import {
  automationFit,
  availabilityOf,
  isOfficialUrl,
  isOpen,
} from '../../../../src/services/economic/fiscal/tender-rules.js';

const PATH = '/api/economic/v1/list-global-tenders';
const clock = new ManualClock(SAMPLE_NOW);
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [globalTendersDataset], clock });
});
afterAll(() => app.close());

const ids = (body: { tenders: { id: string }[] }) => body.tenders.map((t) => t.id);

describe('GET list-global-tenders', () => {
  it('lists the open tenders newest first, dropping expired, awarded and off-site notices', async () => {
    clock.set(SAMPLE_NOW);
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([
      'world-bank:OP00412346',
      'contracts-finder:ocds-b5fd17-4d5e6f',
      'gets:29876544',
      'gets:29876543',
      'canada-buys:cb-456-11111',
      'world-bank:OP00412345',
      'contracts-finder:ocds-b5fd17-1a2b3c',
      'canada-buys:cb-123-45678',
    ]);
    expect(res.body).toMatchObject({
      total: 8,
      nextCursor: '',
      dataAvailable: true,
      availability: 'available',
      appliedFilters: [],
      countryCoverage: 'not_requested',
    });
    expect(
      res.body.sourceStatuses.map(
        (s: { source: string; state: string; recordCount: number }) => `${s.source}:${s.state}:${s.recordCount}`,
      ),
    ).toEqual(['contracts-finder:ok:2', 'canada-buys:ok:2', 'gets:ok:2', 'world-bank:ok:2']);
    const cf = res.body.tenders.find((t: { id: string }) => t.id === 'contracts-finder:ocds-b5fd17-1a2b3c');
    expect(cf).toMatchObject({
      source: 'contracts-finder',
      countryCode: 'GB',
      region: 'europe',
      buyer: 'Department for Work and Pensions',
      deadline: '2026-12-15T12:00:00.000Z',
      money: { amount: 2400000, currency: 'GBP' },
      categoryCodes: ['CPV:72000000'],
      eligibilityRequirements: [],
      submissionUrls: [],
      participationMode: 'unknown',
      automationFit: {
        level: 'high',
        score: 90,
        classificationVersion: 'keyword-v1',
        matchReasons: ['machine learning', 'data platform', 'automation', 'cloud'],
      },
    });
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });

  it('filters by country, text, buyer, category, value, dates and automation score', async () => {
    const q = async (query: string) => (await app.get(`${PATH}?${query}`)).body;
    expect(ids(await q('countries=nz,ca&country=KE'))).toHaveLength(5);
    expect((await q('country=KE&countries=GB')).countryCoverage).toBe('observed');
    expect((await q('country=FR')).countryCoverage).toBe('unknown');
    expect(ids(await q('query=snow'))).toEqual(['canada-buys:cb-456-11111']);
    expect(ids(await q('buyer=leeds'))).toEqual(['contracts-finder:ocds-b5fd17-4d5e6f']);
    expect(ids(await q('category=software'))).toEqual(['canada-buys:cb-123-45678']);
    expect(ids(await q('min_value=1000000&sort=estimated_value'))).toEqual([
      'canada-buys:cb-123-45678',
      'contracts-finder:ocds-b5fd17-1a2b3c',
    ]);
    expect(ids(await q('deadline_to=2026-12-10&sort=closing_soon'))).toEqual([
      'canada-buys:cb-456-11111',
      'canada-buys:cb-123-45678',
    ]);
    expect(ids(await q('published_from=2026-11-17T00:00:00Z'))).toHaveLength(3);
    const fit = await q('min_automation_score=60&sort=relevance');
    expect(ids(fit)).toEqual([
      'canada-buys:cb-123-45678',
      'contracts-finder:ocds-b5fd17-1a2b3c',
      'world-bank:OP00412345',
    ]);
    expect(fit.appliedFilters).toEqual(['min_automation_score']);
    expect((await q('region=oceania&source=gets&currency=nzd')).total).toBe(0);
  });

  it('pages with page_size and cursor', async () => {
    const first = (await app.get(`${PATH}?page_size=3`)).body;
    expect(first.tenders).toHaveLength(3);
    const second = (await app.get(`${PATH}?page_size=3&cursor=${first.nextCursor}`)).body;
    expect(ids(second)[0]).toBe('gets:29876543');
    expect(second.total).toBe(8);
  });

  it('describes the data, not the clock: hours later the same snapshot answers the same (its age is in Last-Modified and health)', async () => {
    const before = await app.get(PATH);
    clock.set(SAMPLE_NOW + 4 * 3600_000);
    const later = await app.get(PATH);
    clock.set(SAMPLE_NOW);
    expect(later.body.availability).toBe('available');
    expect(
      later.body.sourceStatuses.every((s: { state: string; stale: boolean }) => s.state === 'ok' && !s.stale),
    ).toBe(true);
    expect(later.text).toBe(before.text);
  });

  it('refuses bad parameters and callers below PRO', async () => {
    expectViolation(await app.get(`${PATH}?sort=cheapest`), 'sort');
    expectViolation(await app.get(`${PATH}?page_size=101`), 'page_size');
    expectViolation(await app.get(`${PATH}?deadline_from=soon`), 'deadline_from');
    expectViolation(await app.get(`${PATH}?min_value=1e6`), 'min_value');
    const free = await app.createKey({ plan: 'free' });
    expect((await app.get(PATH, { 'x-service-key': free.key })).status).toBe(403);
  });
});

describe('tender rules', () => {
  it.each([
    ['', 0, 'none'],
    ['cloud hosting', 30, 'low'],
    ['cloud software', 60, 'medium'],
    ['AI powered cloud software', 90, 'high'],
  ])('"%s" scores %d (%s)', (text, score, level) => expect(automationFit(text)).toMatchObject({ score, level }));

  it('keeps only https notices on the source host, open ones only', () => {
    expect(isOfficialUrl('https://www.gets.govt.nz/x', ['www.gets.govt.nz'])).toBe(true);
    expect(isOfficialUrl('http://www.gets.govt.nz/x', ['www.gets.govt.nz'])).toBe(false);
    expect(isOfficialUrl('https://evil.example/www.gets.govt.nz', ['www.gets.govt.nz'])).toBe(false);
    const n = { deadline: '2026-12-01T00:00:00Z', status: 'Open', noticeType: 'tender' } as never;
    expect(isOpen(n, SAMPLE_NOW)).toBe(true);
    expect(isOpen({ ...(n as object), status: 'Cancelled' } as never, SAMPLE_NOW)).toBe(false);
  });

  it.each([
    [['ok', 'ok'], 3, 'available'],
    [['ok', 'failed'], 3, 'partial'],
    [['ok'], 0, 'empty'],
    [['failed'], 0, 'unavailable'],
  ])('states %j with %d tenders are %s', (states, n, a) => expect(availabilityOf(states, n)).toBe(a));

  it('the score always matches the number of reasons', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('AI', 'cloud', 'software', 'digital', 'automation', 'roads', 'catering'), {
          maxLength: 8,
        }),
        (words) => {
          const f = automationFit(words.join(' '));
          expect(f.score).toBe([0, 30, 60][f.matchReasons.length] ?? 90);
        },
      ),
    );
  });

  it('reports a source that failed to parse and refuses when none answered', () => {
    const r = buildTenders(
      { gets: Buffer.from('not xml'), 'world-bank': Buffer.from('{"procnotices":[]}') },
      SAMPLE_NOW,
    );
    expect(r.info.statuses.map((s) => s.state)).toEqual(['failed', 'failed', 'failed', 'ok']);
    expect(() => buildTenders({}, SAMPLE_NOW)).toThrow(/no source answered/);
  });
});

describe('list-global-tenders without a snapshot', () => {
  it('is empty, unavailable and uncached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({
        tenders: [],
        nextCursor: '',
        fetchedAt: '',
        dataAvailable: false,
        availability: 'unavailable',
        sourceStatuses: [],
        total: 0,
        appliedFilters: [],
        countryCoverage: 'unknown',
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});
