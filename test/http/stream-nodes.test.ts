import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earthquakesDataset } from '../../src/services/seismology/datasets/earthquakes.js';
import { bundledFile } from '../../src/platform/snapshots/samples.js';
import { systemClock } from '../../src/platform/clock.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { serveNode, type ClusterNode } from '../support/cluster.js';
import { startPostgres, type RunningPostgres } from '../support/engines/postgres.js';
import { startRedis, type RunningRedis } from '../support/engines/redis.js';
import { openSse } from '../support/sse.js';
import { streamHubOf } from '../../src/platform/stream/hub.js';

/*
 * Two nodes sharing PostgreSQL and Redis: node A (an app in this process) publishes a swap; node B
 * (a real `mds serve` process, polling PostgreSQL only once a minute) holds the stream. The event
 * reaching B's client within a second can only have come through Redis's snapshot notice, which makes
 * B's store fetch the new version and fire the change its streams are evaluated on.
 */

const QUAKES = '/api/seismology/v1/list-earthquakes?page_size=5';
const sources = earthquakesDataset.sources;
const usgsSample = JSON.parse(fs.readFileSync(bundledFile(sources.usgs), 'utf8')) as { features: unknown[] };
const nrcanSample = fs.readFileSync(bundledFile(sources.nrcan));

let pg: RunningPostgres;
let redis: RunningRedis;
let a: TestApp;
let b: ClusterNode;

beforeAll(async () => {
  [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
  const url = await pg.createDatabase('streams');
  // The real clock: B (another process) stamps and reads history with its own.
  a = await startTestApp({
    samples: [earthquakesDataset],
    clock: systemClock,
    config: { DATABASE_URL: url, REDIS_URL: redis.url },
  });
  b = await serveNode({ DATABASE_URL: url, REDIS_URL: redis.url, SNAPSHOT_POLL_MS: '60000' });
}, 120_000);
afterAll(async () => {
  b?.kill();
  await a?.close();
  await Promise.all([pg?.stop(), redis?.close()]);
});

describe('event streams across nodes on Redis', () => {
  it("a swap on one node reaches a stream on the other within a second, with the other node's ETag", async () => {
    const key = await a.createKey({ plan: 'api_business' });
    const headers = { 'x-service-key': key.key };
    const stream = await openSse(
      `http://127.0.0.1:${b.port}/api/stream?operations=${encodeURIComponent(QUAKES)}`,
      headers,
    );
    try {
      expect(stream.status).toBe(200);
      await stream.next((e) => e.event === 'subscribed');
      const r = await a.deps.runner.run(earthquakesDataset, {
        origin: {
          kind: 'bytes',
          payloads: {
            usgs: Buffer.from(JSON.stringify({ ...usgsSample, features: usgsSample.features.slice(3) })),
            nrcan: nrcanSample,
          },
        },
      });
      expect(r.ok).toBe(true);
      const published = Date.now();
      const event = await stream.next((e) => e.event === 'change', 2_000);
      expect(event.at - published).toBeLessThan(1_000);
      // The same answer on both nodes: B's event names the ETag A now serves.
      const onA = await a.get(QUAKES, { ...headers, 'accept-encoding': 'identity' });
      expect((JSON.parse(event.data) as { etag: string }).etag).toBe(onA.headers.get('etag'));
    } finally {
      stream.close();
    }
  });

  it("an event published on one node's stream hub reaches the account's stream on the other", async () => {
    const key = await a.createKey({ plan: 'api_business' });
    const stream = await openSse(`http://127.0.0.1:${b.port}/api/stream?watches=rule-7`, { 'x-service-key': key.key });
    try {
      await stream.next((e) => e.event === 'subscribed');
      streamHubOf(a.deps).publish(key.accountId, {
        kind: 'watch',
        id: 'rule-7',
        event: 'watch',
        data: { rule: 'rule-7' },
      });
      const event = await stream.next((e) => e.event === 'watch', 1_000);
      expect(JSON.parse(event.data)).toEqual({ rule: 'rule-7' });
    } finally {
      stream.close();
    }
  });
});
