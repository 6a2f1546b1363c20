import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';

export type Unsubscribe = () => Promise<void>;

/**
 * One subscriber connection shared by every listener of this process (a connection in subscriber
 * mode can run nothing else). Pub/sub delivers at most once: a message published while this
 * connection is down is lost. So after every reconnect the channels are subscribed again and the
 * `onResync` handlers run, for their owners to catch up from the source of truth (poll the
 * snapshot store, drop cached keys).
 *
 * `subscriber` must come from `createRedisClient(config, { subscriber: true })`.
 */
export class RedisChannels {
  private readonly handlers = new Map<string, Set<(message: string) => void>>();
  private readonly resyncHandlers = new Set<() => void>();
  private wasReady: boolean;

  constructor(
    private readonly subscriber: Redis,
    private readonly logger?: Logger,
  ) {
    this.wasReady = subscriber.status === 'ready';
    subscriber.on('message', (channel: string, message: string) => {
      for (const h of this.handlers.get(channel) ?? []) {
        try {
          h(message);
        } catch (err) {
          this.logger?.error({ err: { message: (err as Error).message }, channel }, 'redis channel handler failed');
        }
      }
    });
    subscriber.on('ready', () => {
      if (!this.wasReady) {
        this.wasReady = true;
        return;
      }
      void this.resubscribe();
    });
  }

  private async resubscribe(): Promise<void> {
    const channels = [...this.handlers.keys()];
    try {
      if (channels.length) await this.subscriber.subscribe(...channels);
    } catch (err) {
      // The connection dropped again; the next 'ready' retries.
      this.logger?.warn({ err: { message: (err as Error).message } }, 'redis resubscribe failed');
      return;
    }
    for (const h of this.resyncHandlers) {
      try {
        h();
      } catch (err) {
        this.logger?.error({ err: { message: (err as Error).message } }, 'redis resync handler failed');
      }
    }
  }

  /**
   * Calls `handler` with every message on `channel`. Resolves once the server confirmed the
   * subscription (waits for the connection if it is not up yet).
   */
  async listen(channel: string, handler: (message: string) => void): Promise<Unsubscribe> {
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    await this.subscriber.subscribe(channel);
    return async () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(channel) === set) {
        this.handlers.delete(channel);
        await this.subscriber.unsubscribe(channel).catch(() => undefined);
      }
    };
  }

  /** Runs `handler` after each reconnection, once the channels are subscribed again. */
  onResync(handler: () => void): () => void {
    this.resyncHandlers.add(handler);
    return () => void this.resyncHandlers.delete(handler);
  }
}
