import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iranEventsDataset } from '../../../src/services/conflict/datasets/iran.js';
import { ucdpEventsDataset } from '../../../src/services/conflict/datasets/ucdp.js';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';

const UCDP = '/api/conflict/v1/list-ucdp-events';
const IRAN = '/api/conflict/v1/list-iran-events';
type U = { id: string; country: string; dateStart: number; dateEnd: number };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [ucdpEventsDataset, iranEventsDataset] });
});
afterAll(() => app.close());

describe('GET list-ucdp-events', () => {
  it('serves the trailing year newest first with pagination', async () => {
    const res = await app.get(UCDP);
    expect(res.status).toBe(200);
    expect(res.body.events).toHaveLength(20);
    expect(res.body.pagination).toEqual({ nextCursor: '', totalCount: 20 });
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });

  it.each([
    ['RU', ['612002']],
    ['Russia', ['612002']],
    ['russian%20federation', ['612002']],
    ['CD', ['612007', '612008']],
    ['DR%20Congo', ['612007', '612008']],
    ['Congo-Kinshasa', ['612007', '612008']],
    ['MM', ['612009']],
    ['Burma', ['612009']],
    ['YE', ['612014']],
    ['SY', ['612001']],
    ['syria', ['612001']],
    ['UA', ['612003', '612004']],
    ['Ukraine', ['612003', '612004']],
    ['FR', []],
  ])('country=%s matches UCDP names with qualifiers', async (q, ids) => {
    const res = await app.get(`${UCDP}?country=${q}`);
    expect(res.status).toBe(200);
    expect(res.body.events.map((e: U) => e.id)).toEqual(ids);
  });

  it('keeps events overlapping [start, end]', async () => {
    const all: U[] = (await app.get(UCDP)).body.events;
    const start = Date.UTC(2026, 10, 15);
    const end = Date.UTC(2026, 10, 20);
    const got: U[] = (await app.get(`${UCDP}?start=${start}&end=${end}`)).body.events;
    expect(got).toEqual(all.filter((e) => e.dateEnd >= start && e.dateStart <= end));
    expect(got.map((e) => e.id)).toContain('612003'); // 14th-15th overlaps the window by one day
  });

  it('pages with a cursor', async () => {
    const first = await app.get(`${UCDP}?page_size=15`);
    expect(first.body.events).toHaveLength(15);
    const second = await app.get(`${UCDP}?page_size=15&cursor=${first.body.pagination.nextCursor}`);
    expect(second.body.events).toHaveLength(5);
    expect(second.body.pagination.nextCursor).toBe('');
  });

  it.each([
    ['country=Atlantis', 'country'],
    ['country=QQ', 'country'],
    ['start=abc', 'start'],
    ['end=-1', 'end'],
    ['start=20&end=10', 'end'],
    ['page_size=1.5', 'page_size'],
    ['cursor=%%%', 'cursor'],
  ])('%s is a 400 naming %s', async (q, field) => {
    const res = await app.get(`${UCDP}?${q}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ violations: [expect.objectContaining({ field })] });
  });
});

describe('GET list-iran-events', () => {
  it('serves the snapshot with scrapedAt as an int64 string', async () => {
    const res = await app.get(IRAN);
    expect(res.status).toBe(200);
    expect(res.body.scrapedAt).toBe(String(Date.UTC(2026, 10, 20, 9)));
    expect(res.body.events).toHaveLength(8);
    for (const e of res.body.events) {
      expect(typeof e.timestamp).toBe('string');
      expect(Object.keys(e).sort()).toEqual([
        'category',
        'id',
        'latitude',
        'locationName',
        'longitude',
        'severity',
        'sourceUrl',
        'timestamp',
        'title',
      ]);
      expect(e.title.length).toBeGreaterThan(0);
    }
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });

  it('a failed ingestion keeps the previous snapshot serving', async () => {
    const before = (await app.get(IRAN)).body;
    const r = await app.deps.runner.run(iranEventsDataset, {
      origin: { kind: 'bytes', payloads: { venues: Buffer.from('<!doctype html>') } },
    });
    expect(r.ok).toBe(false);
    expect((await app.get(IRAN)).body).toEqual(before);
  });
});

describe('without snapshots', () => {
  it('both answer empty lists and are not cacheable', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const u = await empty.get(UCDP);
      expect(u.status).toBe(200);
      expect(u.body.events).toEqual([]);
      expect(u.headers.get('cache-control')).toBe('no-store');
      const i = await empty.get(IRAN);
      expect(i.status).toBe(200);
      expect(i.body).toEqual({ events: [], scrapedAt: '0' });
      expect(i.headers.get('cache-control')).toBe('no-store');
    });
  });
});
