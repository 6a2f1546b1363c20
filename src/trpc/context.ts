import type { IncomingHttpHeaders } from 'node:http';
import type { KeyDirectory } from '../platform/auth/key-store.js';
import type { SharedRedis } from '../platform/redis/index.js';
import type { Config } from '../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../platform/clock.js';
import type { SnapshotStore } from '../platform/snapshots/store.js';
import type { IngestionRunner } from '../platform/snapshots/runner.js';
import type { ResponseCache } from '../platform/response-cache.js';
import type { Logger } from '../platform/logger.js';
import type { Metrics } from '../platform/metrics.js';
import type { WireHeaders } from '../platform/errors.js';
import type { Principal } from '../platform/auth/access.js';
import type { Dispatch } from '../http/wire.js';
import type { Llm } from '../platform/llm/provider.js';
import type { Jobs } from '../platform/jobs/queue.js';
import type { Archive } from '../platform/archive/archive.js';
import type { StoreRegistry } from '../platform/stores/registry.js';
import type { PgReachability } from '../platform/pg-reachability.js';

/** Long-lived collaborators, built once per process (or per test app). */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  store: SnapshotStore;
  runner: IngestionRunner;
  responses: ResponseCache;
  logger: Logger;
  metrics: Metrics;
  /** Model-written text and embeddings; `enabled: false` unless LLM_BASE_URL is set (use `generate` for text). */
  llm: Llm;
  /** Background jobs per account and their in-process worker. */
  jobs: Jobs;
  /** Full-text archive of dated documents (SQLite FTS5, or PostgreSQL text search with DATABASE_URL). */
  archive: Archive;
  /** Keys and accounts shared by every node (PostgreSQL, with DATABASE_URL); unset: the SQLite file's. Read on every request, so a field of its own. */
  keyDirectory?: KeyDirectory;
  /** Rate limits, revocations and notices shared through Redis (REDIS_URL); unset: this process alone. */
  redis?: SharedRedis;
  /** With DATABASE_URL on PostgreSQL: whether it answers now (`/readyz`). */
  postgres?: PgReachability;
  /**
   * Every store (platform's and services'), built once at start on the engine the process runs on:
   * `stores.get(DEFINITION)` (src/platform/stores/registry.ts).
   */
  stores: StoreRegistry;
}

/** How a call reached the procedure: REST (including batch sub-operations) or native tRPC. */
export type Transport = 'rest' | 'trpc';

/** Per-call state shared by the procedure chain and the REST lane. */
export interface RequestContext {
  deps: AppDeps;
  transport: Transport;
  requestId: string;
  headers: IncomingHttpHeaders;
  /** The raw query string's parameters (REST only): the projection and the response-cache key read it. */
  search: URLSearchParams;
  /** Headers the chain wants on the answer, success or error (X-RateLimit-*, for example). */
  resHeaders: WireHeaders;
  /**
   * Set by the REST lane once it has admitted this call (before its response cache), so the
   * procedure chain's guard does not admit it a second time. Never set on a /trpc context, which
   * every call of one HTTP request shares.
   */
  admitted: boolean;
  /** True for sub-operations dispatched by the batch endpoint. */
  batch: boolean;
  /** Runs another REST call in process through the same pipeline (batch, bootstrap). */
  dispatch?: Dispatch;
  /** The caller, once the credential step has accepted one (undefined on public operations). */
  principal?: Principal;
  /** Client socket address: the rate-limit identity of callers without a credential. */
  remoteAddress?: string;
  /**
   * Set by a handler whose answer is a fallback that the body cannot flag (a contract without a
   * degradation field, such as an empty event list for a missing snapshot): forces `no-store`.
   */
  degraded?: boolean;
  /**
   * Batch operations still allowed in this HTTP request. Shared by every call of one /trpc request
   * (tRPC batching can carry several batch.execute calls), so the cap holds per HTTP request.
   */
  batchBudget?: { remaining: number };
}

/** Marks the current answer as degraded: served, never cached by clients or the response cache. */
export function markDegraded(ctx: RequestContext): void {
  ctx.degraded = true;
}

export function createRequestContext(
  deps: AppDeps,
  init: {
    transport: Transport;
    requestId: string;
    headers: IncomingHttpHeaders;
    url?: string;
    batch?: boolean;
    remoteAddress?: string;
  },
): RequestContext {
  const q = init.url?.indexOf('?') ?? -1;
  return {
    deps,
    transport: init.transport,
    requestId: init.requestId,
    headers: init.headers,
    search: new URLSearchParams(q >= 0 ? init.url!.slice(q + 1) : ''),
    resHeaders: {},
    admitted: false,
    batch: init.batch ?? false,
    remoteAddress: init.remoteAddress,
  };
}
