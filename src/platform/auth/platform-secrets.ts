import { eq } from 'drizzle-orm';
import { defineStore } from '../stores/registry.js';
import { postgresEngine, sqliteEngine, type StoreEngine } from '../stores/engine.js';

/**
 * Secrets the service generates for itself (the session signing key) and keeps in its store, so every
 * process sharing that store, and every restart, uses the same value: the SQLite file by default,
 * PostgreSQL with DATABASE_URL. Values are never logged.
 */
export interface PlatformSecrets {
  /**
   * The value kept under `name`. When there is none yet, `candidate` is stored first; of several
   * processes racing to store one, the first insert wins and all of them return that value.
   */
  obtain(name: string, candidate: string, now: number): Promise<string>;
}

/**
 * The insert skips an existing name (SQLite: one writer at a time; PostgreSQL: ON CONFLICT DO NOTHING
 * waits for a concurrent insert of the same name to commit, then skips it), and the read that
 * follows, a new statement, sees whichever insert won.
 */
export class StoredPlatformSecrets implements PlatformSecrets {
  constructor(private readonly engine: StoreEngine) {}

  async obtain(name: string, candidate: string, now: number): Promise<string> {
    const { platformSecrets } = this.engine.tables;
    await this.engine.db
      .insert(platformSecrets)
      .values({ name, value: candidate, createdAt: now })
      .onConflictDoNothing();
    const [row] = await this.engine.db
      .select({ value: platformSecrets.value })
      .from(platformSecrets)
      .where(eq(platformSecrets.name, name));
    if (!row) throw new Error(`platform secret ${name} is missing right after it was stored`);
    return row.value;
  }
}

export const PLATFORM_SECRETS = defineStore<PlatformSecrets>({
  name: 'platform_secrets',
  sqlite: ({ db }) => new StoredPlatformSecrets(sqliteEngine(db)),
  postgres: ({ db }) => new StoredPlatformSecrets(postgresEngine(db)),
});
