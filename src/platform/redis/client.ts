import { Redis, type RedisOptions } from 'ioredis';
import type { Config } from '../../config.js';
import type { Logger } from '../logger.js';

export type RedisConfig = Pick<
  Config,
  'REDIS_URL' | 'REDIS_PASSWORD' | 'REDIS_COMMAND_TIMEOUT_MS' | 'REDIS_KEY_PREFIX'
>;

/** Longest wait between two reconnection attempts: a node picks Redis up again within this of its return. */
export const MAX_RECONNECT_DELAY_MS = 1_000;
/** A connection attempt (TCP + TLS + AUTH) that takes longer than this is abandoned and retried. */
export const CONNECT_TIMEOUT_MS = 2_000;

/** Delay before reconnection attempt `n` (1-based): 25 ms doubling, capped; attempts never stop. */
export function reconnectDelay(attempt: number): number {
  return Math.min(25 * 2 ** Math.min(attempt - 1, 10), MAX_RECONNECT_DELAY_MS);
}

/**
 * Options of a connection on the request path. Redis is an accelerator here, never something a
 * request waits for: a command is refused AT ONCE while the connection is down (no offline queue),
 * a command in flight when it drops is failed at once (no retry, no resend after reconnect: a
 * resent rate-limit consume would count a request the caller already served in degraded mode), and
 * a stalled server fails each command after `REDIS_COMMAND_TIMEOUT_MS`. Reconnection goes on in the
 * background forever with a capped backoff, so the same client works again when Redis returns.
 */
export function requestPathOptions(config: RedisConfig): RedisOptions {
  return {
    ...(config.REDIS_PASSWORD ? { password: config.REDIS_PASSWORD } : {}),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: config.REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: reconnectDelay,
    // A READONLY reply (the primary became a replica in a failover) drops the connection so it finds the new primary.
    reconnectOnError: (err) => err.message.startsWith('READONLY'),
    enableAutoPipelining: false,
  };
}

/**
 * Options of a subscriber connection (pub/sub). It is off the request path, so SUBSCRIBE may wait
 * in the offline queue for the connection. RedisChannels (pubsub.ts) subscribes again after every
 * reconnect itself, so it knows when to run its resync handlers.
 */
export function subscriberOptions(config: RedisConfig): RedisOptions {
  return {
    ...requestPathOptions(config),
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
    autoResubscribe: false,
  };
}

/**
 * Logs a lost or failing connection once per 10 s at most (during an outage every reconnect attempt
 * errors), and its return.
 */
function watch(client: Redis, role: string, logger?: Logger): Redis {
  let lastWarning = Number.NEGATIVE_INFINITY;
  let lost = false;
  const warn = (message: string) => {
    const now = Date.now();
    if (now - lastWarning < 10_000 && now >= lastWarning) return;
    lastWarning = now;
    // Only the message: an error object can carry the connection options, password included.
    logger?.warn(
      { redis: role, err: { message } },
      'redis unreachable; shared limits, revocations and notices degraded',
    );
  };
  client.on('error', (err: Error) => warn(err.message));
  // 'reconnecting', not 'close': a server that shuts down closes cleanly without an error event,
  // and a client closed on purpose (shutdown) does not reconnect.
  client.on('reconnecting', () => {
    if (!lost) warn('connection lost');
    lost = true;
  });
  client.on('ready', () => {
    if (lost) logger?.info({ redis: role }, 'redis connection restored');
    lost = false;
  });
  return client;
}

/**
 * The one factory of Redis connections, from `REDIS_URL`. `role` names the connection in logs and
 * in `CLIENT LIST`. Connects at once in the background; commands fail until it is ready.
 */
export function createRedisClient(
  config: RedisConfig,
  options: { role?: string; logger?: Logger; subscriber?: boolean } = {},
): Redis {
  if (!config.REDIS_URL) throw new Error('REDIS_URL is not set');
  const role = options.role ?? (options.subscriber ? 'subscriber' : 'commands');
  const base = options.subscriber ? subscriberOptions(config) : requestPathOptions(config);
  return watch(new Redis(config.REDIS_URL, { ...base, connectionName: `mds:${role}` }), role, options.logger);
}

/** Resolves when the client is ready (or at once if it is); rejects after `timeoutMs`. For start-up and tests. */
export function whenReady(client: Redis, timeoutMs = 5_000): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      reject(new Error(`redis not ready within ${timeoutMs} ms (status ${client.status})`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once('ready', onReady);
  });
}

/** Closes a client without waiting for a server that may be gone. */
export function closeRedisClient(client: Redis): void {
  client.disconnect(false);
}
