import { defineConfig } from 'drizzle-kit';

/** Migrations of the PostgreSQL store (DATABASE_URL); the SQLite ones stay in drizzle.config.ts. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/pg/schema/index.ts',
  out: './migrations-pg',
});
