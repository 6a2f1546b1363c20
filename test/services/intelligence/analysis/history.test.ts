import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, SAMPLE_NOW, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { startLlmFixture, type LlmFixture } from '../../../support/llm-fixture.js';
import { intelHistoryDataset } from '../../../../src/services/intelligence/analysis/datasets/intel-history.js';

const SEARCH = '/api/intelligence/v1/search-intel-history';
const TIMELINE = '/api/intelligence/v1/get-intel-timeline';
const SIMILAR = '/api/intelligence/v1/get-similar-events';
const DAY = 86_400_000;

const post = (app: TestApp, path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('intelligence history archive, full-text ranking', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: [intelHistoryDataset] });
  });
  afterAll(() => app.close());

  it('search-intel-history ranks archived events by bm25 and says so', async () => {
    const res = await post(app, SEARCH, { query: 'drone strike substation' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      query: 'drone strike substation',
      partial: false,
      upstreamUnavailable: false,
      ranking: 'bm25',
    });
    expect(res.body.records.length).toBeGreaterThan(3);
    expect(res.body.records[0].title).toBe('Drone strike hits energy substation near Kharkiv');
    expect(res.body.records[0]).toMatchObject({
      domain: 'conflict',
      resource: 'acled',
      country: 'UA',
      category: 'explosions',
    });
    const scores = res.body.records.map((r: { score: number }) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(scores.every((s: number) => s > 0)).toBe(true);
  });

  it('filters by domain, country, time range and limit', async () => {
    const energy = await post(app, SEARCH, { query: 'strike', domain: 'energy' });
    expect(energy.body.records.length).toBeGreaterThan(0);
    expect(energy.body.records.every((r: { domain: string }) => r.domain === 'energy')).toBe(true);
    const ua = await post(app, SEARCH, { query: 'drone strike', country: 'UA' });
    expect(ua.body.records.length).toBeGreaterThan(1);
    expect(ua.body.records.every((r: { country: string }) => r.country === 'UA')).toBe(true);
    const from = SAMPLE_NOW - 30 * DAY;
    const recent = await post(app, SEARCH, { query: 'drone strike', from, to: SAMPLE_NOW });
    expect(recent.body.records.length).toBeGreaterThan(0);
    expect(recent.body.records.every((r: { occurredAt: number }) => r.occurredAt >= from)).toBe(true);
    expect((await post(app, SEARCH, { query: 'drone strike', limit: 2 })).body.records).toHaveLength(2);
    // Omitted limit means 20, not 1.
    expect(
      (await post(app, SEARCH, { query: 'attack fighting strike drone missile oil gas' })).body.records,
    ).toHaveLength(20);
  });

  it('keeps the archive to 180 days: the older sample record is never found', async () => {
    const res = await post(app, SEARCH, { query: 'Zaporizhzhia industrial site' });
    expect(res.body.records.map((r: { title: string }) => r.title)).not.toContain(
      'Drone strike on Zaporizhzhia industrial site',
    );
  });

  it('refuses bad bodies with violations', async () => {
    expectViolation(await post(app, SEARCH, {}), 'query');
    expectViolation(await post(app, SEARCH, { query: 'x' }), 'query');
    expectViolation(await post(app, SEARCH, { query: 'oil', domain: 'cyber' }), 'domain');
    expectViolation(await post(app, SEARCH, { query: 'oil', country: 'ua' }), 'country');
    expectViolation(await post(app, SEARCH, { query: 'oil', limit: 65 }), 'limit');
    expectViolation(await post(app, SEARCH, { query: 'oil', from: 10, to: 5 }), 'from');
  });

  it('get-intel-timeline lists the newest events first, every domain by default', async () => {
    const res = await app.get(TIMELINE);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ partial: false, upstreamUnavailable: false });
    expect(res.body.records).toHaveLength(50);
    const times = res.body.records.map((r: { occurredAt: number }) => r.occurredAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(res.body.records.map((r: { domain: string }) => r.domain))).toEqual(
      new Set(['conflict', 'military', 'energy']),
    );
    expect(res.body.records.every((r: { score: number }) => r.score === 0)).toBe(true);
  });

  it('get-intel-timeline filters by domain, country, from/to and limit', async () => {
    const tw = await app.get(`${TIMELINE}?domain=military&country=TW`);
    expect(tw.body.records.length).toBeGreaterThan(5);
    expect(
      tw.body.records.every((r: { domain: string; country: string }) => r.domain === 'military' && r.country === 'TW'),
    ).toBe(true);
    const from = SAMPLE_NOW - 10 * DAY;
    const to = SAMPLE_NOW - 2 * DAY;
    const window = await app.get(`${TIMELINE}?from=${from}&to=${to}&limit=200`);
    expect(window.body.records.length).toBeGreaterThan(0);
    expect(window.body.records.every((r: { occurredAt: number }) => r.occurredAt >= from && r.occurredAt <= to)).toBe(
      true,
    );
    expect((await app.get(`${TIMELINE}?limit=3`)).body.records).toHaveLength(3);
  });

  it('get-intel-timeline refuses bad parameters', async () => {
    expectViolation(await app.get(`${TIMELINE}?domain=cyber`), 'domain');
    expectViolation(await app.get(`${TIMELINE}?limit=201`), 'limit');
    expectViolation(await app.get(`${TIMELINE}?from=abc`), 'from');
    expectViolation(await app.get(`${TIMELINE}?from=20&to=10`), 'from');
  });

  it('get-similar-events finds precedents sharing the situation’s terms', async () => {
    const situation = 'Drone attack on an oil refinery causes a fire and shuts a distillation unit';
    const res = await post(app, SIMILAR, { situation });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ situation, partial: false, upstreamUnavailable: false, ranking: 'bm25' });
    expect(res.body.records[0].title).toBe('Drone attack sparks fire at oil refinery in southern Russia');
    expect(res.body.records.length).toBeLessThanOrEqual(10);
    const ua = await post(app, SIMILAR, {
      situation: 'Missile strike on port infrastructure',
      country: 'UA',
      domain: 'conflict',
      limit: 1,
    });
    expect(ua.body.records).toHaveLength(1);
    expect(ua.body.records[0]).toMatchObject({ country: 'UA', domain: 'conflict' });
    // Nothing in the archive shares two words with this situation: no precedent rather than a weak one.
    expect(
      (await post(app, SIMILAR, { situation: 'Volcanic ash cloud grounds flights over Iceland' })).body.records,
    ).toEqual([]);
  });

  it('get-similar-events refuses bad bodies', async () => {
    expectViolation(await post(app, SIMILAR, {}), 'situation');
    expectViolation(await post(app, SIMILAR, { situation: 'too short' }), 'situation');
    expectViolation(await post(app, SIMILAR, { situation: 'long enough situation', limit: 33 }), 'limit');
  });

  it('is a Pro operation', async () => {
    const free = await app.createKey({ plan: 'free' });
    const res = await app.get(TIMELINE, { 'x-service-key': free.key });
    expect(res.status).toBe(403);
  });
});

describe('intelligence history archive without its snapshot', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ samples: 'none' });
  });
  afterAll(() => app.close());

  it('answers empty, flagged upstreamUnavailable and not stored', async () => {
    for (const res of [
      await post(app, SEARCH, { query: 'drone strike' }),
      await app.get(TIMELINE),
      await post(app, SIMILAR, { situation: 'drone strike on refinery' }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ records: [], upstreamUnavailable: true });
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
    }
    expect((await post(app, SEARCH, { query: 'drone strike' })).body.ranking).toBe('none');
  });
});

describe('intelligence history archive with an embeddings model', () => {
  let app: TestApp;
  let llm: LlmFixture;
  beforeAll(async () => {
    llm = await startLlmFixture();
    app = await startTestApp({
      samples: [intelHistoryDataset],
      config: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fixture-chat', EMBEDDINGS_MODEL: 'fixture-embed' },
    });
  });
  afterAll(async () => {
    await app.close();
    await llm.close();
  });

  it('ranks by cosine similarity, says so, and embeds the archive once per snapshot', async () => {
    const res = await post(app, SEARCH, { query: 'drone strike substation', domain: 'military' });
    expect(res.status).toBe(200);
    expect(res.body.ranking).toBe('embeddings');
    expect(res.body.records.length).toBeGreaterThan(0);
    expect(
      res.body.records.every(
        (r: { domain: string; score: number }) => r.domain === 'military' && r.score >= -1 && r.score <= 1,
      ),
    ).toBe(true);
    const scores = res.body.records.map((r: { score: number }) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const calls = llm.count('/embeddings');
    const similar = await post(app, SIMILAR, { situation: 'Chinese warships sail near Taiwan' });
    expect(similar.body.ranking).toBe('embeddings');
    expect(similar.body.records.every((r: { score: number }) => r.score >= 0.55)).toBe(true);
    // Only the new situation is embedded: the archive's vectors are kept for the snapshot.
    expect(llm.count('/embeddings')).toBe(calls + 1);
  });

  it('falls back to bm25 when the embeddings endpoint fails', async () => {
    llm.mode = 'error';
    const res = await post(app, SEARCH, { query: 'tanker seized Hormuz' });
    llm.mode = 'ok';
    expect(res.status).toBe(200);
    expect(res.body.ranking).toBe('bm25');
    expect(res.body.records[0].title).toBe('Tanker seized near Strait of Hormuz raises shipping risk premium');
  });
});
