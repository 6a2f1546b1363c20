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

  it('keeps dated, linked items once per address, newest first', () => {
    expect(items).toHaveLength(7);
    expect(items.map((i) => i.publishedAt)).toEqual([...items.map((i) => i.publishedAt)].sort((a, b) => b - a));
    const coal = items.filter((i) => i.url.includes('global-coal-power'));
    expect(coal).toHaveLength(1);
    expect(coal[0].sourceName).toBe('Carbon Brief');
    expect(items.some((i) => i.title === 'Untitled item without a link')).toBe(false);
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
    expect(res.body.items).toHaveLength(7);
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
