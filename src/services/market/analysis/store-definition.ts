import { defineStore } from '../../../platform/stores/registry.js';
import { SqliteAnalysisStore, type AnalysisStore } from './store.js';
import { PgAnalysisStore } from './store-pg.js';

/** Stored analyses, backtests and the daily quota: the SQLite file's, or PostgreSQL's shared by every node. */
export const MARKET_ANALYSES = defineStore<AnalysisStore>({
  name: 'market_analyses',
  sqlite: ({ db }) => new SqliteAnalysisStore(db),
  postgres: ({ db }) => new PgAnalysisStore(db),
});
