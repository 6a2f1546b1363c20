import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, withTestApp, type TestApp } from '../../support/app.js';
import { resilienceScoresDataset } from '../../../src/services/resilience/datasets/resilience-scores.js';
import { appRouter } from '../../../src/root/app-router.js';
import { procedureEntry } from '../../../src/http/procedure-table.js';

const PATH = '/api/resilience/v1/get-resilience-ranking';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [resilienceScoresDataset] });
});
afterAll(() => app.close());

type Item = {
  countryCode: string;
  overallScore: number;
  level: string;
  lowConfidence: boolean;
  overallCoverage: number;
  rankStable: boolean;
  headlineEligible: boolean;
};

describe('GET get-resilience-ranking', () => {
  it('ranks the headline-eligible countries best first and greys out the rest', async () => {
    const res = await app.get(PATH);
    expect(res.status).toBe(200);
    const { items, greyedOut, ...rest } = res.body as { items: Item[]; greyedOut: Item[] };
    expect(rest).toEqual({
      fetchedAt: '2026-11-20T06:00:00.000Z',
      scored: 46,
      total: 48,
      coverage: 0.9583,
      partial: false,
    });
    expect(items.length + greyedOut.length).toBe(48);
    expect(items[0]).toMatchObject({
      countryCode: 'NO',
      level: 'high',
      lowConfidence: false,
      rankStable: true,
      headlineEligible: true,
    });
    for (let k = 1; k < items.length; k++)
      expect(items[k - 1].overallScore).toBeGreaterThanOrEqual(items[k].overallScore);
    for (const i of items)
      expect(Object.keys(i).sort()).toEqual([
        'countryCode',
        'headlineEligible',
        'level',
        'lowConfidence',
        'overallCoverage',
        'overallScore',
        'rankStable',
      ]);
  });

  it('greys out unscored, low-confidence and small thinly covered countries, but keeps small well-covered ones', async () => {
    const { items, greyedOut } = (await app.get(PATH)).body as { items: Item[]; greyedOut: Item[] };
    const grey = new Map(greyedOut.map((i) => [i.countryCode, i]));
    expect(grey.get('KP')).toMatchObject({
      overallScore: -1,
      level: 'unknown',
      rankStable: false,
      headlineEligible: false,
    });
    expect(grey.get('YE')).toMatchObject({ lowConfidence: true, headlineEligible: false, level: 'low' });
    // Tuvalu: confident but tiny and below 0.85 coverage.
    expect(grey.get('TV')).toMatchObject({ lowConfidence: false, headlineEligible: false });
    expect(items.map((i) => i.countryCode)).toContain('LI');
    // Wide uncertainty does not exclude a country, it only marks the rank unstable.
    expect(items.find((i) => i.countryCode === 'UA')).toMatchObject({ rankStable: false, level: 'low' });
    expect([...grey.keys()].sort()).toEqual(['ET', 'HT', 'KP', 'LB', 'SD', 'SS', 'TV', 'YE']);
  });

  it('declares tier 1, its rate policy and the slow cache tier', async () => {
    const meta = procedureEntry(appRouter, 'resilience.getResilienceRanking')?.meta;
    expect(meta).toMatchObject({ requiredTier: 1, ratePolicy: 'get-resilience-ranking', cacheTier: 'slow' });
    const res = await app.get(PATH);
    expect(res.headers.get('cache-control')).toMatch(/max-age=300/);
  });

  it('computes the ranking once per snapshot version', async () => {
    const snapshot = app.deps.store.read('resilience.scores')!;
    const a = (await app.get(`${PATH}?jmespath=items[0]`)).body;
    const b = snapshot.derive('ranking', () => {
      throw new Error('recomputed');
    }) as { items: Item[] };
    expect(b.items[0]).toEqual(a);
  });

  it('refuses unknown query parameters', async () => {
    const res = await app.get(`${PATH}?foo=bar`);
    expect(res.status).toBe(400);
    expect(res.body.violations.map((v: { field: string }) => v.field)).toEqual(['foo']);
  });

  it('keeps serving the last good snapshot when an ingestion brings bad bytes', async () => {
    const before = (await app.get(PATH)).body;
    const result = await app.deps.runner.run(resilienceScoresDataset, {
      origin: { kind: 'bytes', payloads: { scores: Buffer.from('{"schema":"resilience-scores/v3"') } },
    });
    expect(result.ok).toBe(false);
    const after = await app.get(PATH);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before);
  });
});

describe('without a scores snapshot', () => {
  it('answers an empty partial ranking that is never cached', async () => {
    await withTestApp({ samples: 'none' }, async (empty) => {
      const res = await empty.get(PATH);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        items: [],
        greyedOut: [],
        fetchedAt: '',
        scored: 0,
        total: 0,
        coverage: 0,
        partial: true,
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });
});

describe('ingestion', () => {
  // The scores are derived (computed here from the indicator snapshots, issue "Data truth II"): no
  // upstream serves them, so a live refresh fetches nothing and the bundled sample seeds the database.
  it('refuses a live refresh without a request; the bundled sample seeds an empty database', async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const live = await startTestApp({
      samples: 'none',
      config: { UPSTREAM_BASE_OVERRIDE: `http://127.0.0.1:${(server.address() as AddressInfo).port}` },
    });
    try {
      expect(resilienceScoresDataset.kind).toBe('derived');
      const refused = await live.deps.runner.run(resilienceScoresDataset, { origin: { kind: 'live' } });
      expect(refused).toMatchObject({ ok: false, error: expect.stringMatching(/derived dataset/) });
      expect(seen).toEqual([]);
      const seeded = await live.deps.runner.run(resilienceScoresDataset, { origin: { kind: 'samples' } });
      expect(seeded).toMatchObject({ ok: true, recordCount: 48 });
      expect((await live.get(PATH)).body.scored).toBe(46);
    } finally {
      await live.close();
      server.close();
    }
  });
});
