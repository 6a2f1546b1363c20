import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { LOCK_SPACE } from '../../../db/pg/client.js';
import { insertDelivery, type Delivery } from '../../platform/delivery/log.js';
import { defineStore } from '../../platform/stores/registry.js';
import { postgresEngine, sqliteEngine, step, type StoreEngine } from '../../platform/stores/engine.js';
import type { ParamValue, RuleState } from './rules.js';

export interface WatchRule extends RuleState {
  id: string;
  accountId: string;
  /** The key that set it: evaluations run as that key. */
  keyId: string;
  operation: string;
  params: Record<string, ParamValue>;
  condition: string;
  callbackUrl: string | null;
  secret: string;
  cooldownSeconds: number;
  createdAt: number;
}

/**
 * The watch rules (both engines; PostgreSQL: shared by every node). Two guarantees hold however many
 * processes evaluate: the per-account cap is counted under a lock, and an evaluation is recorded only
 * by the process that saw the rule's previous answer (`recordEvaluation` is a conditional update), so
 * one transition fires once, with its delivery stored in the same transaction.
 */
export interface WatchRuleStore {
  /** Inserts unless the account already holds `max` rules; false when it does. */
  insertBounded(r: WatchRule, max: number): Promise<boolean>;
  /** The account's rules, oldest first. */
  listForAccount(accountId: string): Promise<WatchRule[]>;
  /** Every rule, oldest first. */
  all(): Promise<WatchRule[]>;
  rule(id: string): Promise<WatchRule | undefined>;
  remove(id: string): Promise<boolean>;
  /**
   * Records an evaluation if the rule still holds `expectedEtag` as its last answer (and still
   * exists), with the delivery it calls for; false when another process recorded first.
   */
  recordEvaluation(id: string, expectedEtag: string | null, next: RuleState, delivery?: Delivery): Promise<boolean>;
}

type Row = StoreEngine['tables']['watchRules']['$inferSelect'];

const toRule = (r: Row): WatchRule => ({ ...r, params: JSON.parse(r.params) as Record<string, ParamValue> });

export class WatchRules implements WatchRuleStore {
  constructor(private readonly engine: StoreEngine) {}

  async insertBounded(r: WatchRule, max: number): Promise<boolean> {
    const { watchRules } = this.engine.tables;
    return this.engine.transact(function* (tx) {
      // Rules of one account made at once (on two nodes) take turns at the count.
      yield* tx.lockWriters(LOCK_SPACE.watchAccounts, r.accountId);
      const [{ n }] = yield* step(
        tx.db.select({ n: count() }).from(watchRules).where(eq(watchRules.accountId, r.accountId)),
      );
      if (n >= max) return false;
      yield* step(tx.db.insert(watchRules).values({ ...r, params: JSON.stringify(r.params) }));
      return true;
    });
  }

  async listForAccount(accountId: string): Promise<WatchRule[]> {
    const { watchRules } = this.engine.tables;
    const rows = await this.engine.db
      .select()
      .from(watchRules)
      .where(eq(watchRules.accountId, accountId))
      .orderBy(asc(watchRules.createdAt), asc(watchRules.id));
    return rows.map(toRule);
  }

  async all(): Promise<WatchRule[]> {
    const { watchRules } = this.engine.tables;
    const rows = await this.engine.db.select().from(watchRules).orderBy(asc(watchRules.createdAt), asc(watchRules.id));
    return rows.map(toRule);
  }

  async rule(id: string): Promise<WatchRule | undefined> {
    const { watchRules } = this.engine.tables;
    const [row] = await this.engine.db.select().from(watchRules).where(eq(watchRules.id, id));
    return row ? toRule(row) : undefined;
  }

  async remove(id: string): Promise<boolean> {
    const { watchRules } = this.engine.tables;
    const rows = await this.engine.db.delete(watchRules).where(eq(watchRules.id, id)).returning({ id: watchRules.id });
    return rows.length === 1;
  }

  async recordEvaluation(
    id: string,
    expectedEtag: string | null,
    next: RuleState,
    delivery?: Delivery,
  ): Promise<boolean> {
    const { watchRules } = this.engine.tables;
    return this.engine.transact(function* (tx) {
      const rows = yield* step(
        tx.db
          .update(watchRules)
          .set({ lastEtag: next.lastEtag, lastTruthy: next.lastTruthy, lastFiredAt: next.lastFiredAt })
          .where(
            and(
              eq(watchRules.id, id),
              expectedEtag === null ? isNull(watchRules.lastEtag) : eq(watchRules.lastEtag, expectedEtag),
            ),
          )
          .returning({ id: watchRules.id }),
      );
      if (rows.length !== 1) return false;
      if (delivery) yield* insertDelivery(tx, delivery);
      return true;
    });
  }
}

/** Watch rules: the SQLite file's, or PostgreSQL's shared by every node. */
export const WATCH_RULES = defineStore<WatchRuleStore>({
  name: 'watch_rules',
  sqlite: ({ db }) => new WatchRules(sqliteEngine(db)),
  postgres: ({ db }) => new WatchRules(postgresEngine(db)),
});
