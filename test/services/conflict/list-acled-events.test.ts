import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAcledPayload, FIXTURE_COUNTRIES } from '../../../bench/fixtures/acled.js';
import { acledEventsDataset } from '../../../src/services/conflict/datasets/acled.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../src/services/conflict/rules.js';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';

const PATH = '/api/conflict/v1/list-acled-events';
type Ev = { id: string; country: string; occurredAt: number; location: { latitude: number; longitude: number } };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [acledEventsDataset] });
});
afterAll(() => app.close());

const events = async (q = ''): Promise<Ev[]> => {
  const res = await app.get(`${PATH}${q}`);
  expect(res.status).toBe(200);
  return res.body.events;
};

describe('GET list-acled-events', () => {
  it('serves the whole 30-day snapshot newest first with contract-shaped events', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).not.toBe('no-store');
    const { events: all, pagination } = res.body;
    // 32 in-window conflict events in the sample; the (0,0) row, the row without coordinates,
    // the row from before the window and the protest row are left out.
    expect(all).toHaveLength(32);
    expect(pagination).toEqual({ nextCursor: '', totalCount: 32 });
    const ids = all.map((e: Ev) => e.id);
    expect(ids).not.toContain('acled-SDN38001');
    expect(ids).not.toContain('acled-SOM55001');
    expect(ids).not.toContain('acled-UKR200100');
    expect(ids).not.toContain('acled-IND72210');
    const times = all.map((e: Ev) => e.occurredAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all[0]).toEqual({
      id: 'acled-UKR201455',
      eventType: 'Explosions/Remote violence',
      country: 'Ukraine',
      location: { latitude: 48.5277, longitude: 37.7069 }, // Kostiantynivka
      occurredAt: Date.UTC(2026, 10, 20),
      fatalities: 0,
      actors: ['Military Forces of Russia (2000-)', 'Military Forces of Ukraine (2019-)'],
      source: 'Ukrainska Pravda; Ministry of Defence of Ukraine',
      admin1: 'Donetsk',
    });
    // The snapshot starts at midnight UTC 30 days before the sample was taken.
    expect(Math.min(...times)).toBeGreaterThanOrEqual(Date.UTC(2026, 9, 21));
  });

  it.each([
    ['SY', 'Syria'],
    ['sy', 'Syria'],
    ['SYR', 'Syria'],
    ['Syria', 'Syria'],
    ['syria', 'Syria'],
    ['CD', 'Democratic Republic of Congo'],
    ['DR Congo', 'Democratic Republic of Congo'],
    ['CI', 'Ivory Coast'],
    ["Côte d'Ivoire", 'Ivory Coast'],
    ['C%C3%B4te%20d%E2%80%99Ivoire', 'Ivory Coast'],
    ['Co%CC%82te%20d%27Ivoire', 'Ivory Coast'], // NFD: o + combining circumflex
    ['TR', 'Turkey'],
    ['T%C3%BCrkiye', 'Turkey'],
    ['Tu%CC%88rkiye', 'Turkey'],
    ['%E2%80%8FTurkey%E2%80%8F', 'Turkey'],
    ['PS', 'Palestine'],
    ['RU', 'Russia'],
    ['Russian%20Federation', 'Russia'],
    ['Burma', 'Myanmar'],
  ])('country=%s keeps exactly the %s events', async (q, name) => {
    const all = await events();
    const got = await events(`?country=${q}`);
    const expected = all.filter((e) => e.country === name);
    expect(expected.length).toBeGreaterThan(0);
    expect(got).toEqual(expected);
  });

  it('a known country with no events is an empty, cacheable list', async () => {
    const res = await app.get(`${PATH}?country=NO`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ events: [], pagination: { nextCursor: '', totalCount: 0 } });
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });

  it('Niger and Nigeria are told apart (exact lookup, not substring)', async () => {
    const niger = await events('?country=Niger');
    const nigeria = await events('?country=Nigeria');
    expect(niger.map((e) => e.country)).toEqual(['Niger']);
    expect(new Set(nigeria.map((e) => e.country))).toEqual(new Set(['Nigeria']));
  });

  it('empty country means every country', async () => {
    expect(await events('?country=')).toEqual(await events());
    expect(await events('?country=%20%20')).toEqual(await events());
  });

  it('filters by inclusive start and end; 0 means unset', async () => {
    const all = await events();
    const start = Date.UTC(2026, 10, 12);
    const end = Date.UTC(2026, 10, 17);
    const got = await events(`?start=${start}&end=${end}`);
    expect(got).toEqual(all.filter((e) => e.occurredAt >= start && e.occurredAt <= end));
    expect(got.some((e) => e.occurredAt === start)).toBe(true);
    expect(got.some((e) => e.occurredAt === end)).toBe(true);
    expect(await events('?start=0&end=0')).toEqual(all);
    expect(await events(`?country=UA&start=${start}`)).toEqual(
      all.filter((e) => e.country === 'Ukraine' && e.occurredAt >= start),
    );
  });

  it('a window before the snapshot returns nothing: history outside it is not reachable', async () => {
    expect(await events(`?start=${Date.UTC(2026, 0, 1)}&end=${Date.UTC(2026, 8, 1)}`)).toEqual([]);
  });

  it('pages with page_size and an opaque cursor, covering every event once', async () => {
    const all = (await events()).map((e) => e.id);
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 20; i++) {
      const res = await app.get(`${PATH}?page_size=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.pagination.totalCount).toBe(all.length);
      seen.push(...res.body.events.map((e: Ev) => e.id));
      cursor = res.body.pagination.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(all);
  });

  it(`page_size omitted or 0 means ${DEFAULT_PAGE_SIZE}; above ${MAX_PAGE_SIZE} it is clamped`, async () => {
    expect(await events('?page_size=0')).toHaveLength(32);
    expect(await events(`?page_size=${MAX_PAGE_SIZE * 10}`)).toHaveLength(32);
    expect(await events('?page_size=1')).toHaveLength(1);
  });

  it.each([
    ['country=Narnia', 'country'],
    ['country=XX', 'country'],
    ['country=Unit', 'country'],
    ['country=' + 'a'.repeat(200), 'country'],
    ['country=SY&country=UA', 'country'],
    ['start=yesterday', 'start'],
    ['start=-5', 'start'],
    ['start=1e12', 'start'],
    ['end=0x10', 'end'],
    ['end=1.5', 'end'],
    [`start=${Date.UTC(2026, 10, 10)}&end=${Date.UTC(2026, 10, 1)}`, 'end'],
    ['page_size=-1', 'page_size'],
    ['page_size=abc', 'page_size'],
    ['page_size=99999999999', 'page_size'],
    ['cursor=not-a-cursor!', 'cursor'],
    ['cursor=eyJmb28iOjF9', 'cursor'],
  ])('%s is a 400 naming %s', async (q, field) => {
    const res = await app.get(`${PATH}?${q}`);
    expectViolation(res, field);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('a failed ingestion keeps the previous snapshot serving', async () => {
    const before = await events();
    const r = await app.deps.runner.run(acledEventsDataset, {
      origin: { kind: 'bytes', payloads: { acled: Buffer.from('<html>502 Bad Gateway</html>') } },
    });
    expect(r.ok).toBe(false);
    const r2 = await app.deps.runner.run(acledEventsDataset, {
      origin: { kind: 'bytes', payloads: { acled: Buffer.from('{"status":403,"success":false,"data":[]}') } },
    });
    expect(r2.ok).toBe(false);
    expect(await events()).toEqual(before);
  });
});

describe('GET list-acled-events without a snapshot', () => {
  it('answers an empty list, not cacheable', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      for (const q of ['', '?country=SY', '?page_size=5']) {
        const res = await empty.get(`${PATH}${q}`);
        expect(res.status).toBe(200);
        expect(res.body.events).toEqual([]);
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
      // Bad input is still refused before the snapshot is consulted.
      expect((await empty.get(`${PATH}?country=Narnia`)).status).toBe(400);
    });
  });
});

describe('GET list-acled-events on a 100k-row snapshot', () => {
  it('a country filter returns exactly that country’s rows, newest first, across pages', async () => {
    await withTestApp({ samples: 'none' }, async (big) => {
      const { payload, bytes } = makeAcledPayload(100_000, 7);
      const r = await big.deps.runner.run(acledEventsDataset, {
        origin: { kind: 'bytes', payloads: { acled: bytes } },
      });
      expect(r.ok).toBe(true);
      expect(r.recordCount).toBe(100_000);
      for (const [name, code] of [FIXTURE_COUNTRIES[14], FIXTURE_COUNTRIES[15], FIXTURE_COUNTRIES[16]].map((c) => [
        c[0],
        c[1],
      ])) {
        const expected = payload.data
          .filter((row) => row.country === name)
          .map((row) => ({ id: `acled-${row.event_id_cnty}`, t: Date.parse(`${row.event_date}T00:00:00Z`) }))
          .sort((a, b) => b.t - a.t || (a.id < b.id ? -1 : 1))
          .map((e) => e.id);
        const got: string[] = [];
        let cursor = '';
        do {
          const res = await big.get(
            `${PATH}?country=${code}&page_size=${MAX_PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ''}`,
          );
          expect(res.status).toBe(200);
          expect(res.body.pagination.totalCount).toBe(expected.length);
          for (const e of res.body.events) expect(e.country).toBe(name);
          got.push(...res.body.events.map((e: Ev) => e.id));
          cursor = res.body.pagination.nextCursor;
        } while (cursor);
        expect(got).toEqual(expected);
      }
      const all = await big.get(`${PATH}`);
      expect(all.body.pagination.totalCount).toBe(100_000);
      expect(all.body.events).toHaveLength(DEFAULT_PAGE_SIZE);
    });
  }, 60_000);
});
