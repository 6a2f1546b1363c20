import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  ARXIV_PAPERS,
  arxivPapersDataset,
  parseArxivAtom,
} from '../../../src/services/research/datasets/arxiv-papers.js';
import { matchesAllWords } from '../../../src/services/research/rules.js';
import { serveSamples } from '../infrastructure/upstream-server.js';
import { expectViolation } from '../../support/expect.js';

const PATH = '/api/research/v1/list-arxiv-papers';
const sample = (c: string) => fs.readFileSync(path.join(SAMPLES_DIR, `research/arxiv-${c}.atom`));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [arxivPapersDataset] });
});
afterAll(() => app.close());

describe('arXiv Atom parser', () => {
  const rows = parseArxivAtom(sample('cs.AI'), 'cs.AI');

  it('reads every entry newest first with collapsed whitespace and https links', () => {
    expect(rows).toHaveLength(50);
    const t = rows.map((r) => r.publishedAt);
    expect([...t].sort((a, b) => b - a)).toEqual(t);
    for (const r of rows) {
      expect(r.id).toMatch(/^2611\.\d{5}v\d$/);
      expect(r.title).not.toMatch(/\s{2}|\n/);
      expect(r.url).toBe(`https://arxiv.org/abs/${r.id}`);
      expect(r.categories[0]).toBe('cs.AI');
      expect(r.authors.length).toBeGreaterThan(0);
    }
  });

  it('refuses the API error feed and non-feeds', () => {
    const err = Buffer.from(
      '<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/api/errors#incorrect_id_format</id><title>Error</title><summary>incorrect id format</summary></entry></feed>',
    );
    expect(() => parseArxivAtom(err, 'cs.AI')).toThrow(/arXiv reported an error: incorrect id format/);
    expect(() => parseArxivAtom(Buffer.from('<html><body/></html>'), 'cs.AI')).toThrow(/no <feed>/);
    expect(() => parseArxivAtom(Buffer.from('{}'), 'cs.AI')).toThrow(/not an XML/);
  });

  it('matches every query word case-insensitively', () => {
    expect(matchesAllWords('Agentic Planning at Test Time', 'planning AGENTIC')).toBe(true);
    expect(matchesAllWords('Agentic Planning', 'planning robots')).toBe(false);
  });
});

describe('GET list-arxiv-papers', () => {
  it('defaults to cs.AI with a page of 20 and a cursor', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['pagination', 'papers']);
    expect(res.body.papers).toHaveLength(20);
    expect(res.body.pagination.totalCount).toBe(50);
    expect(res.body.pagination.nextCursor).not.toBe('');
    expect(Object.keys(res.body.papers[0]).sort()).toEqual([
      'authors',
      'categories',
      'id',
      'publishedAt',
      'summary',
      'title',
      'url',
    ]);
    expect(res.headers.get('cache-control')).toMatch(/max-age=600/);
  });

  it('serves each tracked category, in any case', async () => {
    for (const c of ['cs.CL', 'cs.cr', 'CS.AI']) {
      const res = await app.get(`${PATH}?category=${c}&page_size=100`);
      expect(res.body.papers).toHaveLength(50);
      for (const p of res.body.papers) expect(p.categories[0].toLowerCase()).toBe(c.toLowerCase());
    }
  });

  it('pages through the whole category once', async () => {
    const all = (await app.get(`${PATH}?page_size=100`)).body.papers.map((p: { id: string }) => p.id);
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 10; i++) {
      const res = await app.get(`${PATH}?page_size=15${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...res.body.papers.map((p: { id: string }) => p.id));
      cursor = res.body.pagination.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(all);
  });

  it('clamps page_size to 100 and treats 0 as the default', async () => {
    expect((await app.get(`${PATH}?page_size=1000`)).body.papers).toHaveLength(50);
    expect((await app.get(`${PATH}?page_size=0`)).body.papers).toHaveLength(20);
    expect((await app.get(`${PATH}?page_size=3`)).body.papers).toHaveLength(3);
  });

  it('narrows by words of the title, abstract or authors', async () => {
    const all = (await app.get(`${PATH}?page_size=100`)).body.papers as { title: string; summary: string }[];
    const res = await app.get(`${PATH}?page_size=100&query=${encodeURIComponent('PLANNING released')}`);
    const expected = all.filter(
      (p) => /planning/i.test(`${p.title} ${p.summary}`) && /released/i.test(`${p.title} ${p.summary}`),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    expect(res.body.papers).toEqual(expected);
    const none = await app.get(`${PATH}?query=zzzunlikelyword`);
    expect(none.body).toEqual({ papers: [], pagination: { nextCursor: '', totalCount: 0 } });
    expect(none.headers.get('cache-control')).not.toBe('no-store');
  });

  it('answers an untracked category with an empty list that is not cached', async () => {
    const res = await app.get(`${PATH}?category=math.CO`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ papers: [], pagination: { nextCursor: '', totalCount: 0 } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['page_size=-1', 'page_size'],
    ['page_size=abc', 'page_size'],
    ['page_size=3000000000', 'page_size'],
    ['cursor=%%%', 'cursor'],
    ['cursor=bm9wZQ', 'cursor'],
    [`category=${'c'.repeat(33)}`, 'category'],
    [`query=${'q'.repeat(201)}`, 'query'],
  ])('refuses %s with a violation on %s', async (query, field) => {
    const res = await app.get(`${PATH}?${query}`);
    expectViolation(res, field);
  });
});

describe('degraded, failed and live ingestion', () => {
  it('serves an empty uncached list without a snapshot', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ papers: [], pagination: { nextCursor: '', totalCount: 0 } });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  it('keeps the last good snapshot when a feed is unreadable', async () => {
    await withTestApp({ samples: [arxivPapersDataset] }, async (local) => {
      const before = (await local.get(PATH)).body;
      const r = await local.deps.runner.run(arxivPapersDataset, {
        origin: {
          kind: 'bytes',
          payloads: { cs_ai: Buffer.from('rate limited'), cs_cl: sample('cs.CL'), cs_cr: sample('cs.CR') },
        },
      });
      expect(r.ok).toBe(false);
      expect(local.deps.store.meta(ARXIV_PAPERS)?.lastError).toMatch(/not an XML/);
      expect((await local.get(PATH)).body).toEqual(before);
    });
  });

  it('ingests the live feeds, serving the categories that answered', async () => {
    const upstream = await serveSamples(arxivPapersDataset, { cs_cr: 503 });
    const live = await startTestApp({ samples: 'none', config: { UPSTREAM_BASE_OVERRIDE: upstream.base } });
    try {
      const r = await live.deps.runner.run(arxivPapersDataset, { origin: { kind: 'live' } });
      expect(r).toMatchObject({ ok: true, recordCount: 100, partialSources: ['cs_cr'] });
      expect(upstream.requests[0]).toBe(
        '/api/query?search_query=cat:cs.AI&sortBy=submittedDate&sortOrder=descending&start=0&max_results=50',
      );
      expect((await live.get(PATH)).body.papers).toHaveLength(20);
      const missing = await live.get(`${PATH}?category=cs.CR`);
      expect(missing.body.papers).toEqual([]);
      expect(missing.headers.get('cache-control')).toBe('no-store');
    } finally {
      await live.close();
      await upstream.close();
    }
  });
});
