import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mds } from '../support/cli.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';
import { bundledFile } from '../../src/platform/snapshots/samples.js';
import { ManualClock } from '../../src/platform/clock.js';
import { streamHubOf } from '../../src/platform/stream/hub.js';
import { parseStreamQuery } from '../../src/http/stream.js';
import { SAMPLE_NOW, startTestApp, type TestApp } from '../support/app.js';
import { openSse, type SseEvent, type SseStream } from '../support/sse.js';

/*
 * GET /api/stream through a real server and a real SSE client (the fetch body parsed as an event
 * stream): a swap that changes a subscribed answer is an event within a second carrying the REST
 * answer's own ETag; a resumed stream replays what it missed from the snapshot history; heartbeats;
 * a revoked key's stream ends; caps, validation and hub events.
 */

const HOUR = 3600_000;
const QUAKES = '/api/seismology/v1/list-earthquakes?page_size=5';
const sources = earthquakesDataset.sources;
const usgsSample = JSON.parse(fs.readFileSync(bundledFile(sources.usgs), 'utf8')) as { features: unknown[] };
const nrcanSample = fs.readFileSync(bundledFile(sources.nrcan));

/** The USGS sample without its first `drop` events: a feed whose first page really differs. */
function usgsWithout(drop: number): Buffer {
  return Buffer.from(JSON.stringify({ ...usgsSample, features: usgsSample.features.slice(drop) }));
}

async function ingest(app: TestApp, drop: number) {
  const r = await app.deps.runner.run(earthquakesDataset, {
    origin: { kind: 'bytes', payloads: { usgs: usgsWithout(drop), nrcan: nrcanSample } },
  });
  expect(r.ok).toBe(true);
  return Date.now();
}

const streamUrl = (app: TestApp, query: string) => `${app.baseUrl}/api/stream?${query}`;
const subscribe = (op: string) => `operations=${encodeURIComponent(op)}`;
const data = (e: SseEvent) =>
  JSON.parse(e.data) as { operation: string; etag: string; lastModified: string; body?: any };
const isChange = (e: SseEvent) => e.event === 'change';

describe('GET /api/stream', () => {
  let app: TestApp;
  /** REST answers as the identity representation: its ETag is the one events carry (a compressed variant's adds `-gzip`). */
  const rest = (p: string) => app.get(p, { 'accept-encoding': 'identity' });
  const clock = new ManualClock(SAMPLE_NOW);
  const open: SseStream[] = [];
  const sse = async (query: string, headers: Record<string, string> = app.defaultHeaders) => {
    const s = await openSse(streamUrl(app, query), headers);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    app = await startTestApp({ samples: [earthquakesDataset], clock, config: { STREAM_HEARTBEAT_MS: 200 } });
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await app.close();
  });

  it('sends a change within a second of a swap, with the ETag and body REST then serves, and resumes with Last-Event-ID', async () => {
    const stream = await sse(`${subscribe(QUAKES)}&include=body`);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const subscribed = await stream.next((e) => e.event === 'subscribed');
    const before = await rest(QUAKES);
    expect(JSON.parse(subscribed.data).operations).toEqual([
      { operation: QUAKES, etag: before.headers.get('etag'), lastModified: before.headers.get('last-modified') },
    ]);

    clock.advance(HOUR);
    const swapped = await ingest(app, 2);
    const event = await stream.next(isChange, 1_000);
    expect(event.at - swapped).toBeLessThan(1_000);
    const now = await rest(QUAKES);
    expect(now.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(data(event)).toEqual({
      operation: QUAKES,
      etag: now.headers.get('etag'),
      lastModified: now.headers.get('last-modified'),
      body: now.body,
    });
    // The cursor is the swap's instant: resuming from it replays nothing already seen.
    expect(event.id).toBe(String(clock.now()));

    // Disconnected, two more swaps happen; the resumed stream replays both from the history, then goes live.
    stream.close();
    clock.advance(HOUR);
    await ingest(app, 4);
    const second = (await rest(QUAKES)).headers.get('etag');
    clock.advance(HOUR);
    await ingest(app, 6);
    const third = (await rest(QUAKES)).headers.get('etag');
    clock.advance(HOUR);
    const resumed = await sse(subscribe(QUAKES), { ...app.defaultHeaders, 'last-event-id': event.id! });
    await resumed.next((e) => data(e).etag === third, 2_000);
    const replayed = resumed.events.filter(isChange).map((e) => [e.id, data(e).etag]);
    expect(replayed).toEqual([
      [String(SAMPLE_NOW + 2 * HOUR), second],
      [String(SAMPLE_NOW + 3 * HOUR), third],
    ]);
    // Without include=body, no body.
    expect(data(resumed.events.find(isChange)!).body).toBeUndefined();
    // Live again after the replay.
    const seen = resumed.events.length;
    await ingest(app, 8);
    const live = await resumed.next(isChange, 1_000, seen);
    expect(data(live).etag).toBe((await rest(QUAKES)).headers.get('etag'));
  });

  it('applies the subscription jmespath to the body and its ETag, as REST does', async () => {
    const op = `${QUAKES}&jmespath=${encodeURIComponent('earthquakes[].place')}`;
    const stream = await sse(`${subscribe(op)}&include=body`);
    await stream.next((e) => e.event === 'subscribed');
    clock.advance(HOUR);
    await ingest(app, 10);
    const event = await stream.next(isChange, 1_000);
    const projected = await rest(op);
    expect(data(event).etag).toBe(projected.headers.get('etag'));
    expect(data(event).body).toEqual(projected.body);
    expect(Array.isArray(data(event).body)).toBe(true);
  });

  it('evaluates a subscription once per swap however many streams hold it', async () => {
    const streams = await Promise.all([1, 2, 3].map(() => sse(subscribe(QUAKES))));
    await Promise.all(streams.map((s) => s.next((e) => e.event === 'subscribed')));
    // Wait for the catch-up evaluations each stream makes as it opens.
    await new Promise((r) => setTimeout(r, 50));
    const before = app.streams.evaluations;
    clock.advance(HOUR);
    await ingest(app, 12);
    await Promise.all(streams.map((s) => s.next(isChange, 1_000)));
    // One group (same operation, same plan) for every stream holding it; the earlier tests' streams still
    // open hold the other groups (with jmespath, or on another key's plan): at most one evaluation each.
    expect(app.streams.evaluations - before).toBeLessThanOrEqual(2);
    for (const s of streams) s.close();
  });

  it('sends a comment line every heartbeat interval', async () => {
    const stream = await sse(subscribe(QUAKES));
    await stream.waitComments(2, 2_000);
    expect(stream.comments.slice(0, 2)).toEqual(['keep-alive', 'keep-alive']);
    stream.close();
  });

  it("ends a revoked key's stream", async () => {
    const key = await app.createKey({ plan: 'api_business' });
    const stream = await sse(subscribe(QUAKES), { 'x-service-key': key.key });
    await stream.next((e) => e.event === 'subscribed');
    await app.revokeKey(key.id);
    const end = await stream.next((e) => e.event === 'end', 2_000);
    expect(JSON.parse(end.data).reason).toBe('credential refused');
    await stream.ended;
    // And nothing more is delivered for it.
    clock.advance(HOUR);
    await ingest(app, 14);
    expect(stream.events.filter(isChange)).toEqual([]);
  });

  it('caps open streams per key by plan', async () => {
    const key = await app.createKey({ plan: 'free' });
    const first = await sse(subscribe(QUAKES), { 'x-service-key': key.key });
    expect(first.status).toBe(200);
    await first.next((e) => e.event === 'subscribed');
    const second = await sse(subscribe(QUAKES), { 'x-service-key': key.key });
    expect(second.status).toBe(429);
    expect(JSON.parse(second.text!).error).toMatch(/free plan holds at most 1 open stream/);
    first.close();
    await new Promise((r) => setTimeout(r, 50));
    const third = await sse(subscribe(QUAKES), { 'x-service-key': key.key });
    expect(third.status).toBe(200);
    third.close();
  });

  it('ends the stream with a 429 error event when a delivery would exceed the key limit', async () => {
    // Opening costs one request, the first event a second; the second event would be the third.
    const key = await app.createKey({ plan: 'api_business', rateLimitPerMinute: 2 });
    const stream = await sse(subscribe(QUAKES), { 'x-service-key': key.key });
    await stream.next((e) => e.event === 'subscribed');
    clock.advance(10_000);
    await ingest(app, 18);
    await stream.next(isChange, 1_000);
    clock.advance(10_000);
    await ingest(app, 19);
    const error = await stream.next((e) => e.event === 'error', 1_000);
    expect(JSON.parse(error.data)).toMatchObject({ status: 429, retryAfter: expect.any(Number) });
    await stream.ended;
    expect(stream.retries).toHaveLength(1);
    expect(stream.events.filter(isChange)).toHaveLength(1);
  });

  it('charges each delivered event as one request of the key', async () => {
    const key = await app.createKey({ plan: 'api_business' });
    const stream = await sse(subscribe(QUAKES), { 'x-service-key': key.key });
    await stream.next((e) => e.event === 'subscribed');
    const remaining = async () =>
      Number(
        (await app.get('/api/seismology/v1/list-earthquakes?page_size=1', { 'x-service-key': key.key })).headers.get(
          'x-ratelimit-remaining',
        ),
      );
    // The clock moves before the first count: the per-minute window stays the same for both.
    clock.advance(HOUR);
    const a = await remaining();
    await ingest(app, 16);
    await stream.next(isChange, 1_000);
    const b = await remaining();
    // One for the GET itself, one for the event delivered in between.
    expect(a - b).toBe(2);
    stream.close();
  });

  it('refuses bad subscriptions with a 400 naming each, before any stream opens', async () => {
    const bad = await sse(
      [
        subscribe('/api/seismology/v1/list-earthquakes?page_size=nope'),
        subscribe('/api/no/v1/such-operation'),
        subscribe(`${QUAKES}&as_of=2026-11-20T00:00:00Z`),
      ].join('&'),
    );
    expect(bad.status).toBe(400);
    const fields = (JSON.parse(bad.text!) as { violations: { field: string }[] }).violations.map((v) => v.field);
    expect(fields).toEqual(['operations[0].page_size', 'operations[1]', 'operations[2].as_of']);
    const none = await sse('include=body');
    expect(none.status).toBe(400);
    const anonymous = await sse(subscribe(QUAKES), {});
    expect(anonymous.status).toBe(401);
  });

  it('splits operations on literal commas and takes repeated parameters', () => {
    const a = '/api/x/v1/a?countries=US,FR';
    const b = '/api/x/v1/b';
    const { request, violations } = parseStreamQuery(
      `operations=${encodeURIComponent(a)},${encodeURIComponent(b)}&operations=${encodeURIComponent(b)}&watches=r1,r2`,
    );
    expect(violations).toEqual([]);
    expect(request.operations).toEqual([a, b, b]);
    expect(request.watches).toEqual(['r1', 'r2']);
  });

  it("delivers events published on the hub to the account's streams subscribed to their watch id", async () => {
    const key = await app.createKey({ plan: 'api_business' });
    const other = await app.createKey({ plan: 'api_business' });
    const mine = await sse('watches=rule-1', { 'x-service-key': key.key });
    const theirs = await sse('watches=rule-1', { 'x-service-key': other.key });
    await mine.next((e) => e.event === 'subscribed');
    await theirs.next((e) => e.event === 'subscribed');
    const hub = streamHubOf(app.deps);
    expect(hub.publish(key.accountId, { kind: 'watch', id: 'rule-1', event: 'watch', data: { fired: true } })).toBe(1);
    hub.publish(key.accountId, { kind: 'watch', id: 'rule-2', event: 'watch', data: { fired: 'other rule' } });
    const got = await mine.next((e) => e.event === 'watch', 1_000);
    expect(JSON.parse(got.data)).toEqual({ fired: true });
    await new Promise((r) => setTimeout(r, 100));
    expect(mine.events.filter((e) => e.event === 'watch')).toHaveLength(1);
    expect(theirs.events.filter((e) => e.event === 'watch')).toEqual([]);
    mine.close();
    theirs.close();
  });

  it('notices a swap written by another process on the same SQLite file (mds ingest beside mds serve)', async () => {
    if (!app.deps.store.backend.sync) return; // PostgreSQL: the two-node test covers other writers.
    const stream = await sse(subscribe(QUAKES));
    await stream.next((e) => e.event === 'subscribed');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mds-stream-feed-')), 'usgs.geojson');
    fs.writeFileSync(file, usgsWithout(20));
    const ingested = await mds(['ingest', earthquakesDataset.name, '--force', '--file', `usgs=${file}`], {
      DATABASE_PATH: app.dbFile,
    });
    expect(ingested.code).toBe(0);
    const published = Date.now();
    // No request reads the store meanwhile: the stream's own poll finds the foreign write.
    const event = await stream.next(isChange, 3_000);
    expect(event.at - published).toBeLessThan(1_500);
    expect(data(event).etag).toBe((await rest(QUAKES)).headers.get('etag'));
    stream.close();
  });

  it('ends every stream with a retry hint on shutdown', async () => {
    const stream = await sse(subscribe(QUAKES));
    await stream.next((e) => e.event === 'subscribed');
    app.streams.shutdown();
    await stream.ended;
    expect(stream.retries).toEqual([app.deps.config.STREAM_RETRY_MS]);
  });
});
