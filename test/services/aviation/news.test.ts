import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  aviationNewsDataset,
  parseAviationNews,
  parseRssItems,
} from '../../../src/services/aviation/news/datasets/aviation-news.js';
import { matchedEntities, snippetOf } from '../../../src/services/aviation/news/rules.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { expectViolation } from '../../support/expect.js';

const PATH = '/api/aviation/v1/list-aviation-news';
const payloads = () =>
  Object.fromEntries(
    Object.entries(aviationNewsDataset.sources).map(([k, s]) => [k, fs.readFileSync(path.join(SAMPLES_DIR, s.sample))]),
  );
type Item = {
  title: string;
  sourceName: string;
  publishedAt: number;
  matchedEntities: string[];
  snippet: string;
  imageUrl: string;
};

describe('aviation news feeds', () => {
  it('merges the feeds newest first, dropping items without a title', () => {
    const items = parseAviationNews(payloads());
    expect(items).toHaveLength(11);
    expect(items[0]).toMatchObject({
      title: 'Heathrow Sees Record November Traffic As Transatlantic Demand Surges',
      sourceName: 'Simple Flying',
      publishedAt: Date.UTC(2026, 10, 21, 11, 10),
    });
    expect(items.find((i) => i.sourceName === 'FlightGlobal' && i.imageUrl)?.text).toBe(
      'Airbus intends to raise production of the A350F once certification completes, citing firm demand from integrators.',
    );
  });

  it('keeps the other feeds when one is down, and refuses a document that is not RSS', () => {
    const { simpleflying: _gone, ...rest } = payloads();
    expect(parseAviationNews(rest)).toHaveLength(7);
    expect(() => parseRssItems(Buffer.from('<html><body>moved</body></html>'), 'X')).toThrow();
    expect(() => parseAviationNews({})).toThrow(/no aviation news feed/);
  });

  it('matches entities case-insensitively and cuts snippets at a word', () => {
    expect(
      matchedEntities({ title: 'Emirates adds A380', text: 'Dubai to Sydney' }, ['a380', 'SYDNEY', 'Qantas']),
    ).toEqual(['a380', 'SYDNEY']);
    expect(snippetOf('word '.repeat(60))).toMatch(/^(word ){39}word…$/);
    expect(snippetOf('short')).toBe('short');
  });
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ samples: [aviationNewsDataset] });
});
afterAll(() => app.close());

const itemsOf = async (q = '') => {
  const res = await app.get(`${PATH}${q}`);
  expect(res.status, res.text).toBe(200);
  return res.body.items as Item[];
};

describe('GET list-aviation-news', () => {
  it('answers the empty request with the last 24 hours of the feeds', async () => {
    const res = await app.get(PATH);
    expect(res.body.source).toBe('rss');
    // Newest item 21 Nov 11:10; the window starts 20 Nov 11:10.
    expect(
      res.body.items.map((i: Item) => i.publishedAt).every((t: number) => t >= Date.UTC(2026, 10, 20, 11, 10)),
    ).toBe(true);
    expect(res.body.items).toHaveLength(8);
    expect(res.headers.get('cache-control')).toMatch(/max-age=300/);
  });

  it('widens or narrows the window and limits the count', async () => {
    expect(await itemsOf('?window_hours=168')).toHaveLength(11);
    expect(await itemsOf('?window_hours=3')).toHaveLength(2);
    expect(await itemsOf('?window_hours=168&max_items=5')).toHaveLength(5);
  });

  it('keeps items mentioning an entity and says which matched', async () => {
    const items = await itemsOf('?entities=turkish airlines,A380&window_hours=168');
    expect(items.map((i) => i.matchedEntities)).toEqual([['turkish airlines'], ['A380'], ['turkish airlines']]);
  });

  it('rejects bad input', async () => {
    expectViolation(await app.get(`${PATH}?window_hours=169`), 'window_hours');
    expectViolation(await app.get(`${PATH}?max_items=51`), 'max_items');
    expectViolation(
      await app.get(`${PATH}?entities=${Array.from({ length: 11 }, (_, i) => `e${i}`).join(',')}`),
      'entities',
    );
  });

  it('says unavailable, uncached, without a snapshot', async () => {
    const bare = await startTestApp({ samples: 'none' });
    try {
      const res = await bare.get(PATH);
      expect(res.body).toEqual({ items: [], source: 'unavailable', updatedAt: 0 });
      expect(res.headers.get('cache-control')).toBe('no-store');
    } finally {
      await bare.close();
    }
  });
});
