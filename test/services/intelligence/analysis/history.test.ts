import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, SAMPLE_NOW, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';
import { startLlmFixture, type LlmFixture } from '../../../support/llm-fixture.js';
import { HISTORY_SAMPLES } from '../../../support/derived.js';
import { ManualClock } from '../../../../src/platform/clock.js';
import { refreshDerived } from '../../../../src/platform/snapshots/derived.js';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import type { Snapshot } from '../../../../src/platform/snapshots/store.js';
import { internetOutagesDataset } from '../../../../src/services/infrastructure/internet/datasets/internet-outages.js';
import {
  INTEL_HISTORY,
  intelHistoryDataset,
  type IntelHistoryInfo,
} from '../../../../src/services/intelligence/analysis/datasets/intel-history.js';
import type { HistoryRecord } from '../../../../src/services/intelligence/analysis/rules.js';

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
    app = await startTestApp({ samples: HISTORY_SAMPLES });
  });
  afterAll(() => app.close());

  it('search-intel-history ranks archived events by bm25 and says so', async () => {
    const res = await post(app, SEARCH, { query: 'tanker traffic oil prices' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      query: 'tanker traffic oil prices',
      partial: false,
      upstreamUnavailable: false,
      ranking: 'bm25',
    });
    // The OilPrice.com item of the news sample, taken into the energy record as the published energy memory is.
    expect(res.body.records[0]).toMatchObject({
      title: 'Oil Prices Jump as Red Sea Attacks Disrupt Tanker Traffic',
      domain: 'energy',
      resource: 'intelligence',
      category: 'news',
      sourceUrl: 'https://oilprice.com/Energy/Crude-Oil/Oil-Prices-Jump-as-Red-Sea-Attacks-Disrupt-Tanker-Traffic.html',
      occurredAt: expect.any(Number),
      ingestedAt: SAMPLE_NOW,
    });
    const scores = res.body.records.map((r: { score: number }) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(scores.every((s: number) => s > 0)).toBe(true);
  });

  it('archives every event dataset it takes: ACLED, UCDP, unrest, cross-Strait reports, disruptions, outages', async () => {
    const resources = async (query: string, filters: Record<string, unknown> = {}) =>
      new Set(
        (await post(app, SEARCH, { query, limit: 64, ...filters })).body.records.map(
          (r: { domain: string; resource: string }) => `${r.domain}/${r.resource}`,
        ),
      );
    expect(await resources('RSF Sudan', { country: 'SD' })).toEqual(new Set(['conflict/acled-intel', 'conflict/ucdp']));
    expect(await resources('protest police demonstrators')).toContain('conflict/unrest');
    expect(await resources('PLA aircraft sorties median line')).toEqual(new Set(['military/cross-strait-activity']));
    // Primorsk: a storage outage of the disruption registry dated 2026-11-12; Cuba: a grid failure outage.
    expect(await resources('Primorsk tank farm')).toEqual(new Set(['energy/energy-disruptions']));
    expect(await resources('Cuba grid failure', { domain: 'energy' })).toContain('energy/internet-outages');
    // A government-ordered shutdown belongs to the conflict record.
    expect(await resources('internet shutdowns exams', { country: 'IQ' })).toEqual(
      new Set(['conflict/internet-outages']),
    );
  });

  it('filters by domain, country, time range and limit', async () => {
    const energy = await post(app, SEARCH, { query: 'power outage strikes', domain: 'energy' });
    expect(energy.body.records.length).toBeGreaterThan(0);
    expect(energy.body.records.every((r: { domain: string }) => r.domain === 'energy')).toBe(true);
    const sd = await post(app, SEARCH, { query: 'Rapid Support Forces', country: 'SD' });
    expect(sd.body.records.length).toBeGreaterThan(1);
    expect(sd.body.records.every((r: { country: string }) => r.country === 'SD')).toBe(true);
    const from = SAMPLE_NOW - 10 * DAY;
    const recent = await post(app, SEARCH, { query: 'Rapid Support Forces', from, to: SAMPLE_NOW });
    expect(recent.body.records.length).toBeGreaterThan(0);
    expect(recent.body.records.every((r: { occurredAt: number }) => r.occurredAt >= from)).toBe(true);
    expect((await post(app, SEARCH, { query: 'Rapid Support Forces', limit: 2 })).body.records).toHaveLength(2);
    // Omitted limit means 20, not 1.
    expect((await post(app, SEARCH, { query: 'forces civilians protest police' })).body.records).toHaveLength(20);
  });

  it('keeps the archive to 180 days: events that occurred earlier are never added', async () => {
    // UCDP's Ethiopia event of 2026-05-23 and the 2022 Nord Stream sabotage predate 2026-05-24T12:00Z.
    const fano = await post(app, SEARCH, { query: 'Fano Ethiopia', limit: 64 });
    expect(fano.body.records.map((r: { resource: string }) => r.resource)).toEqual(['acled-intel']);
    const nordStream = await post(app, SEARCH, { query: 'Nord Stream sabotage', limit: 64 });
    expect(nordStream.body.records.filter((r: { title: string }) => /nord stream/i.test(r.title))).toEqual([]);
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
    // The cross-Strait sample holds eight daily reports (2026-11-13 to 2026-11-20).
    const tw = await app.get(`${TIMELINE}?domain=military&country=TW`);
    expect(tw.body.records).toHaveLength(8);
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
    const situation = 'Drone strike halts oil loadings at a port tank farm';
    const res = await post(app, SIMILAR, { situation });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ situation, partial: false, upstreamUnavailable: false, ranking: 'bm25' });
    expect(res.body.records[0].title).toBe('Storage war: primorsk');
    expect(res.body.records.length).toBeLessThanOrEqual(10);
    const ua = await post(app, SIMILAR, {
      situation: 'Strikes damaged energy infrastructure near Kharkiv',
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

describe('intelligence history archive: appended and indexed at ingestion, never inside a request', () => {
  let app: TestApp;
  const history = () => app.deps.store.read<HistoryRecord, IntelHistoryInfo>(INTEL_HISTORY)!;
  /** The Cloudflare Radar sample plus one annotation: a shutdown ordered in Iran the day after the sample. */
  const outagesWithOneMore = () => {
    const doc = JSON.parse(
      readFileSync(path.join(SAMPLES_DIR, 'infrastructure/cloudflare-radar-outages.json'), 'utf8'),
    );
    doc.result.annotations.push({
      id: '1299',
      dataSource: 'ALL',
      description: 'Mobile networks shut down nationwide as election-day rallies spread.',
      scope: null,
      startDate: new Date(SAMPLE_NOW + 20 * 3_600_000).toISOString(),
      endDate: null,
      linkedUrl: 'https://radar.cloudflare.com/ir',
      eventType: 'OUTAGE',
      locations: ['IR'],
      locationsDetails: [{ code: 'IR', name: 'Iran' }],
      asns: [],
      asnsDetails: [],
      outage: { outageCause: 'GOVERNMENT_DIRECTED', outageType: 'NATIONWIDE' },
    });
    return { kind: 'bytes' as const, payloads: { radar: Buffer.from(JSON.stringify(doc)) } };
  };
  const ingestOutages = async () => {
    const outages = await app.deps.runner.run(internetOutagesDataset, { origin: outagesWithOneMore() });
    expect(outages.ok).toBe(true);
    return refreshDerived([outages], HISTORY_SAMPLES, app.deps.runner);
  };

  beforeAll(async () => {
    app = await startTestApp({ samples: HISTORY_SAMPLES });
  });
  afterAll(() => app.close());

  it('holds every event of its inputs in the archive before the first request, which writes nothing', async () => {
    const snap = history();
    // 83 entries: the samples' events within 180 days of 2026-11-20T12:00Z that the archive takes.
    expect(snap.records).toHaveLength(83);
    expect(snap.capturedAt).toBe(SAMPLE_NOW);
    expect(await app.deps.archive.count()).toBe(snap.records.length);
    const add = vi.spyOn(app.deps.archive, 'add');
    try {
      expect((await post(app, SEARCH, { query: 'tanker traffic' })).body.records.length).toBeGreaterThan(0);
      expect((await app.get(TIMELINE)).body.records.length).toBeGreaterThan(0);
      expect((await post(app, SIMILAR, { situation: 'Strikes damaged energy infrastructure' })).status).toBe(200);
      expect(add).not.toHaveBeenCalled();
    } finally {
      add.mockRestore();
    }
  });

  it('appends a new event and archives it during the ingestion; the search after it finds it without writing', async () => {
    (app.clock as ManualClock).set(SAMPLE_NOW + DAY);
    const before = history();
    const add = vi.spyOn(app.deps.archive, 'add');
    try {
      const derived = await ingestOutages();
      expect(derived).toMatchObject([{ dataset: INTEL_HISTORY, ok: true, version: before.version + 1 }]);
      const after = history();
      expect(after.info).toMatchObject({ appended: 1, expired: 0 });
      expect(after.records).toHaveLength(before.records.length + 1);
      // The outage's data time is its load (one day after the samples): the entry is stamped with it.
      expect(after.records.find((r) => r.id === 'conflict:internet-outages:cf-1299-IR')).toMatchObject({
        domain: 'conflict',
        country: 'IR',
        ingestedAt: SAMPLE_NOW + DAY,
      });
      // Only the new record was written, by the ingestion.
      expect(add.mock.calls.map(([docs]) => docs.map((d) => d.id))).toEqual([
        ['intel-history:conflict:internet-outages:cf-1299-IR'],
      ]);
      add.mockClear();
      const res = await post(app, SEARCH, { query: 'election-day rallies' });
      expect(res.body.records[0]).toMatchObject({ id: 'conflict:internet-outages:cf-1299-IR' });
      expect(add).not.toHaveBeenCalled();
    } finally {
      add.mockRestore();
    }
  });

  it('appends nothing when its inputs bring nothing new', async () => {
    const before: Snapshot<HistoryRecord, IntelHistoryInfo> = history();
    // The same outages again: the same content is not stored again (snapshot history), so the input
    // keeps its version and the history is not recomputed.
    const outagesVersion = app.deps.store.version(internetOutagesDataset.name);
    expect(await ingestOutages()).toEqual([]);
    expect(app.deps.store.version(internetOutagesDataset.name)).toBe(outagesVersion);
    expect(history().version).toBe(before.version);
    expect(history().records).toEqual(before.records);
    // A new input version holding the same events (recomputed on a forced run): nothing appended.
    const forced = await app.deps.runner.run(intelHistoryDataset, { origin: { kind: 'live' }, force: true });
    expect(forced.ok).toBe(true);
    expect(history().records).toEqual(before.records);
    // Inputs at the versions it was computed from: nothing is recomputed.
    expect(await app.deps.runner.run(intelHistoryDataset, { origin: { kind: 'live' } })).toMatchObject({
      ok: true,
      unchanged: true,
    });
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
      samples: HISTORY_SAMPLES,
      config: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fixture-chat', EMBEDDINGS_MODEL: 'fixture-embed' },
    });
  });
  afterAll(async () => {
    await app.close();
    await llm.close();
  });

  it('ranks by cosine similarity, says so, and embeds the archive once per snapshot', async () => {
    const res = await post(app, SEARCH, { query: 'PLA aircraft near Taiwan', domain: 'military' });
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
    const res = await post(app, SEARCH, { query: 'Red Sea tanker traffic' });
    llm.mode = 'ok';
    expect(res.status).toBe(200);
    expect(res.body.ranking).toBe('bm25');
    expect(res.body.records[0].title).toBe('Oil Prices Jump as Red Sea Attacks Disrupt Tanker Traffic');
  });
});
