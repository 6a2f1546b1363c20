import { defineStore } from '../../platform/stores/registry.js';
import { SqliteLeadStore, type LeadStore } from './store.js';
import { PgLeadStore } from './store-pg.js';

/** Contact requests and interest registrations: the SQLite file's, or PostgreSQL's shared by every node. */
export const LEAD_STORE = defineStore<LeadStore>({
  name: 'leads',
  sqlite: ({ db }) => new SqliteLeadStore(db.$client),
  postgres: ({ db }) => new PgLeadStore(db),
});
