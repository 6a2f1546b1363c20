import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';
import { NEWS_FEEDS, newsFeedsDataset, parseFeedBundle } from '../../../src/services/news/datasets/feeds.js';
import { DEFAULT_FEEDS, DIGEST_VARIANTS, VARIANT_CATEGORIES, feedsFrom } from '../../../src/services/news/feeds.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';

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

describe('default feeds', () => {
  it('are public outlet and agency feeds, each under a category some digest variant reads', () => {
    const read = new Set(Object.values(VARIANT_CATEGORIES).flat());
    for (const f of DEFAULT_FEEDS) {
      const host = new URL(f.url).hostname;
      expect(host, f.name).not.toMatch(/\.(example|invalid|test|localhost)$|^localhost$/);
      expect(read.has(f.category), `${f.name}: ${f.category}`).toBe(true);
    }
    expect(newsFeedsDataset.sources.bundle!.url).toBe('https://feeds.bbci.co.uk/news/world/rss.xml');
  });

  it('are replaced by NEWS_FEEDS, or extended by it with a leading +', () => {
    const mine = 'politics|Folha World|https://feeds.folha.uol.com.br/mundo/rss091.xml|2|pt-BR';
    expect(feedsFrom({ NEWS_FEEDS: mine }).map((f) => f.name)).toEqual(['Folha World']);
    const added = feedsFrom({ NEWS_FEEDS: `+${mine}, tech|The Verge|https://www.theverge.com/rss/index.xml|3` });
    expect(added).toHaveLength(DEFAULT_FEEDS.length + 1);
    // Named like a default feed: that feed is replaced (here with another tier), not listed twice.
    expect(added.filter((f) => f.name === 'The Verge')).toEqual([
      { category: 'tech', name: 'The Verge', url: 'https://www.theverge.com/rss/index.xml', tier: 3, lang: 'en' },
    ]);
    expect(feedsFrom({})).toBe(DEFAULT_FEEDS);
  });

  it("the sample holds every default feed's document, with links on that publisher's domain", () => {
    // The capture bundle the request log's answers point into.
    const bundle = JSON.parse(fs.readFileSync(path.join(SAMPLES_DIR, 'news/feed-bundle.json'), 'utf8'));
    expect(bundle.feeds.map((f: { name: string }) => f.name)).toEqual(DEFAULT_FEEDS.map((f) => f.name));
    const { records } = parseFeedBundle(fs.readFileSync(path.join(SAMPLES_DIR, 'news/feed-bundle.json')));
    const domain: Record<string, string> = {
      'BBC World': 'www.bbc.com',
      'Guardian World': 'www.theguardian.com',
      'NPR News': 'www.npr.org',
      'Al Jazeera': 'www.aljazeera.com',
      'Ars Technica': 'arstechnica.com',
      'The Verge': 'www.theverge.com',
      'Financial Times': 'www.ft.com',
      CNBC: 'www.cnbc.com',
      'Federal Reserve': 'www.federalreserve.gov',
      'OilPrice.com': 'oilprice.com',
      'Good News Network': 'www.goodnewsnetwork.org',
      ScienceDaily: 'www.sciencedaily.com',
    };
    for (const r of records) expect(new URL(r.link).hostname, r.source).toBe(domain[r.source]);
  });
});

describe('GET list-feed-digest', () => {
  it('groups the captured feeds into stories by title similarity, filed under the lead feed category', async () => {
    const res = await app.get(DIGEST);
    expect(res.status).toBe(200);
    expect(res.body.generatedAt).toBe('2026-11-20T11:45:00.000Z');
    const items = all(res.body);
    const odesa = items.find((i) => i.title.includes('Odesa'))!;
    // The Guardian and the BBC carry the same strike: one story, two sources, led (same tier) by the latest
    // mention, the Guardian's at 11:09.
    expect(odesa).toMatchObject({
      source: 'Guardian World',
      corroborationCount: 2,
      isAlert: true,
      threat: { level: 'THREAT_LEVEL_HIGH', category: 'conflict', source: 'keyword' },
    });
    expect(odesa.storyMeta).toMatchObject({ mentionCount: 2, phase: 'STORY_PHASE_DEVELOPING' });
    expect(items.filter((i) => i.title.includes('Odesa'))).toHaveLength(1);
    expect(res.body.categories.politics.items.map((i: Item) => i.title)).toContain(odesa.title);
    // BBC (politics) and Al Jazeera (middleeast) report the quake: the BBC leads, so it is a politics story
    // whose threat category is disaster.
    const quake = items.find((i) => i.title.toLowerCase().includes('earthquake'))!;
    expect(quake).toMatchObject({ source: 'BBC World', corroborationCount: 2, threat: { category: 'disaster' } });
    expect(res.body.categories.politics.items.map((i: Item) => i.title)).toContain(quake.title);
    // The FT (tier 2) leads OilPrice.com (tier 4) on the Red Sea oil story: a finance story.
    const oil = items.find((i) => i.title.startsWith('Oil jumps'))!;
    expect(oil).toMatchObject({ source: 'Financial Times', corroborationCount: 2 });
    expect(res.body.categories.finance.items.map((i: Item) => i.title)).toContain(oil.title);
    // The full digest reads only its own categories (energy among them: OilPrice.com's other story), not the
    // happy, markets or central-bank feeds.
    expect(Object.keys(res.body.categories).sort()).toEqual([
      'energy',
      'finance',
      'middleeast',
      'politics',
      'tech',
      'us',
    ]);
    for (const source of ['Good News Network', 'ScienceDaily', 'CNBC', 'Federal Reserve'])
      expect(items.some((i) => i.source === source)).toBe(false);
  });

  it('orders each category by importance and reads at most five items per feed', async () => {
    const { body } = await app.get(DIGEST);
    for (const bucket of Object.values(body.categories) as { items: Item[] }[]) {
      for (let k = 1; k < bucket.items.length; k++)
        expect(bucket.items[k - 1]!.importanceScore).toBeGreaterThanOrEqual(bucket.items[k]!.importanceScore);
    }
    // The Guardian has six items: only its five latest are read, so the oldest (an archive piece) is not there.
    expect(all(body).some((i) => i.title.includes('Archive photos'))).toBe(false);
    expect(all(body).filter((i) => i.source === 'Guardian World').length).toBeLessThanOrEqual(5);
    const finance = all((await app.get(`${DIGEST}?variant=finance`)).body);
    expect(finance.find((i) => i.title.startsWith('Nvidia'))?.tickers).toEqual(['NVDA']);
  });

  it('reports feeds that timed out or had undated items', async () => {
    const { body } = await app.get(DIGEST);
    expect(body.feedStatuses).toEqual({ 'DW News': 'timeout', 'BBC World': 'partial-undated' });
  });

  it('selects feeds by variant and by language', async () => {
    const happy = (await app.get(`${DIGEST}?variant=happy`)).body;
    expect(
      all(happy)
        .map((i) => i.source)
        .sort(),
    ).toEqual(['Good News Network', 'Good News Network', 'ScienceDaily']);
    expect(Object.keys(happy.categories).sort()).toEqual(['positive', 'science']);
    // The tech variant also reads the finance category, as the published one does.
    const tech = all((await app.get(`${DIGEST}?variant=tech`)).body);
    expect(new Set(tech.map((i) => i.source))).toEqual(new Set(['The Verge', 'Ars Technica', 'Financial Times']));
    const finance = (await app.get(`${DIGEST}?variant=finance`)).body;
    expect(Object.keys(finance.categories).sort()).toEqual(['centralbanks', 'markets']);
    const commodity = (await app.get(`${DIGEST}?variant=commodity`)).body;
    expect(Object.keys(commodity.categories).sort()).toEqual(['energy', 'finance', 'markets']);
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
    expect(
      feedsFrom({ NEWS_FEEDS: 'politics|Folha|https://feeds.folha.uol.com.br/mundo/rss091.xml|2|pt-BR' })[0]!.lang,
    ).toBe('pt-br');
    expect(() =>
      feedsFrom({ NEWS_FEEDS: 'politics|Folha|https://feeds.folha.uol.com.br/mundo/rss091.xml|2|pt_BR' }),
    ).toThrow(/pt_BR/);
    await withTestApp({ samples: 'none' }, async (other) => {
      const rss = (title: string) =>
        `<rss version="2.0"><channel><title>F</title><item><title>${title}</title><link>https://www1.folha.uol.com.br/mundo/2026/11/chuvas-no-sul.shtml</link>` +
        '<pubDate>Fri, 20 Nov 2026 11:00:00 +0000</pubDate></item></channel></rss>';
      const bundle = {
        schema: 'feed-bundle/v1',
        capturedAt: '2026-11-20T11:45:00Z',
        feeds: [
          {
            name: 'Folha',
            category: 'politics',
            url: 'https://feeds.folha.uol.com.br/mundo/rss091.xml',
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
