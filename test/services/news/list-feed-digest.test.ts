import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { NEWS_FEEDS, newsFeedsDataset } from '../../../src/services/news/datasets/feeds.js';
import { DIGEST_VARIANTS, feedsFrom } from '../../../src/services/news/feeds.js';

const DIGEST = '/api/news/v1/list-feed-digest';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [newsFeedsDataset] });
});
afterAll(() => app.close());

type Item = {
  source: string;
  title: string;
  corroborationCount: number;
  importanceScore: number;
  isAlert: boolean;
  threat: { level: string; category: string; source: string };
  storyMeta: { mentionCount: number; phase: string };
  tickers: string[];
};
const all = (body: { categories: Record<string, { items: Item[] }> }) =>
  Object.values(body.categories).flatMap((c) => c.items);

describe('GET list-feed-digest', () => {
  it('groups the captured feeds into stories by title similarity', async () => {
    const res = await app.get(DIGEST);
    expect(res.status).toBe(200);
    expect(res.body.generatedAt).toBe('2026-11-20T11:45:00.000Z');
    const items = all(res.body);
    const odesa = items.find((i) => i.title.includes('Odesa'))!;
    // Reuters and BBC carry the same strike: one story, two sources, led by the most trusted latest mention.
    expect(odesa).toMatchObject({
      corroborationCount: 2,
      isAlert: true,
      threat: { level: 'THREAT_LEVEL_HIGH', category: 'conflict', source: 'keyword' },
    });
    expect(odesa.storyMeta).toMatchObject({ mentionCount: 2, phase: 'STORY_PHASE_DEVELOPING' });
    expect(items.filter((i) => i.title.includes('Odesa'))).toHaveLength(1);
    const quake = items.find((i) => i.title.toLowerCase().includes('earthquake'))!;
    expect(quake.corroborationCount).toBe(2);
    expect(res.body.categories.disaster.items.map((i: Item) => i.title)).toContain(quake.title);
    // Happy feeds are not in the full digest.
    expect(items.some((i) => i.source === 'Good News Network')).toBe(false);
  });

  it('orders each category by importance and reads at most five items per feed', async () => {
    const { body } = await app.get(DIGEST);
    for (const bucket of Object.values(body.categories) as { items: Item[] }[]) {
      for (let k = 1; k < bucket.items.length; k++)
        expect(bucket.items[k - 1]!.importanceScore).toBeGreaterThanOrEqual(bucket.items[k]!.importanceScore);
    }
    // Reuters has six items: only its five latest are read, so the oldest (an archive piece) is not there.
    expect(all(body).some((i) => i.title.includes('archive photos'))).toBe(false);
    expect(all(body).filter((i) => i.source === 'Reuters World').length).toBeLessThanOrEqual(5);
    expect(all(body).find((i) => i.title.includes('$NVDA'))?.tickers).toEqual(['NVDA']);
  });

  it('reports feeds that timed out or had undated items', async () => {
    const { body } = await app.get(DIGEST);
    expect(body.feedStatuses).toEqual({ 'Kyiv Independent': 'timeout', 'BBC World': 'partial-undated' });
  });

  it('selects feeds by variant and by language', async () => {
    const happy = (await app.get(`${DIGEST}?variant=happy`)).body;
    expect(all(happy).map((i) => i.source)).toEqual(['Good News Network', 'Good News Network']);
    expect(Object.keys(happy.categories)).toEqual(['positive']);
    const tech = all((await app.get(`${DIGEST}?variant=tech`)).body);
    expect(new Set(tech.map((i) => i.source))).toEqual(new Set(['The Verge', 'Ars Technica']));
    expect((await app.get(`${DIGEST}?variant=full`)).body).toEqual((await app.get(DIGEST)).body);
    expect((await app.get(`${DIGEST}?lang=EN`)).body).toEqual((await app.get(DIGEST)).body);
    const french = (await app.get(`${DIGEST}?lang=fr`)).body;
    expect(french.categories).toEqual({});
    expect(french.generatedAt).toBe('2026-11-20T11:45:00.000Z');
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'energy', 'Tech', ' full'])(
    'refuses variant=%j with a 400 naming the field, on REST and on /trpc',
    async (variant) => {
      expectViolation(await app.get(`${DIGEST}?variant=${encodeURIComponent(variant)}`), 'variant', { only: true });
      const trpc = await app.get(`/trpc/news.listFeedDigest?input=${encodeURIComponent(JSON.stringify({ variant }))}`);
      expect(trpc.status, trpc.text).toBe(400);
      expect(trpc.body.error.data.rest.body.violations.map((v: { field: string }) => v.field)).toEqual(['variant']);
    },
  );

  it.each(['__proto__', 'constructor', 'toString', 'e', 'en_US', 'en-', ' en', 'x'.repeat(17), 'en\u001b[31m'])(
    'refuses lang=%j with a 400 naming the field',
    async (lang) => {
      expectViolation(await app.get(`${DIGEST}?lang=${encodeURIComponent(lang)}`), 'lang');
    },
  );

  it('reads an empty variant or lang as omitted, like every other parameter', async () => {
    expect((await app.get(`${DIGEST}?variant=&lang=`)).body).toEqual((await app.get(DIGEST)).body);
  });

  it('keeps one memo entry per variant and language of the feeds, whatever languages are asked for', async () => {
    const snapshot = app.deps.store.read(NEWS_FEEDS)!;
    const memo = (snapshot as unknown as { derived: Map<string, unknown> }).derived;
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    let asked = 0;
    for (const variant of DIGEST_VARIANTS) {
      for (let i = 0; i < 60; i++) {
        const lang = `${letters[i % 26]}${letters[(i * 7) % 26]}${variant === 'full' ? '' : letters[i % 5]}-x${i}`;
        const res = await app.get(`${DIGEST}?variant=${variant}&lang=${lang}`);
        expect(res.status).toBe(200);
        expect(res.body.categories).toEqual({});
        asked++;
      }
      expect((await app.get(`${DIGEST}?variant=${variant}&lang=en`)).status).toBe(200);
    }
    expect(asked).toBe(300);
    const keys = [...memo.keys()].filter((k) => k.startsWith('digest'));
    // Five variants in English, the language list, and the one empty digest every other language shares.
    expect(keys.length).toBeLessThanOrEqual(DIGEST_VARIANTS.length + 2);
    expect(keys.some((k) => k.includes('-x'))).toBe(false);
  });

  it('reads a feed language in any case, and refuses a NEWS_FEEDS language no request could name', async () => {
    expect(feedsFrom({ NEWS_FEEDS: 'world|Folha|https://folha.example/rss|2|pt-BR' })[0]!.lang).toBe('pt-br');
    expect(() => feedsFrom({ NEWS_FEEDS: 'world|Folha|https://folha.example/rss|2|pt_BR' })).toThrow(/pt_BR/);
    await withTestApp({ samples: 'none' }, async (other) => {
      const rss = (title: string) =>
        `<rss version="2.0"><channel><title>F</title><item><title>${title}</title><link>https://f.example/1</link>` +
        '<pubDate>Fri, 20 Nov 2026 11:00:00 +0000</pubDate></item></channel></rss>';
      const bundle = {
        schema: 'feed-bundle/v1',
        capturedAt: '2026-11-20T11:45:00Z',
        feeds: [
          {
            name: 'Folha',
            category: 'world',
            url: 'https://folha.example/rss',
            lang: 'pt-BR',
            status: 'ok',
            body: rss('Chuvas no Sul'),
          },
        ],
      };
      const run = await other.deps.runner.run(newsFeedsDataset, {
        origin: { kind: 'bytes', payloads: { bundle: Buffer.from(JSON.stringify(bundle)) } },
      });
      expect(run.ok).toBe(true);
      for (const lang of ['pt-BR', 'pt-br', 'PT-BR'])
        expect(all((await other.get(`${DIGEST}?lang=${lang}`)).body).map((i) => i.title)).toEqual(['Chuvas no Sul']);
    });
  });

  it('answers an empty, uncached digest without feeds', async () => {
    await withTestApp({ samples: 'none' }, async (bare) => {
      const res = await bare.get(DIGEST);
      expect(res.body).toEqual({ categories: {}, feedStatuses: {}, generatedAt: '' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  it('keeps the last good snapshot when the bundle is malformed', async () => {
    const result = await app.deps.runner.run(newsFeedsDataset, {
      origin: { kind: 'bytes', payloads: { bundle: Buffer.from('<rss>') } },
    });
    expect(result.ok).toBe(false);
    expect(all((await app.get(DIGEST)).body).length).toBeGreaterThan(5);
  });
});
