import type { Redis } from 'ioredis';
import { redisKeys } from './keys.js';
import type { RedisChannels, Unsubscribe } from './pubsub.js';

/** A dataset's published snapshot changed: nodes load `version` instead of waiting for their next poll. */
export interface SnapshotNotice {
  dataset: string;
  version: number;
}

function parseNotice(message: string): SnapshotNotice | undefined {
  try {
    const v = JSON.parse(message) as Partial<SnapshotNotice>;
    if (typeof v.dataset === 'string' && v.dataset && Number.isSafeInteger(v.version))
      return { dataset: v.dataset, version: v.version! };
  } catch {
    // Not ours (another writer on the channel): ignored.
  }
  return undefined;
}

/**
 * Snapshot-change notices over Redis pub/sub, so every node serves a new snapshot within a round
 * trip of its publication rather than within its poll interval.
 *
 * Failure policy: a notice is a hint, never the data. Publishing rejects while Redis is unreachable
 * (the snapshot is published in the database all the same); notices are lost while a subscriber is
 * disconnected, so nodes keep polling the snapshot store (SNAPSHOT_POLL_MS) as before, and
 * `subscribe`'s `onResync` runs after every reconnection for one immediate poll.
 */
export class SnapshotNotices {
  constructor(
    private readonly publisher: Redis,
    private readonly channels: RedisChannels,
    private readonly prefix = 'mds:',
  ) {}

  /** Announces a published snapshot; resolves with the number of subscribed connections that received it. */
  publish(notice: SnapshotNotice): Promise<number> {
    return this.publisher.publish(
      redisKeys.snapshotChannel(this.prefix),
      JSON.stringify({ dataset: notice.dataset, version: notice.version }),
    );
  }

  /**
   * Calls `handler` for every notice (malformed messages are ignored); resolves once subscribed.
   * `onResync` runs after each reconnection, when notices may have been missed.
   */
  async subscribe(handler: (notice: SnapshotNotice) => void, onResync?: () => void): Promise<Unsubscribe> {
    const stopResync = onResync ? this.channels.onResync(onResync) : undefined;
    const stop = await this.channels.listen(redisKeys.snapshotChannel(this.prefix), (message) => {
      const notice = parseNotice(message);
      if (notice) handler(notice);
    });
    return async () => {
      stopResync?.();
      await stop();
    };
  }
}
