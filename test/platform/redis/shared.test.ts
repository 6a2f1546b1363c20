import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, type Config } from '../../../src/config.js';
import { createLogger } from '../../../src/platform/logger.js';
import type { WindowSpec } from '../../../src/platform/ratelimit/window.js';
import { whenReady } from '../../../src/platform/redis/client.js';
import { createSharedRedis, type SharedRedis } from '../../../src/platform/redis/index.js';
import type { SnapshotNotice } from '../../../src/platform/redis/notices.js';
import { redactorFor } from '../../../src/platform/secrets.js';
import { startRedis, type RunningRedis } from '../../support/engines/redis.js';

const PASSWORD = 'redis-test-password-3f9c1a';
const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);

/** A logger writing JSON lines into memory, redacting configured secrets as the service's does. */
function memoryLogger(config: Config) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, logger: createLogger('info', sink, redactorFor(config)) };
}

describe("a node's shared Redis side: two nodes on one password-protected server", () => {
  let redis: RunningRedis;
  let config: Config;
  let nodeA: SharedRedis;
  let nodeB: SharedRedis;
  let logA: ReturnType<typeof memoryLogger>;

  beforeAll(async () => {
    redis = await startRedis({ password: PASSWORD });
    config = testConfig({ REDIS_URL: redis.url, REDIS_PASSWORD: PASSWORD, REDIS_KEY_PREFIX: 'prod-eu:' });
    logA = memoryLogger(config);
    nodeA = createSharedRedis(config, logA.logger)!;
    nodeB = createSharedRedis(config)!;
    await Promise.all([nodeA, nodeB].flatMap((n) => [whenReady(n.commands), whenReady(n.subscriber)]));
  });
  afterAll(async () => {
    nodeA.close();
    nodeB.close();
    await redis.close();
  });

  it('is absent without REDIS_URL: one process, nothing shared', () => {
    expect(createSharedRedis(testConfig())).toBeUndefined();
  });

  it('authenticates with REDIS_PASSWORD and refuses without it', async () => {
    expect(await nodeA.commands.ping()).toBe('PONG');
    const anonymous = createSharedRedis({ ...config, REDIS_PASSWORD: undefined })!;
    await expect(whenReady(anonymous.commands, 300)).rejects.toThrow(/not ready/);
    await expect(anonymous.rateLimits.consume([{ bucket: 'x', limit: 1, windowMs: 60_000 }], T0)).rejects.toThrow();
    anonymous.close();
  });

  it('shares one limit between the nodes: 50 concurrent requests, a limit of 10, exactly 10 admitted', async () => {
    const windows: WindowSpec[] = [{ bucket: 'k:key_shared|m', limit: 10, windowMs: 60_000 }];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? nodeA : nodeB).rateLimits.admit('key_shared', windows, T0)),
    );
    expect(results.filter((r) => r.outcomes[0].allowed)).toHaveLength(10);
    // Under the deployment's prefix.
    expect(await nodeA.commands.get(`prod-eu:rl:k:key_shared|m@${T0}`)).toBe('10');
  });

  it('a key revoked through one node is refused by the other on its next decision', async () => {
    const windows: WindowSpec[] = [{ bucket: 'k:key_r|m', limit: 100, windowMs: 60_000 }];
    expect((await nodeB.rateLimits.admit('key_r', windows, T0)).revoked).toBe(false);
    await nodeA.revocations.revoke('key_r');
    expect((await nodeB.rateLimits.admit('key_r', windows, T0 + 1)).revoked).toBe(true);
    expect(await nodeB.revocations.isRevoked('key_r')).toBe(true);
  });

  it('a snapshot published through one node is announced to the other', async () => {
    let resolve: (n: SnapshotNotice) => void = () => undefined;
    const arrived = new Promise<SnapshotNotice>((r) => (resolve = r));
    const stop = await nodeB.notices.subscribe((n) => resolve(n));
    await nodeA.notices.publish({ dataset: 'energy.prices', version: 12 });
    expect(await arrived).toEqual({ dataset: 'energy.prices', version: 12 });
    await stop();
  });

  it('during an outage logs one warning (no password in it) and recovers by itself', async () => {
    await redis.stop();
    const windows: WindowSpec[] = [{ bucket: 'k:key_o|m', limit: 5, windowMs: 60_000 }];
    for (let i = 0; i < 20; i++) await expect(nodeA.rateLimits.consume(windows, T0)).rejects.toThrow();
    await redis.restart();
    await Promise.all([whenReady(nodeA.commands, 5_000), whenReady(nodeA.subscriber, 5_000)]);
    expect((await nodeA.rateLimits.consume(windows, T0))[0].allowed).toBe(true);

    const warnings = logA.lines.filter((l) => l.includes('redis unreachable'));
    // Two connections (commands, subscriber), each at most once per 10 s, however many attempts failed.
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings.length).toBeLessThanOrEqual(2);
    expect(logA.lines.some((l) => l.includes('redis connection restored'))).toBe(true);
    expect(logA.lines.join('\n')).not.toContain(PASSWORD);
  });
});
