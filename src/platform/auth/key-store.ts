import type { BillingState, CreatedKey, CreateKeyInput, KeyRecord, KeyStore } from './keys.js';

/**
 * Issued keys and their accounts behind one async interface, whichever engine holds them: the
 * process's SQLite file (`SqliteKeyDirectory`, over the synchronous KeyStore) or PostgreSQL shared by
 * every node (`PgKeyDirectory` in keys-pg.ts). Same methods, same results, same errors as KeyStore.
 */
export interface KeyDirectory {
  findByDigest(digest: Buffer): Promise<KeyRecord | undefined>;
  findById(id: string): Promise<KeyRecord | undefined>;
  /** Records use, at most one write per key per minute (LAST_USED_INTERVAL_MS) across every node. */
  touch(id: string, now: number): Promise<void>;
  /** Throws on an unknown plan or account, or a rate limit that is not a positive integer. */
  create(input: CreateKeyInput, now: number): Promise<CreatedKey>;
  /** Every key, oldest first. */
  list(): Promise<KeyRecord[]>;
  count(): Promise<number>;
  /** False when no such key exists. Revoking twice keeps the first revocation time. */
  revoke(id: string, now: number): Promise<boolean>;
  /** The account id, or undefined for an unknown key. */
  setBillingState(keyId: string, state: BillingState, now: number): Promise<string | undefined>;
  /**
   * A directory shared by several processes (PostgreSQL) calls `listener` with a key's id when another
   * process revoked it, or with undefined when anything else changed or notices may have been lost.
   */
  onChange?(listener: (keyId: string | undefined) => void): Promise<void>;
  /** Stops listening for changes. */
  close?(): Promise<void>;
}

/** The SQLite KeyStore seen through the async interface (no behaviour of its own). */
export class SqliteKeyDirectory implements KeyDirectory {
  constructor(readonly store: KeyStore) {}
  async findByDigest(digest: Buffer) {
    return this.store.findByDigest(digest);
  }
  async findById(id: string) {
    return this.store.findById(id);
  }
  async touch(id: string, now: number) {
    this.store.touch(id, now);
  }
  async create(input: CreateKeyInput, now: number) {
    return this.store.create(input, now);
  }
  async list() {
    return this.store.list();
  }
  async count() {
    return this.store.count();
  }
  async revoke(id: string, now: number) {
    return this.store.revoke(id, now);
  }
  async setBillingState(keyId: string, state: BillingState, now: number) {
    return this.store.setBillingState(keyId, state, now);
  }
}
