import { asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import pg from 'pg';
import type { PgDb } from '../../../db/pg/client.js';
import { accounts, apiKeys } from '../../../db/pg/schema/index.js';
import { findPlan } from './plans.js';
import {
  digestOf,
  generateKey,
  KEY_PREFIX,
  LAST_USED_INTERVAL_MS,
  newId,
  type BillingState,
  type CreatedKey,
  type CreateKeyInput,
  type KeyRecord,
} from './keys.js';
import type { KeyDirectory } from './key-store.js';

const RECORD = {
  id: apiKeys.id,
  prefix: apiKeys.prefix,
  name: apiKeys.name,
  accountId: apiKeys.accountId,
  planKey: apiKeys.planKey,
  rateLimitPerMinute: apiKeys.rateLimitPerMinute,
  status: apiKeys.status,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  revokedAt: apiKeys.revokedAt,
  lastUsedAt: apiKeys.lastUsedAt,
  billingState: accounts.billingState,
};

/**
 * Issued keys and their accounts in PostgreSQL, shared by every node: a key revoked or an account
 * lapsed through one node is refused by all of them on the next lookup (no positive cache, as in
 * the SQLite KeyStore). One indexed SELECT per lookup.
 */
/** The channel revocations and billing changes are announced on, so nodes' key caches drop them at once. */
const KEY_CHANGES = 'mds_key_changes';
/** The notice's payload for a change that is not one key's (a billing state). */
const ANY_KEY = '*';
/** Wait between attempts to listen again after the listening connection was lost. */
const RELISTEN_MS = 1_000;

export class PgKeyDirectory implements KeyDirectory {
  private listening: pg.Client | undefined;
  private closed = false;

  private readonly lastTouch = new Map<string, number>();

  constructor(private readonly db: PgDb) {}

  private select() {
    return this.db.select(RECORD).from(apiKeys).leftJoin(accounts, eq(accounts.id, apiKeys.accountId));
  }

  async findByDigest(digest: Buffer): Promise<KeyRecord | undefined> {
    const [row] = await this.select().where(eq(apiKeys.digest, digest.toString('hex')));
    return row;
  }

  async findById(id: string): Promise<KeyRecord | undefined> {
    const [row] = await this.select().where(eq(apiKeys.id, id));
    return row;
  }

  /** Skips the write when this node (or, through the WHERE clause, another) wrote within the minute. */
  async touch(id: string, now: number): Promise<void> {
    const last = this.lastTouch.get(id);
    if (last !== undefined && now - last < LAST_USED_INTERVAL_MS && now >= last) return;
    this.lastTouch.set(id, now);
    if (this.lastTouch.size > 10_000) this.lastTouch.clear();
    await this.db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        sql`${eq(apiKeys.id, id)} AND ${or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, now - LAST_USED_INTERVAL_MS + 1))}`,
      );
  }

  async create(input: CreateKeyInput, now: number): Promise<CreatedKey> {
    if (!findPlan(input.plan)) throw new Error(`unknown plan "${input.plan}"`);
    if (
      input.rateLimitPerMinute !== undefined &&
      !(Number.isInteger(input.rateLimitPerMinute) && input.rateLimitPerMinute > 0)
    ) {
      throw new Error('rate limit must be a positive integer');
    }
    const key = generateKey();
    const id = newId('key');
    const accountId = await this.db.transaction(async (tx) => {
      let accountId = input.accountId;
      if (accountId) {
        const [exists] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
        if (!exists) throw new Error(`unknown account "${accountId}"`);
      } else {
        accountId = newId('acct');
        await tx
          .insert(accounts)
          .values({ id: accountId, billingState: input.billingState ?? 'active', createdAt: now, updatedAt: now });
      }
      await tx.insert(apiKeys).values({
        id,
        digest: digestOf(key).toString('hex'),
        prefix: key.slice(0, KEY_PREFIX.length + 4),
        name: input.name ?? '',
        accountId,
        planKey: input.plan,
        rateLimitPerMinute: input.rateLimitPerMinute ?? null,
        status: 'active',
        createdAt: now,
        expiresAt: input.expiresAt ?? null,
      });
      return accountId;
    });
    return { id, accountId, key, record: (await this.findById(id))! };
  }

  async list(): Promise<KeyRecord[]> {
    // Byte order on the id tie-break, as SQLite compares text.
    return this.select().orderBy(asc(apiKeys.createdAt), sql`${apiKeys.id} COLLATE "C"`);
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(apiKeys);
    return row.n;
  }

  async revoke(id: string, now: number): Promise<boolean> {
    const rows = await this.db
      .update(apiKeys)
      .set({ status: 'revoked', revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now})` })
      .where(eq(apiKeys.id, id))
      .returning({ id: apiKeys.id });
    // Announced after the commit: a node dropping its cached copy then reads the revocation.
    if (rows.length > 0) await this.announce(id);
    return rows.length > 0;
  }

  private async announce(payload: string): Promise<void> {
    await this.db.execute(sql`SELECT pg_notify(${KEY_CHANGES}, ${payload})`);
  }

  /**
   * Listens on a connection of its own (LISTEN holds a session). When that connection is lost the
   * listener is told that anything may have changed, and listening resumes on a new one.
   */
  async onChange(listener: (keyId: string | undefined) => void): Promise<void> {
    const client = new pg.Client(this.db.$client.options);
    const lost = () => {
      if (this.listening !== client) return;
      this.listening = undefined;
      void client.end().catch(() => undefined);
      listener(undefined);
      if (!this.closed) setTimeout(() => void this.onChange(listener).catch(() => lost()), RELISTEN_MS);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (n) => {
      if (n.channel === KEY_CHANGES) listener(n.payload && n.payload !== ANY_KEY ? n.payload : undefined);
    });
    this.listening = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${KEY_CHANGES}`);
    } catch (err) {
      lost();
      throw err;
    }
    // Closed while connecting.
    if (this.closed) await this.close();
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.listening;
    this.listening = undefined;
    await client?.end().catch(() => undefined);
  }

  async setBillingState(keyId: string, state: BillingState, now: number): Promise<string | undefined> {
    const rec = await this.findById(keyId);
    if (!rec) return undefined;
    await this.db.update(accounts).set({ billingState: state, updatedAt: now }).where(eq(accounts.id, rec.accountId));
    await this.announce(ANY_KEY);
    return rec.accountId;
  }
}
