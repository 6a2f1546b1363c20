import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { earthquakesDataset } from '../../../src/services/seismology/datasets/earthquakes.js';
import { expectViolation } from '../../support/expect.js';

const PATH = '/api/seismology/v1/list-earthquakes';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [earthquakesDataset] });
});
afterAll(() => app.close());

describe('GET list-earthquakes', () => {
  it('returns the snapshot newest first with pagination', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const { earthquakes, pagination } = res.body;
    expect(earthquakes.length).toBeGreaterThan(100);
    expect(pagination).toEqual({ nextCursor: '', totalCount: earthquakes.length });
    const times = earthquakes.map((q: { occurredAt: number }) => q.occurredAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const q of earthquakes) expect(q.magnitude).toBeGreaterThanOrEqual(4.5);
  });

  it('pages with an opaque cursor until the end, covering every item once', async () => {
    const all = (await app.get(PATH)).body.earthquakes.map((q: { id: string }) => q.id);
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 100; i++) {
      const res = await app.get(`${PATH}?page_size=25${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.earthquakes.map((q: { id: string }) => q.id));
      expect(res.body.pagination.totalCount).toBe(all.length);
      cursor = res.body.pagination.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(all);
  });

  it('filters by inclusive start/end and by minimum magnitude', async () => {
    const all = (await app.get(PATH)).body.earthquakes as { occurredAt: number; magnitude: number }[];
    const start = all[40].occurredAt;
    const end = all[10].occurredAt;
    const res = await app.get(`${PATH}?start=${start}&end=${end}&min_magnitude=5.0`);
    expect(res.status).toBe(200);
    const expected = all.filter((q) => q.occurredAt >= start && q.occurredAt <= end && q.magnitude >= 5);
    expect(res.body.earthquakes).toEqual(expected);
    expect(res.body.pagination.totalCount).toBe(expected.length);
  });

  it('treats page_size 0 or omitted as 500 and applies no maximum', async () => {
    const zero = await app.get(`${PATH}?page_size=0`);
    const huge = await app.get(`${PATH}?page_size=1000000`);
    expect(zero.body.earthquakes.length).toBe(huge.body.earthquakes.length);
    expect((await app.get(`${PATH}?page_size=3`)).body.earthquakes).toHaveLength(3);
  });

  it('marks known test-site events and deduplicates agencies', async () => {
    const qs = (await app.get(PATH)).body.earthquakes as {
      id: string;
      nearTestSite: boolean;
      testSiteName: string;
      concernScore: number;
      source: string;
    }[];
    const near = qs.filter((q) => q.nearTestSite);
    // The sample week has one event within 100 km of a test site: a natural M4.6 in the Kuruktag
    // south of Toksun, about 70 km from Lop Nur.
    expect(near.map((q) => q.testSiteName)).toEqual(['Lop Nur']);
    for (const q of near) expect(q.concernScore).toBeGreaterThan(0);
    // Two NRCan reports duplicate USGS events; three Canadian-only events remain.
    expect(qs.filter((q) => q.source === 'nrcan').map((q) => q.id)).toHaveLength(3);
  });

  it.each([
    ['page_size=abc', 'page_size'],
    ['page_size=0x10', 'page_size'],
    ['page_size=1e2', 'page_size'],
    ['page_size=1.5', 'page_size'],
    ['page_size=-1', 'page_size'],
    ['page_size=99999999999', 'page_size'],
    ['page_size=1&page_size=2', 'page_size'],
    ['start=yesterday', 'start'],
    ['end=1.5', 'end'],
    ['min_magnitude=abc', 'min_magnitude'],
    ['min_magnitude=1e1', 'min_magnitude'],
    ['min_magnitude=-2', 'min_magnitude'],
    ['start=2000&end=1000', 'end'],
    ['cursor=not-a-cursor', 'cursor'],
    ['cursor=%7B%7D', 'cursor'],
  ])('refuses %s with a violation on %s', async (query, field) => {
    const res = await app.get(`${PATH}?${query}`);
    expectViolation(res, field);
    for (const v of res.body.violations) expect(Object.keys(v).sort()).toEqual(['description', 'field']);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('reads empty parameters as absent and refuses unknown ones', async () => {
    const res = await app.get(`${PATH}?page_size=`);
    expect(res.status).toBe(200);
    expect(res.body.earthquakes.length).toBeGreaterThan(100);
    const typo = await app.get(`${PATH}?page_size=&foo=bar&page_size_typo=3`);
    expect(typo.status).toBe(400);
    expect(typo.body.violations.map((v: { field: string }) => v.field)).toEqual(['foo', 'page_size_typo']);
  });

  it('accepts a GET that declares a JSON content type without a body', async () => {
    const res = await app.get(`${PATH}?page_size=1`, { 'content-type': 'application/json' });
    expect(res.status).toBe(200);
    expect(res.body.earthquakes).toHaveLength(1);
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await app.request(PATH, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect(res.headers.get('etag')).toBeTruthy();
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await app.get(`${PATH}?page_size=2`);
    const etag = first.headers.get('etag')!;
    const again = await app.get(`${PATH}?page_size=2`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const other = await app.get(`${PATH}?page_size=3`, { 'if-none-match': etag });
    expect(other.status).toBe(200);
  });

  it('declares its cache tier on a healthy 200, private to the identified caller', async () => {
    const res = await app.get(PATH);
    expect(res.headers.get('cache-control')).toBe(
      'private, max-age=300, stale-while-revalidate=300, stale-if-error=3600',
    );
  });

  it('refuses other methods with 405 and a JSON body', async () => {
    const res = await app.request(PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ error: expect.any(String) });
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('is matched exactly: other casing or a trailing slash is a JSON 404', async () => {
    for (const p of [PATH.toUpperCase(), `${PATH}/`, '/api/seismology/v1/list-quakes', '/api/nope']) {
      const res = await app.get(p);
      expect(res.status).toBe(404);
      expect(Object.keys(res.body)).toEqual(['error']);
    }
  });
});

describe('an empty snapshot', () => {
  it('is an empty list, not an error', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ earthquakes: [], pagination: { nextCursor: '', totalCount: 0 } });
    });
  });
});
