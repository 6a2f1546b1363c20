import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redditHotDataset } from '../../../../src/services/intelligence/signals/datasets/reddit-hot.js';
import { velocityScore } from '../../../../src/services/intelligence/signals/rules.js';
import { FormatError } from '../../../../src/sources/formats/errors.js';
import { parseRedditListing } from '../../../../src/sources/reddit/listing.js';
import { SAMPLE_NOW, startTestApp, withTestApp, type TestApp } from '../../../support/app.js';

const PATH = '/api/intelligence/v1/get-social-velocity';
let app: TestApp;

interface Post {
  id: string;
  title: string;
  subreddit: string;
  url: string;
  score: number;
  velocityScore: number;
  createdAt: number;
}

beforeAll(async () => {
  app = await startTestApp({ samples: [redditHotDataset] });
});
afterAll(() => app.close());

describe('velocity', () => {
  it.each([
    [1000, 0.9, 0, 621.8],
    [1000, 0.9, 6 * 3_600_000, 228.7],
    [0, 0, 0, 34.7], // score floor 1, ratio 0.5 when unknown
  ])('score %d ratio %d age %d -> %d', (score, ratio, age, want) =>
    expect(velocityScore(score, ratio, age)).toBe(want),
  );

  it('falls with age and rises with score', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 48 * 3_600_000 }),
        fc.integer({ min: 0, max: 3_600_000 }),
        (s, r, age, more) => {
          return (
            velocityScore(s, r, age + more) <= velocityScore(s, r, age) &&
            velocityScore(s + 1000, r, age) >= velocityScore(s, r, age)
          );
        },
      ),
    );
  });

  it('rejects a body that is not a listing', () => {
    expect(() => parseRedditListing('{"error":429,"message":"Too Many Requests"}')).toThrow(FormatError);
  });
});

describe('GET get-social-velocity', () => {
  it('ranks both subreddits by velocity, pinned posts out, shared articles once', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const posts = res.body.posts as Post[];
    expect(res.body.fetchedAt).toBe(SAMPLE_NOW);
    // 12 + 8 posts, less 2 pinned and the Novorossiysk article posted in both.
    expect(posts).toHaveLength(17);
    const v = posts.map((p) => p.velocityScore);
    expect([...v].sort((a, b) => b - a)).toEqual(v);
    expect(posts.filter((p) => p.title.startsWith('Explosions reported near fuel depot'))).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      subreddit: 'worldnews',
      title: 'Explosions reported near fuel depot in Novorossiysk',
    });
    expect(posts.every((p) => p.url.startsWith('https://reddit.com/r/'))).toBe(true);
    expect(new Set(posts.map((p) => p.subreddit))).toEqual(new Set(['worldnews', 'geopolitics']));
    expect(res.headers.get('cache-control')).not.toMatch(/no-store/);
  });

  it('answers nothing, uncached, before a listing is loaded', async () => {
    await withTestApp({ samples: [] }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ posts: [], fetchedAt: 0 });
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
    });
  });
});
