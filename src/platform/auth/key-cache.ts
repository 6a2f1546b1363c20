import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { SharedRedis } from '../redis/index.js';
import { CONNECT_TIMEOUT_MS, whenReady } from '../redis/client.js';
import type { BillingState, CreateKeyInput, CreatedKey, KeyRecord } from './keys.js';
import type { KeyDirectory } from './key-store.js';

/** How long a node trusts a key it read, when no notice told it of a change (a lost notice's worst case). */
export const KEY_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;
/** Notice of an account-level change (billing state): every cached key of any account is dropped. */
const ACCOUNT_CHANGED = 'account-changed';

interface Entry {
  record: KeyRecord | undefined;
  until: number;
}

/**
 * The shared key directory (PostgreSQL) with a per-node cache in front, for clusters that also run
 * Redis: without it every request costs a database read. It stays exact about revocation because
 * the cache is never the last word:
 * - a revocation sets a flag in Redis that the rate-limit script checks in the round trip every
 *   request already makes (`RateLimiter.check` with the key id), so every node refuses the key on its
 *   next request, cached or not;
 * - revocations and billing changes are also announced, and each node drops what it cached;
 * - while Redis cannot answer, the access layer re-reads the key from the database
 *   (`verifyUncached`) and drops the whole cache, so nothing read before or during an outage outlives it;
 * - a lookup that overlaps a drop does not store its answer.
 */
export class CachedKeyDirectory implements KeyDirectory {
  private readonly byDigest = new Map<string, Entry>();
  private readonly byId = new Map<string, Entry>();
  /** Bumped by every drop: a lookup started under an older generation does not store its answer. */
  private generation = 0;

  constructor(
    readonly inner: KeyDirectory,
    private readonly redis: SharedRedis,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly ttlMs = KEY_CACHE_TTL_MS,
  ) {}

  /** Listens for changes announced by any node; the returned promise settles once subscribed (or failed). */
  listen(): Promise<void> {
    // Announcements sent while this node's subscription was down are lost: start again from the database.
    this.redis.channels.onResync(() => this.clear());
    // A command run without REDIS_URL announces through PostgreSQL alone (LISTEN/NOTIFY).
    const fromDatabase = this.inner.onChange?.((keyId) => (keyId === undefined ? this.clear() : this.forget(keyId)));
    return Promise.all([
      this.redis.revocations.onRevoked(this.redis.channels, (message) =>
        message === ACCOUNT_CHANGED ? this.clear() : this.forget(message),
      ),
      fromDatabase?.catch((err: Error) =>
        this.logger.warn({ err: { message: err.message } }, 'cannot listen for key changes in the database'),
      ),
    ]).then(() => undefined);
  }

  /** Stops listening to the database's key changes. */
  async close(): Promise<void> {
    await this.inner.close?.();
  }

  findByDigest(digest: Buffer): Promise<KeyRecord | undefined> {
    return this.cached(this.byDigest, digest.toString('base64'), () => this.inner.findByDigest(digest));
  }

  findById(id: string): Promise<KeyRecord | undefined> {
    return this.cached(this.byId, id, () => this.inner.findById(id));
  }

  /** The key as the database has it now, after dropping everything cached (Redis could not vouch for it). */
  verifyUncached(id: string): Promise<KeyRecord | undefined> {
    this.clear();
    return this.inner.findById(id);
  }

  private async cached(
    map: Map<string, Entry>,
    k: string,
    read: () => Promise<KeyRecord | undefined>,
  ): Promise<KeyRecord | undefined> {
    const now = this.clock.now();
    const hit = map.get(k);
    if (hit && hit.until > now) return hit.record;
    const generation = this.generation;
    const record = await read();
    if (generation === this.generation) {
      if (map.size >= MAX_ENTRIES) map.clear();
      map.set(k, { record, until: now + this.ttlMs });
    }
    return record;
  }

  /** Drops one key's entries (both indexes; unknown-key answers too, as the id may be new). */
  forget(id: string): void {
    this.generation++;
    this.byId.delete(id);
    for (const [k, e] of this.byDigest) if (!e.record || e.record.id === id) this.byDigest.delete(k);
  }

  clear(): void {
    this.generation++;
    this.byDigest.clear();
    this.byId.clear();
  }

  touch(id: string, now: number): Promise<void> {
    return this.inner.touch(id, now);
  }

  create(input: CreateKeyInput, now: number): Promise<CreatedKey> {
    // Nothing to drop: a new key's digest and id cannot have been looked up before (both are random).
    return this.inner.create(input, now);
  }

  list(): Promise<KeyRecord[]> {
    return this.inner.list();
  }

  count(): Promise<number> {
    return this.inner.count();
  }

  /**
   * Revokes in the database (the source of truth), then flags the key in Redis for every node's next
   * request. If Redis cannot take the flag the revocation still stands: nodes that see Redis down
   * re-read keys from the database, and any other drops the key within the cache TTL at worst.
   */
  async revoke(id: string, now: number): Promise<boolean> {
    const revoked = await this.inner.revoke(id, now);
    this.forget(id);
    if (revoked) {
      // A short-lived `mds keys revoke` may get here before its connection is up.
      await whenReady(this.redis.commands, CONNECT_TIMEOUT_MS).catch(() => undefined);
      await this.redis.revocations.revoke(id).catch((err: Error) => {
        this.logger.warn(
          { keyId: id, err: { message: err.message } },
          `key revoked in the database; redis could not flag it, other nodes may accept it for up to ${this.ttlMs / 1000} s`,
        );
      });
    }
    return revoked;
  }

  async setBillingState(keyId: string, state: BillingState, now: number): Promise<string | undefined> {
    const account = await this.inner.setBillingState(keyId, state, now);
    this.clear();
    if (account) {
      await whenReady(this.redis.commands, CONNECT_TIMEOUT_MS).catch(() => undefined);
      // A lost announcement costs at most the cache TTL of staleness, never a refused revocation.
      await this.redis.revocations.announce(ACCOUNT_CHANGED).catch(() => undefined);
    }
    return account;
  }
}
