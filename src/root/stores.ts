import type { StoreDefinition } from '../platform/stores/registry.js';
import { ARCHIVE, JOB_BACKEND, KEY_DIRECTORY, SNAPSHOT_BACKEND } from '../platform/stores/platform-stores.js';
import { LLM_CACHE } from '../platform/llm/cache.js';
import { IDEMPOTENCY_RECORDS } from '../platform/batch/idempotency-records.js';
import { PLATFORM_SECRETS } from '../platform/auth/platform-secrets.js';
import { SIMULATION_RUNS } from '../services/forecast/runs.js';
import { SCENARIO_RUNS } from '../services/scenario/runs.js';
import { NEWS_SUMMARIES } from '../services/news/summary-store.js';
import { LEAD_STORE } from '../services/leads/store.js';
import { WEBHOOK_STORE } from '../services/shipping/webhooks/store.js';
import { DELIVERY_LOG } from '../platform/delivery/log.js';
import { WATCH_RULES } from '../services/watch/store.js';
import { MARKET_ANALYSES } from '../services/market/analysis/store.js';

/**
 * Every store the application keeps state in, resolved once at start for the engine it runs on
 * (`createDeps`). A new store is declared in its own folder and added here (registry.ts says how).
 */
export const STORE_DEFINITIONS: readonly StoreDefinition<unknown>[] = [
  SNAPSHOT_BACKEND,
  KEY_DIRECTORY,
  JOB_BACKEND,
  ARCHIVE,
  LLM_CACHE,
  IDEMPOTENCY_RECORDS,
  PLATFORM_SECRETS,
  SIMULATION_RUNS,
  SCENARIO_RUNS,
  NEWS_SUMMARIES,
  LEAD_STORE,
  DELIVERY_LOG,
  WEBHOOK_STORE,
  MARKET_ANALYSES,
  WATCH_RULES,
];
