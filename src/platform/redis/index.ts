import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import { RedisRateLimitStore } from '../ratelimit/redis-store.js';
import { closeRedisClient, createRedisClient, type RedisConfig } from './client.js';
import { SnapshotNotices } from './notices.js';
import { RedisChannels } from './pubsub.js';
import { RedisRevocations } from './revocations.js';

/** Everything a node shares through Redis: two connections (commands, and pub/sub) and the stores on them. */
export interface SharedRedis {
  /** Request-path connection: fails fast, never queues. */
  commands: Redis;
  /** Subscriber connection, shared by every listener. */
  subscriber: Redis;
  channels: RedisChannels;
  rateLimits: RedisRateLimitStore;
  revocations: RedisRevocations;
  notices: SnapshotNotices;
  /** Has `close` wait (a second at most) for this message to be sent: a short-lived process's announcements. */
  track(sending: Promise<unknown>): void;
  /** Closes both connections once tracked messages are sent, never waiting long for a server that may be gone. */
  close(): void;
}

/**
 * The Redis side of a node, or undefined when `REDIS_URL` is not set (one process: nothing shared,
 * nothing to install). Connects in the background: nothing here waits for Redis, and every call
 * made before it is reachable fails fast like one made during an outage.
 */
export function createSharedRedis(config: RedisConfig, logger?: Logger): SharedRedis | undefined {
  if (!config.REDIS_URL) return undefined;
  const prefix = config.REDIS_KEY_PREFIX;
  const commands = createRedisClient(config, { role: 'commands', logger });
  const subscriber = createRedisClient(config, { role: 'subscriber', subscriber: true, logger });
  const channels = new RedisChannels(subscriber, logger);
  const inFlight = new Set<Promise<unknown>>();
  return {
    commands,
    subscriber,
    channels,
    rateLimits: new RedisRateLimitStore(commands, prefix),
    revocations: new RedisRevocations(commands, prefix),
    notices: new SnapshotNotices(commands, channels, prefix),
    track(sending) {
      const settled = sending.catch(() => undefined);
      inFlight.add(settled);
      void settled.finally(() => inFlight.delete(settled));
    },
    close() {
      void Promise.race([Promise.all(inFlight), new Promise((r) => setTimeout(r, 1_000))]).then(() => {
        closeRedisClient(commands);
        closeRedisClient(subscriber);
      });
    },
  };
}
