import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  HACKERNEWS_ITEMS,
  hackernewsItemsDataset,
  HN_ITEMS_PER_FEED,
  parseHackernewsFeed,
} from '../../../src/services/research/datasets/hackernews-items.js';
import { effectivePageSize } from '../../../src/services/research/rules.js';
import { serveSamples } from '../infrastructure/upstream-server.js';
import { expectViolation } from '../../support/expect.js';

const PATH = '/api/research/v1/list-hackernews-items';
const sample = (feed: string) => fs.readFileSync(path.join(SAMPLES_DIR, `research/hackernews-${feed}stories.json`));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [hackernewsItemsDataset] });
});
afterAll(() => app.close());

describe('page size', () => {
  it('defaults omitted or 0 and clamps to 100', () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { nil: undefined }), (n) => {
        const size = effectivePageSize(n, 30);
        return n ? size === Math.min(n, 100) : size === 30;
      }),
    );
  });
});

describe('Hacker News feed parser', () => {
  const doc = JSON.parse(sample('top').toString()) as {
    ids: number[];
    items: { id: number; dead?: boolean; time: number; descendants: number; by: string }[];
  };
  const rows = parseHackernewsFeed(sample('top'), 'top');

  it('keeps ranking order, skipping dead items and ids without a document', () => {
    const live = doc.items.filter((i) => !i.dead).map((i) => i.id);
    expect(rows.map((r) => r.id)).toEqual(doc.ids.filter((id) => live.includes(id)));
    expect(rows).toHaveLength(40);
    expect(rows.some((r) => r.title.startsWith('[flagged]'))).toBe(false);
  });

  it('maps item fields, linking text posts to their discussion', () => {
    const item = doc.items.find((i) => i.id === rows[0].id)!;
    expect(rows[0]).toMatchObject({
      feed: 'top',
      commentCount: item.descendants,
      by: item.by,
      submittedAt: item.time * 1000,
    });
    const ask = parseHackernewsFeed(sample('ask'), 'ask')[0];
    expect(ask.url).toBe(`https://news.ycombinator.com/item?id=${ask.id}`);
    const job = parseHackernewsFeed(sample('job'), 'job')[0];
    expect(job.commentCount).toBe(0);
  });

  it(`keeps at most ${HN_ITEMS_PER_FEED} stories per list`, () => {
    const many = Array.from({ length: 80 }, (_, i) => ({
      id: i + 1,
      title: `t${i}`,
      type: 'story',
      time: 1,
      score: 1,
    }));
    expect(
      parseHackernewsFeed(Buffer.from(JSON.stringify({ ids: many.map((m) => m.id), items: many })), 'new'),
    ).toHaveLength(HN_ITEMS_PER_FEED);
  });

  it.each([
    ['[1,2,3]', /bare id list/],
    ['nope', /not JSON/],
    ['{"ids":"x"}', /unexpected shape/],
  ])('refuses %s', (text, message) => {
    expect(() => parseHackernewsFeed(Buffer.from(text), 'top')).toThrow(message);
  });
});

describe('GET list-hackernews-items', () => {
  it('defaults to the top list, 30 per page, in ranking order', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(30);
    expect(res.body.pagination.totalCount).toBe(40);
    expect(res.body.items.map((i: { id: number }) => i.id)).toEqual(
      parseHackernewsFeed(sample('top'), 'top')
        .slice(0, 30)
        .map((r) => r.id),
    );
    expect(Object.keys(res.body.items[0]).sort()).toEqual([
      'by',
      'commentCount',
      'id',
      'score',
      'submittedAt',
      'title',
      'url',
    ]);
    expect(res.headers.get('cache-control')).toMatch(/max-age=300/);
  });

  it.each([
    ['best', 35],
    ['new', 30],
    ['ask', 4],
    ['show', 5],
    ['job', 3],
  ])('serves feed_type=%s', async (feed, total) => {
    const res = await app.get(`${PATH}?feed_type=${feed}&page_size=100`);
    expect(res.status).toBe(200);
    expect(res.body.pagination.totalCount).toBe(total);
    expect(res.body.items).toHaveLength(total);
  });

  it('pages the rest of the list with the cursor', async () => {
    const first = await app.get(`${PATH}`);
    const rest = await app.get(`${PATH}?cursor=${first.body.pagination.nextCursor}`);
    expect(rest.body.items).toHaveLength(10);
    expect(rest.body.pagination.nextCursor).toBe('');
    expect(page(first).concat(page(rest))).toEqual(page(await app.get(`${PATH}?page_size=1000`)));
  });

  it.each([
    ['feed_type=hot', 'feed_type'],
    ['feed_type=TOP', 'feed_type'],
    ['page_size=x', 'page_size'],
    ['page_size=-1', 'page_size'],
    ['cursor=zzz', 'cursor'],
  ])('refuses %s with a violation on %s', async (query, field) => {
    const res = await app.get(`${PATH}?${query}`);
    expectViolation(res, field);
  });
});

function page(res: { body: { items: { id: number }[] } }): number[] {
  return res.body.items.map((i) => i.id);
}

describe('degraded, failed and live ingestion', () => {
  it('serves an empty uncached list without a snapshot', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ items: [], pagination: { nextCursor: '', totalCount: 0 } });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  it('keeps the last good snapshot when the top list arrives without item documents', async () => {
    await withTestApp({ samples: [hackernewsItemsDataset] }, async (local) => {
      const before = (await local.get(PATH)).body;
      const payloads = {
        top: Buffer.from('[48145866, 48145867]'),
        best: sample('best'),
        new: sample('new'),
        ask: sample('ask'),
        show: sample('show'),
        job: sample('job'),
      };
      const r = await local.deps.runner.run(hackernewsItemsDataset, { origin: { kind: 'bytes', payloads } });
      expect(r.ok).toBe(false);
      expect(local.deps.store.meta(HACKERNEWS_ITEMS)?.lastError).toMatch(/bare id list/);
      expect((await local.get(PATH)).body).toEqual(before);
    });
  });

  it('ingests the live lists; a failed secondary list leaves it untracked, not the others', async () => {
    const upstream = await serveSamples(hackernewsItemsDataset, { show: 500 });
    const live = await startTestApp({ samples: 'none', config: { UPSTREAM_BASE_OVERRIDE: upstream.base } });
    try {
      const r = await live.deps.runner.run(hackernewsItemsDataset, { origin: { kind: 'live' } });
      expect(r).toMatchObject({ ok: true, partialSources: ['show'] });
      expect(upstream.requests).toContain('/v0/topstories.json');
      expect((await live.get(PATH)).body.items).toHaveLength(30);
      const show = await live.get(`${PATH}?feed_type=show`);
      expect(show.body.items).toEqual([]);
      expect(show.headers.get('cache-control')).toBe('no-store');
    } finally {
      await live.close();
      await upstream.close();
    }
  });

  it('fails the ingestion when the top list is unreachable', async () => {
    const upstream = await serveSamples(hackernewsItemsDataset, { top: 502 });
    const live = await startTestApp({ samples: 'none', config: { UPSTREAM_BASE_OVERRIDE: upstream.base } });
    try {
      const r = await live.deps.runner.run(hackernewsItemsDataset, { origin: { kind: 'live' } });
      expect(r.ok).toBe(false);
      expect(r.error).toMatch(/HTTP 502/);
    } finally {
      await live.close();
      await upstream.close();
    }
  });
});
