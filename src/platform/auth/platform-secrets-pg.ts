import { eq } from 'drizzle-orm';
import type { PgDb } from '../../../db/pg/client.js';
import { platformSecrets } from '../../../db/pg/schema/index.js';
import type { PlatformSecrets } from './platform-secrets.js';

/**
 * Platform secrets in PostgreSQL, shared by every node. The insert skips an existing name (ON CONFLICT
 * DO NOTHING waits for a concurrent insert of the same name to commit, then skips it), and the read
 * that follows, a new statement, sees whichever insert won.
 */
export class PgPlatformSecrets implements PlatformSecrets {
  constructor(private readonly db: PgDb) {}

  async obtain(name: string, candidate: string, now: number): Promise<string> {
    await this.db.insert(platformSecrets).values({ name, value: candidate, createdAt: now }).onConflictDoNothing();
    const [row] = await this.db.select({ value: platformSecrets.value }).from(platformSecrets).where(eq(platformSecrets.name, name));
    if (!row) throw new Error(`platform secret ${name} is missing right after it was stored`);
    return row.value;
  }
}
