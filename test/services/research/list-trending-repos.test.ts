import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { SAMPLES_DIR } from '../../../src/platform/snapshots/samples.js';
import {
  parseTrending,
  TRENDING_REPOS,
  trendingReposDataset,
} from '../../../src/services/research/datasets/trending-repos.js';
import { serveSamples } from '../infrastructure/upstream-server.js';
import { expectViolation } from '../../support/expect.js';
import { startUpstream } from '../../support/upstream.js';

const PATH = '/api/research/v1/list-trending-repos';
const sample = (lang: string, period: string) =>
  fs.readFileSync(path.join(SAMPLES_DIR, `research/trending-${lang}-${period}.json`));
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [trendingReposDataset] });
});
afterAll(() => app.close());

type Row = { repo_name: string; primary_language: string; stars: string; forks: string };
const rowsOf = (lang: string, period: string) => JSON.parse(sample(lang, period).toString()).data.rows as Row[];
const doc = (rows: unknown[]) => Buffer.from(JSON.stringify({ type: 'sql_endpoint', data: { columns: [], rows } }));

describe('OSSInsight trends parser', () => {
  it('maps rows in trend order to repos: the period stars as stars, starsToday 0, as the published seeder does', () => {
    const raw = rowsOf('python', 'daily');
    const rows = parseTrending(sample('python', 'daily'), 'python', 'daily');
    expect(rows.map((r) => r.fullName)).toEqual(raw.map((e) => e.repo_name));
    expect(rows[0]).toEqual({
      list: 'python:daily',
      fullName: raw[0]!.repo_name,
      description: expect.any(String),
      language: 'Python',
      stars: Number(raw[0]!.stars),
      starsToday: 0,
      forks: Number(raw[0]!.forks),
      url: `https://github.com/${raw[0]!.repo_name}`,
    });
  });

  it('reads counts written as text or numbers, skips malformed and duplicate rows', () => {
    const rows = parseTrending(
      doc([
        { repo_name: 'a/b', stars: '1,234', forks: '-3' },
        { repo_name: 'a/b', stars: 5 },
        { repo_name: 'no-owner' },
        null,
        { repo_name: 'c/d', primary_language: 'Python', description: null, stars: 7, forks: 2 },
      ]),
      'python',
      'daily',
    );
    expect(rows).toEqual([
      {
        list: 'python:daily',
        fullName: 'a/b',
        description: '',
        language: '',
        stars: 1234,
        starsToday: 0,
        forks: 0,
        url: 'https://github.com/a/b',
      },
      {
        list: 'python:daily',
        fullName: 'c/d',
        description: '',
        language: 'Python',
        stars: 7,
        starsToday: 0,
        forks: 2,
        url: 'https://github.com/c/d',
      },
    ]);
  });

  it('reads the GitHub-search fallback: total stars, the repository page as url', () => {
    const search = {
      total_count: 2,
      items: [
        {
          full_name: 'octo/new-agent',
          description: 'An agent',
          language: 'Python',
          stargazers_count: 2310,
          forks_count: 140,
          html_url: 'https://github.com/octo/new-agent',
        },
        { full_name: 'bad name' },
      ],
    };
    expect(parseTrending(Buffer.from(JSON.stringify(search)), 'python', 'daily')).toEqual([
      {
        list: 'python:daily',
        fullName: 'octo/new-agent',
        description: 'An agent',
        language: 'Python',
        stars: 2310,
        starsToday: 0,
        forks: 140,
        url: 'https://github.com/octo/new-agent',
      },
    ]);
  });

  it.each([
    ['not json', /not JSON/],
    ['[]', /neither data.rows/],
    ['{"data":{"rows":{}}}', /neither data.rows/],
  ])('refuses %s', (text, message) => {
    expect(() => parseTrending(Buffer.from(text), 'python', 'daily')).toThrow(message);
  });
});

describe('GET list-trending-repos', () => {
  it('defaults to python, daily, 20 per page', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.repos).toHaveLength(20);
    expect(res.body.pagination).toEqual({ nextCursor: '', totalCount: 20 });
    expect(res.body.repos.map((r: { fullName: string }) => r.fullName)).toEqual(
      parseTrending(sample('python', 'daily'), 'python', 'daily').map((r) => r.fullName),
    );
    for (const r of res.body.repos)
      expect(Object.keys(r).sort()).toEqual([
        'description',
        'forks',
        'fullName',
        'language',
        'stars',
        'starsToday',
        'url',
      ]);
    expect(res.headers.get('cache-control')).toMatch(/max-age=600/);
  });

  it.each([
    ['language=TypeScript&period=weekly', 'TypeScript', 22],
    ['language=typescript&period=WEEKLY', 'TypeScript', 22],
    ['language=javascript&period=monthly', 'JavaScript', 20],
    ['language=python&period=monthly', 'Python', 25],
  ])('serves %s', async (query, language, total) => {
    const res = await app.get(`${PATH}?${query}&page_size=100`);
    expect(res.body.pagination.totalCount).toBe(total);
    for (const r of res.body.repos) expect(r.language).toBe(language);
  });

  it('pages with a cursor and clamps oversized pages', async () => {
    const first = await app.get(`${PATH}?period=monthly&page_size=10`);
    const second = await app.get(`${PATH}?period=monthly&page_size=10&cursor=${first.body.pagination.nextCursor}`);
    const all = await app.get(`${PATH}?period=monthly&page_size=5000`);
    expect([...first.body.repos, ...second.body.repos]).toEqual(all.body.repos.slice(0, 20));
    expect(all.body.repos).toHaveLength(25);
  });

  it('answers an untracked language with an empty list that is not cached', async () => {
    const res = await app.get(`${PATH}?language=cobol`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ repos: [], pagination: { nextCursor: '', totalCount: 0 } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['period=hourly', 'period'],
    ['period=daily%20please', 'period'],
    ['page_size=-5', 'page_size'],
    ['page_size=2.5', 'page_size'],
    ['cursor=abc', 'cursor'],
    [`language=${'x'.repeat(65)}`, 'language'],
  ])('refuses %s with a violation on %s', async (query, field) => {
    const res = await app.get(`${PATH}?${query}`);
    expectViolation(res, field);
  });
});

describe('degraded, failed and live ingestion', () => {
  it('serves an empty uncached list without a snapshot', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.body).toEqual({ repos: [], pagination: { nextCursor: '', totalCount: 0 } });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  it('keeps the last good snapshot when every list fails', async () => {
    await withTestApp({ samples: [trendingReposDataset] }, async (local) => {
      const before = (await local.get(PATH)).body;
      const payloads = Object.fromEntries(Object.keys(trendingReposDataset.sources).map((k) => [k, doc([])]));
      const r = await local.deps.runner.run(trendingReposDataset, { origin: { kind: 'bytes', payloads } });
      expect(r.ok).toBe(false);
      expect(local.deps.store.meta(TRENDING_REPOS)?.lastError).toMatch(/no rows/);
      expect((await local.get(PATH)).body).toEqual(before);
    });
  });

  it('falls back to the GitHub search when OSSInsight answers without rows', async () => {
    const upstream = await startUpstream();
    upstream.play((_req, res, url) => {
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/v1/trends/repos/') return void res.end(JSON.stringify(doc([])));
      if (url.pathname === '/search/repositories')
        return void res.end(
          JSON.stringify({ total_count: 1, items: [{ full_name: 'octo/new-agent', stargazers_count: 2310 }] }),
        );
      res.writeHead(404).end();
    });
    try {
      await withTestApp({ samples: 'none', config: { UPSTREAM_BASE_OVERRIDE: upstream.origin } }, async (live) => {
        const r = await live.deps.runner.run(trendingReposDataset, { origin: { kind: 'live' } });
        expect(r, r.error).toMatchObject({ ok: true });
        // Python daily: repositories created in the 7 days before the ingestion (the published window).
        const since = new Date(live.clock.now() - 7 * 86_400_000).toISOString().slice(0, 10);
        expect(upstream.seen.map((x) => decodeURIComponent(x.path))).toContain(
          `/search/repositories?q=language:python+created:>${since}&sort=stars&order=desc&per_page=50`,
        );
        expect((await live.get(PATH)).body.repos).toEqual([
          expect.objectContaining({ fullName: 'octo/new-agent', stars: 2310, starsToday: 0 }),
        ]);
      });
    } finally {
      await upstream.close();
    }
  });

  it('ingests the live lists from the upstream URLs', async () => {
    const upstream = await serveSamples(trendingReposDataset);
    const live = await startTestApp({ samples: 'none', config: { UPSTREAM_BASE_OVERRIDE: upstream.base } });
    try {
      const r = await live.deps.runner.run(trendingReposDataset, { origin: { kind: 'live' } });
      expect(r.ok).toBe(true);
      // OSSInsight's names: TypeScript, and past_week for the weekly list.
      expect(upstream.requests).toContain('/v1/trends/repos/?language=TypeScript&period=past_week');
      expect((await live.get(`${PATH}?language=typescript&period=weekly`)).body.pagination.totalCount).toBe(22);
    } finally {
      await live.close();
      await upstream.close();
    }
  });
});
