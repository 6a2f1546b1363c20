import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { testConfig } from '../../../src/config.js';
import { closeRedisClient, createRedisClient, whenReady } from '../../../src/platform/redis/client.js';
import { SnapshotNotices, type SnapshotNotice } from '../../../src/platform/redis/notices.js';
import { RedisChannels } from '../../../src/platform/redis/pubsub.js';
import { startRedis, type RunningRedis } from '../../support/engines/redis.js';

/** A subscriber node: its notices as they arrive, and a way to wait for the next one. */
function recorder() {
  const seen: { notice: SnapshotNotice; at: number }[] = [];
  const waiters: ((n: SnapshotNotice) => void)[] = [];
  return {
    seen,
    handler: (notice: SnapshotNotice) => {
      seen.push({ notice, at: performance.now() });
      waiters.splice(0).forEach((w) => w(notice));
    },
    next(ms = 1_000): Promise<SnapshotNotice> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no notice within ${ms} ms`)), ms);
        waiters.push((n) => {
          clearTimeout(timer);
          resolve(n);
        });
      });
    },
  };
}

describe('snapshot-change notices over pub/sub (real redis-server)', () => {
  let redis: RunningRedis;
  const clients: Redis[] = [];
  let publisherA: Redis;
  let subscriberB: Redis;
  let noticesA: SnapshotNotices;
  let noticesB: SnapshotNotices;

  beforeAll(async () => {
    redis = await startRedis();
    const config = testConfig({ REDIS_URL: redis.url });
    publisherA = createRedisClient(config, { role: 'node-a' });
    subscriberB = createRedisClient(config, { role: 'node-b-sub', subscriber: true });
    const subscriberA = createRedisClient(config, { role: 'node-a-sub', subscriber: true });
    const publisherB = createRedisClient(config, { role: 'node-b' });
    clients.push(publisherA, subscriberA, publisherB, subscriberB);
    noticesA = new SnapshotNotices(publisherA, new RedisChannels(subscriberA), 'notices:');
    noticesB = new SnapshotNotices(publisherB, new RedisChannels(subscriberB), 'notices:');
    await Promise.all(clients.map((c) => whenReady(c)));
  });
  afterAll(async () => {
    clients.forEach(closeRedisClient);
    await redis.close();
  });

  it('a notice published by one node reaches another within 100 ms', async () => {
    const b = recorder();
    const stop = await noticesB.subscribe(b.handler);
    const arrival = b.next();
    const t0 = performance.now();
    const receivers = await noticesA.publish({ dataset: 'seismology.earthquakes', version: 7 });
    const notice = await arrival;
    expect(performance.now() - t0).toBeLessThan(100);
    expect(notice).toEqual({ dataset: 'seismology.earthquakes', version: 7 });
    expect(receivers).toBe(1);
    await stop();
  });

  it('ignores messages on the channel that are not notices', async () => {
    const b = recorder();
    const stop = await noticesB.subscribe(b.handler);
    for (const junk of [
      'not json',
      '{"dataset":"x"}',
      '{"dataset":"","version":1}',
      '{"dataset":"x","version":1.5}',
      '[]',
    ]) {
      await publisherA.publish('notices:snapshots', junk);
    }
    const arrival = b.next();
    await noticesA.publish({ dataset: 'markets.quotes', version: 3 });
    expect(await arrival).toEqual({ dataset: 'markets.quotes', version: 3 });
    expect(b.seen.map((s) => s.notice)).toEqual([{ dataset: 'markets.quotes', version: 3 }]);
    await stop();
  });

  it('publishing fails fast while Redis is down; after it returns the subscriber resubscribes and asks for a resync', async () => {
    const b = recorder();
    let resyncs = 0;
    let resynced: () => void = () => undefined;
    const stop = await noticesB.subscribe(b.handler, () => {
      resyncs++;
      resynced();
    });

    await redis.stop();
    const t0 = performance.now();
    await expect(noticesA.publish({ dataset: 'markets.quotes', version: 4 })).rejects.toThrow();
    expect(performance.now() - t0).toBeLessThan(50);

    const back = new Promise<void>((r) => (resynced = r));
    await redis.restart();
    await back; // subscribed again: notices missed meanwhile are caught up by the owner's poll
    expect(resyncs).toBe(1);
    await whenReady(publisherA, 5_000);
    const arrival = b.next();
    await noticesA.publish({ dataset: 'markets.quotes', version: 5 });
    expect(await arrival).toEqual({ dataset: 'markets.quotes', version: 5 });
    expect(b.seen.map((s) => s.notice.version)).toEqual([5]);
    await stop();
  });

  it('a subscription asked for while Redis is down (a node starting during an outage) takes effect when it returns', async () => {
    await redis.stop();
    const b = recorder();
    let subscribed = false;
    const pending = noticesB.subscribe(b.handler).then((stop) => {
      subscribed = true;
      return stop;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(subscribed).toBe(false);
    await redis.restart();
    const stop = await pending;
    await whenReady(publisherA, 5_000);
    const arrival = b.next();
    await noticesA.publish({ dataset: 'markets.quotes', version: 6 });
    expect(await arrival).toEqual({ dataset: 'markets.quotes', version: 6 });
    await stop();
  });
});
