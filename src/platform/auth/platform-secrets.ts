import type Database from 'better-sqlite3';

/**
 * Secrets the service generates for itself (the session signing key) and keeps in its store, so every
 * process sharing that store, and every restart, uses the same value: the SQLite file by default,
 * PostgreSQL with DATABASE_URL (platform-secrets-pg.ts). Values are never logged.
 */
export interface PlatformSecrets {
  /**
   * The value kept under `name`. When there is none yet, `candidate` is stored first; of several
   * processes racing to store one, the first insert wins and all of them return that value.
   */
  obtain(name: string, candidate: string, now: number): Promise<string>;
}

/** Platform secrets in the SQLite file (one writer at a time: INSERT OR IGNORE, then read). */
export class SqlitePlatformSecrets implements PlatformSecrets {
  private readonly insert: Database.Statement<[string, string, number]>;
  private readonly select: Database.Statement<[string], { value: string }>;

  constructor(sqlite: Database.Database) {
    this.insert = sqlite.prepare('INSERT OR IGNORE INTO platform_secrets (name, value, created_at) VALUES (?, ?, ?)');
    this.select = sqlite.prepare('SELECT value FROM platform_secrets WHERE name = ?');
  }

  async obtain(name: string, candidate: string, now: number): Promise<string> {
    this.insert.run(name, candidate, now);
    return this.select.get(name)!.value;
  }
}
