import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xPostsDataset } from '../../../../src/services/intelligence/feeds/datasets/x-posts.js';
import { FormatError } from '../../../../src/sources/formats/errors.js';
import { parseXTimelines } from '../../../../src/sources/x/timelines.js';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { startUpstream } from '../../../support/upstream.js';

const PATH = '/api/intelligence/v1/list-x-feed';
let app: TestApp;

interface Post {
  id: string;
  handle: string;
  topic: string;
  timestampMs: number;
  permalink: string;
  facts: string[];
  hasMedia: boolean;
  lang: string;
  contentState: string;
}

beforeAll(async () => {
  app = await startTestApp({ samples: [xPostsDataset] });
});
afterAll(() => app.close());

describe('X timelines payload', () => {
  it('keeps post metadata only and reads the live flag', () => {
    const doc = {
      live: true,
      capturedAt: '2026-11-20T11:30:00Z',
      accounts: [
        {
          id: '7',
          handle: 'NATO',
          name: 'NATO',
          topic: 'diplomacy',
          timeline: {
            data: [{ id: '1', created_at: '2026-11-20T10:00:00.000Z', text: 'not kept', lang: 'en' }, { id: '2' }],
          },
        },
      ],
    };
    const { posts, live, capturedAt } = parseXTimelines(JSON.stringify(doc));
    expect(live).toBe(true);
    expect(capturedAt).toBe(Date.UTC(2026, 10, 20, 11, 30));
    expect(posts).toEqual([
      {
        postId: '1',
        accountId: '7',
        handle: 'NATO',
        accountName: 'NATO',
        topic: 'diplomacy',
        createdAt: Date.UTC(2026, 10, 20, 10),
        lang: 'en',
        hasMedia: false,
      },
    ]);
    expect(() => parseXTimelines('{"data":[]}')).toThrow(FormatError);
  });
});

describe('GET list-x-feed', () => {
  it('replays the capture newest first, disabled, uncached, saying why', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const posts = res.body.posts as Post[];
    expect(posts).toHaveLength(18);
    expect(res.body).toMatchObject({ enabled: false, count: 18 });
    expect(res.body.error).toMatch(/X_BEARER_TOKEN/);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const times = posts.map((p) => p.timestampMs);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const p of posts) {
      expect(p.id).toBe(`${p.handle}:${p.permalink.split('/').pop()}`);
      expect(p.facts[0]).toMatch(/ posted a \w+ update$/);
      expect(p.facts.includes('includes media')).toBe(p.hasMedia);
      expect(p.facts.at(-1)).toBe(p.permalink);
      expect(p.contentState).toBe('active');
      expect(p).not.toHaveProperty('text');
    }
  });

  it('filters by topic and handle (case-insensitive) and limits', async () => {
    const cyber = (await app.get(`${PATH}?topic=CYBER`)).body.posts as Post[];
    expect(cyber.length).toBe(4);
    expect(cyber.every((p) => p.handle === 'CISAgov')).toBe(true);
    expect(((await app.get(`${PATH}?account=@nato`)).body.posts as Post[]).every((p) => p.handle === 'NATO')).toBe(
      true,
    );
    expect((await app.get(`${PATH}?limit=3`)).body.count).toBe(3);
    expect((await app.get(`${PATH}?limit=0`)).body.count).toBe(18);
    expect((await app.get(`${PATH}?topic=sports`)).body).toMatchObject({ posts: [], count: 0 });
  });

  it.each([
    ['limit=-1', 'limit'],
    ['limit=x', 'limit'],
    ['topic=a&topic=b', 'topic'],
  ])('rejects %s', async (q, field) => {
    expectViolation(await app.get(`${PATH}?${q}`), field);
  });

  it('with a token reads the timelines live and says enabled', async () => {
    const upstream = await startUpstream();
    try {
      upstream.play((req, res, url) => {
        res.setHeader('content-type', 'application/json');
        if (req.headers.authorization !== 'Bearer test-x-token') return void res.writeHead(401).end('{}');
        if (url.pathname === '/2/users/by') {
          const names = (url.searchParams.get('usernames') ?? '').split(',');
          return void res.end(
            JSON.stringify({ data: names.map((n, i) => ({ id: String(100 + i), username: n, name: n })) }),
          );
        }
        const id = url.pathname.split('/')[3];
        res.end(
          JSON.stringify({
            data: [{ id: `${id}9`, created_at: '2026-11-20T09:00:00.000Z', lang: 'en' }],
            meta: { result_count: 1 },
          }),
        );
      });
      await withTestApp(
        { samples: 'none', config: { X_BEARER_TOKEN: 'test-x-token', UPSTREAM_BASE_OVERRIDE: upstream.origin } },
        async (live) => {
          expect(await live.deps.runner.run(xPostsDataset, { origin: { kind: 'live' } })).toMatchObject({ ok: true });
          const res = await live.get(PATH);
          expect(res.body).toMatchObject({ enabled: true, error: '', count: 5 });
          expect(res.headers.get('cache-control')).not.toMatch(/no-store/);
        },
      );
    } finally {
      await upstream.close();
    }
  });

  it('without a token refuses live ingestion before any request', async () => {
    await withTestApp({ samples: 'none' }, async (live) => {
      const r = await live.deps.runner.run(xPostsDataset, { origin: { kind: 'live' } });
      expect(r).toMatchObject({ ok: false });
      expect(JSON.stringify(r)).toMatch(/X_BEARER_TOKEN/);
      expect((await live.get(PATH)).body).toMatchObject({ enabled: false, posts: [], error: 'No X posts loaded' });
    });
  });
});
