import { hash, randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { findPlan, type PlanKey } from './plans.js';

/** Visible prefix of every issued key, so leaks are recognisable and logs can say what a value is. */
export const KEY_PREFIX = 'mds_';
/** 24 random bytes (192 bits) as base64url: 32 characters after the prefix. */
const SECRET_BYTES = 24;
export const ISSUED_KEY_PATTERN = /^mds_[A-Za-z0-9_-]{32}$/;

export const BILLING_STATES = ['active', 'lapsed', 'pending', 'failed'] as const;
export type BillingState = (typeof BILLING_STATES)[number];

export function isBillingState(v: unknown): v is BillingState {
  return typeof v === 'string' && (BILLING_STATES as readonly string[]).includes(v);
}

/** SHA-256 of a presented credential. The secret is high-entropy, so a fast hash is the right tool. */
export function digestOf(secret: string): Buffer {
  // The one-shot form: no Hash object per request (every call of every batch operation digests its key).
  return hash('sha256', secret, 'buffer');
}

export function generateKey(): string {
  return KEY_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** A stored key as the access layer sees it, joined with its account's billing state. */
export interface KeyRecord {
  id: string;
  prefix: string;
  name: string;
  accountId: string;
  planKey: string;
  rateLimitPerMinute: number | null;
  status: string;
  createdAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
  lastUsedAt: number | null;
  /** Raw billing state of the account; null when the account row is missing. */
  billingState: string | null;
}

export interface CreateKeyInput {
  plan: PlanKey | string;
  name?: string;
  rateLimitPerMinute?: number;
  expiresAt?: number;
  /** Attach to an existing account instead of opening a new one. */
  accountId?: string;
  billingState?: BillingState;
}

export interface CreatedKey {
  id: string;
  accountId: string;
  /** The plaintext: shown once, never stored. */
  key: string;
  record: KeyRecord;
}

const SELECT_COLUMNS = `k.id AS id, k.prefix AS prefix, k.name AS name, k.account_id AS accountId, k.plan_key AS planKey,
  k.rate_limit_per_minute AS rateLimitPerMinute, k.status AS status, k.created_at AS createdAt,
  k.expires_at AS expiresAt, k.revoked_at AS revokedAt, k.last_used_at AS lastUsedAt, a.billing_state AS billingState
  FROM api_keys k LEFT JOIN accounts a ON a.id = k.account_id`;

/** Once a minute at most: last-used is bookkeeping, not worth a write per request. */
export const LAST_USED_INTERVAL_MS = 60_000;

/**
 * Issued keys and their accounts. The request path uses exactly one prepared SELECT per lookup and
 * keeps no positive cache, so a revocation is seen by the very next request, in any process.
 */
export class KeyStore {
  private readonly byDigest: Database.Statement<[string], KeyRecord>;
  private readonly byId: Database.Statement<[string], KeyRecord>;
  private readonly touchStmt: Database.Statement<[number, string, number]>;
  private readonly lastTouch = new Map<string, number>();
  /**
   * Keys found by digest, valid while no other connection has committed anything (SQLite's
   * data_version, read at most once a millisecond) and this store has changed nothing: a revocation
   * by the CLI or another process applies to every request arriving a millisecond after it commits.
   */
  private readonly found = new Map<string, KeyRecord>();
  private readonly dataVersion: Database.Statement<[], { data_version: number }>;
  private seenDataVersion = -1;
  private checkedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly sqlite: Database.Database) {
    this.dataVersion = sqlite.prepare('PRAGMA data_version');
    this.byDigest = sqlite.prepare(`SELECT ${SELECT_COLUMNS} WHERE k.digest = ?`);
    this.byId = sqlite.prepare(`SELECT ${SELECT_COLUMNS} WHERE k.id = ?`);
    this.touchStmt = sqlite.prepare(
      'UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)',
    );
  }

  findByDigest(digest: Buffer): KeyRecord | undefined {
    // Asking SQLite costs a read transaction; under load once per millisecond is enough to see
    // another process's change before any request that could follow it over the network.
    const t = performance.now();
    if (t - this.checkedAt >= 1) {
      this.checkedAt = t;
      const current = this.dataVersion.get()!.data_version;
      if (current !== this.seenDataVersion) {
        this.found.clear();
        this.seenDataVersion = current;
      }
    }
    const hex = digest.toString('hex');
    const known = this.found.get(hex);
    if (known) return known;
    const record = this.byDigest.get(hex);
    // Only keys that exist are remembered, so random credentials cannot fill the map.
    if (record) {
      if (this.found.size >= 10_000) this.found.clear();
      this.found.set(hex, record);
    }
    return record;
  }

  findById(id: string): KeyRecord | undefined {
    return this.byId.get(id);
  }

  /** Records use; skips the write when this process (or, via the WHERE clause, another) wrote within the minute. */
  touch(id: string, now: number): void {
    const last = this.lastTouch.get(id);
    if (last !== undefined && now - last < LAST_USED_INTERVAL_MS && now >= last) return;
    this.lastTouch.set(id, now);
    if (this.lastTouch.size > 10_000) this.lastTouch.clear();
    this.touchStmt.run(now, id, now - LAST_USED_INTERVAL_MS + 1);
  }

  create(input: CreateKeyInput, now: number): CreatedKey {
    if (!findPlan(input.plan)) throw new Error(`unknown plan "${input.plan}"`);
    if (
      input.rateLimitPerMinute !== undefined &&
      !(Number.isInteger(input.rateLimitPerMinute) && input.rateLimitPerMinute > 0)
    ) {
      throw new Error('rate limit must be a positive integer');
    }
    const key = generateKey();
    const id = newId('key');
    const create = this.sqlite.transaction(() => {
      let accountId = input.accountId;
      if (accountId) {
        const exists = this.sqlite.prepare('SELECT 1 FROM accounts WHERE id = ?').get(accountId);
        if (!exists) throw new Error(`unknown account "${accountId}"`);
      } else {
        accountId = newId('acct');
        this.sqlite
          .prepare('INSERT INTO accounts (id, billing_state, created_at, updated_at) VALUES (?, ?, ?, ?)')
          .run(accountId, input.billingState ?? 'active', now, now);
      }
      this.sqlite
        .prepare(
          `INSERT INTO api_keys (id, digest, prefix, name, account_id, plan_key, rate_limit_per_minute, status, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, 'active', ?, ?)`,
        )
        .run(
          id,
          digestOf(key).toString('hex'),
          key.slice(0, KEY_PREFIX.length + 4),
          input.name ?? '',
          accountId,
          input.plan,
          input.rateLimitPerMinute ?? null,
          now,
          input.expiresAt ?? null,
        );
      return accountId;
    });
    const accountId = create.immediate();
    return { id, accountId, key, record: this.findById(id)! };
  }

  list(): KeyRecord[] {
    return this.sqlite.prepare(`SELECT ${SELECT_COLUMNS} ORDER BY k.created_at, k.id`).all() as KeyRecord[];
  }

  count(): number {
    return (this.sqlite.prepare('SELECT count(*) AS n FROM api_keys').get() as { n: number }).n;
  }

  /** Returns false when no such key exists. Revoking twice keeps the first revocation time. */
  revoke(id: string, now: number): boolean {
    const r = this.sqlite
      .prepare("UPDATE api_keys SET status = 'revoked', revoked_at = coalesce(revoked_at, ?) WHERE id = ?")
      .run(now, id);
    this.found.clear();
    return r.changes > 0;
  }

  /** Sets the billing state of the account a key belongs to. Returns the account id, or undefined for an unknown key. */
  setBillingState(keyId: string, state: BillingState, now: number): string | undefined {
    const rec = this.findById(keyId);
    if (!rec) return undefined;
    this.sqlite
      .prepare('UPDATE accounts SET billing_state = ?, updated_at = ? WHERE id = ?')
      .run(state, now, rec.accountId);
    this.found.clear();
    return rec.accountId;
  }
}
