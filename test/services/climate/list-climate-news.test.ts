import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import { CLIMATE_NEWS, climateNewsDataset, newsFrom } from '../../../src/services/climate/datasets/climate-news.js';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';

const PATH = '/api/climate/v1/list-climate-news';
const CB = fs.readFileSync(path.join(SAMPLES_DIR, 'climate/carbon-brief.rss'));
const GU = fs.readFileSync(path.join(SAMPLES_DIR, 'climate/guardian-climate.rss'));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [climateNewsDataset] });
});
afterAll(() => app.close());

describe('climate news from feeds', () => {
  const items = newsFrom([
    { name: 'Carbon Brief', bytes: CB },
    { name: 'The Guardian', bytes: GU },
  ]);

  it('keeps every dated, linked item of both feeds, newest first', () => {
    // Four items in each bundled feed, none shared.
    expect(items).toHaveLength(8);
    expect(items.map((i) => i.publishedAt)).toEqual([...items.map((i) => i.publishedAt)].sort((a, b) => b - a));
    expect(items.filter((i) => i.sourceName === 'The Guardian')).toHaveLength(4);
  });

  it('keeps an address once (the earlier feed wins) and skips items without a link', () => {
    const feed = (items: string) =>
      Buffer.from(`<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>${items}</channel></rss>`);
    const item = (title: string, link: string) =>
      `<item><title>${title}</title><link>${link}</link><pubDate>Wed, 18 Nov 2026 12:00:00 GMT</pubDate></item>`;
    const shared = 'https://www.carbonbrief.org/analysis-global-coal-power-set-to-fall/';
    const out = newsFrom([
      { name: 'Carbon Brief', bytes: feed(item('Analysis: coal', shared)) },
      { name: 'Syndicator', bytes: feed(item('Analysis: coal (syndicated)', shared) + item('No link', '')) },
    ]);
    expect(out.map((i) => [i.sourceName, i.title])).toEqual([['Carbon Brief', 'Analysis: coal']]);
  });

  it('decodes entities and strips markup', () => {
    const qa = items.find((i) => i.url.includes('qa-ipcc'))!;
    expect(qa.title).toBe('Q&A: What the new IPCC special report timeline means for cities');
    expect(qa.summary).not.toMatch(/<p>/);
    expect(qa.id).toMatch(/^[0-9a-f]{8}-\d+$/);
  });

  it('builds from one readable feed and refuses when none reads', () => {
    expect(climateNewsDataset.parse({ carbonbrief: CB, guardian: Buffer.from('oops') }, 0)).toMatchObject({
      info: { unreadable: ['guardian'] },
    });
    expect(() => climateNewsDataset.parse({ carbonbrief: Buffer.from('x') }, 0)).toThrow(/no climate news feed/);
  });
});

describe('GET list-climate-news', () => {
  it('answers the empty request with the news', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.dataAvailable).toBe(true);
    expect(res.body.items).toHaveLength(8);
    expect(res.body.items[0].title).toBe('COP31: Key outcomes agreed at the UN climate talks in Antalya');
  });

  it('says dataAvailable false without a snapshot', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ items: [], fetchedAt: 0, dataAvailable: false });
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(empty.deps.store.meta(CLIMATE_NEWS)).toBeUndefined();
    });
  });
});
