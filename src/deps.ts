import type { Config } from './config.js';
import { openDatabase, type Db } from '../db/client.js';
import { systemClock, type Clock } from './platform/clock.js';
import { createLogger, type Logger } from './platform/logger.js';
import { Metrics } from './platform/metrics.js';
import { redactorFor } from './platform/secrets.js';
import { ResponseCache } from './platform/response-cache.js';
import { IngestionRunner } from './platform/snapshots/runner.js';
import { SnapshotStore } from './platform/snapshots/store.js';
import { unconfiguredRelays } from './platform/snapshots/dataset.js';
import { ALL_DATASETS } from './root/datasets.js';
import { isPostgresUrl, openPgDatabase, type PgDb } from '../db/pg/client.js';
import type { AppDeps } from './trpc/context.js';
import { createLlm } from './platform/llm/provider.js';
import { fetchLayerHttpPost, type HttpPost } from './platform/llm/http.js';
import { JobQueue } from './platform/jobs/queue.js';
import { PgJobBackend } from './platform/jobs/backend-pg.js';
import { registerJobKinds } from './root/jobs.js';
import { registerSnapshotPreparers } from './root/preparers.js';
import { webhooksOf } from './services/shipping/webhooks/delivery.js';
import type { KeyDirectory } from './platform/auth/key-store.js';
import { createSharedRedis, type SharedRedis } from './platform/redis/index.js';
import { CachedKeyDirectory } from './platform/auth/key-cache.js';
import { StoreRegistry, type StoreOverride } from './platform/stores/registry.js';
import { ARCHIVE, JOB_BACKEND, KEY_DIRECTORY, SNAPSHOT_BACKEND } from './platform/stores/platform-stores.js';
import { LLM_CACHE } from './platform/llm/cache.js';
import { STORE_DEFINITIONS } from './root/stores.js';
import { PgReachability } from './platform/pg-reachability.js';

/**
 * Wires the long-lived collaborators once: database, snapshot store, runner, caches, logger, model
 * provider, jobs and archive. The job worker is built here but started by the caller (`mds serve`).
 */
export interface DepsOptions {
  clock?: Clock;
  db?: Db;
  logger?: Logger;
  httpPost?: HttpPost;
  /** openDeps: decode every published snapshot before resolving (default true; `mds ingest` needs none). */
  loadSnapshots?: boolean;
  /**
   * The PostgreSQL database every store lives in (`openDeps` connects it when DATABASE_URL is a postgres
   * URL); unset, every store is the SQLite file's.
   */
  pg?: PgDb;
  /** Stores given instead of the engine's (`storeOverride(definition, store)`): tests. */
  stores?: readonly StoreOverride[];
}

export function createDeps(config: Config, opts: DepsOptions = {}): AppDeps {
  const clock = opts.clock ?? systemClock;
  const db = opts.db ?? openDatabase(config.DATABASE_PATH);
  // The CLI may wait seconds for a lock; the server must not hold its event loop that long.
  db.$client.pragma(`busy_timeout = ${config.DB_BUSY_TIMEOUT_MS}`);
  const logger = opts.logger ?? createLogger(config.LOG_LEVEL, undefined, redactorFor(config), config.LOG_FORMAT);
  // Every store is built here, once, on the engine the process runs on.
  const stores = StoreRegistry.resolve(
    STORE_DEFINITIONS,
    opts.pg ? { engine: 'postgres', db: opts.pg } : { engine: 'sqlite', db },
    { clock, config },
    opts.stores,
  );
  const snapshots = stores.get(SNAPSHOT_BACKEND);
  const store = new SnapshotStore(snapshots, clock, config.SNAPSHOT_POLL_MS);
  // A relay dataset without its relay is unavailable, never its stored sample presented as current.
  store.withhold(unconfiguredRelays(ALL_DATASETS, config));
  const responses = new ResponseCache();
  // A swap or a purge makes every serialised response built from that dataset unreachable;
  // clearing on any change keeps memory bounded without tracking which entry used which dataset.
  store.onChange(() => responses.clear());
  const runner = new IngestionRunner(snapshots, store, config, clock);
  const metrics = new Metrics(config.NODE_ENV !== 'test');
  runner.observer = (r) => {
    if (r.skipped) {
      logger.debug({ dataset: r.dataset }, 'ingestion skipped: another node holds the dataset');
      return;
    }
    metrics.observeIngestion(r.dataset, r.ok);
    if (r.ok)
      logger.debug(
        { dataset: r.dataset, version: r.version, recordCount: r.recordCount, partialSources: r.partialSources },
        'snapshot ingested',
      );
    else logger.warn({ dataset: r.dataset, error: r.error }, 'ingestion failed; previous snapshot kept');
  };
  // The model provider's one way out; the integrator points it at the hardened fetch layer.
  const llm = createLlm(config, {
    cache: stores.get(LLM_CACHE),
    httpPost: opts.httpPost ?? fetchLayerHttpPost(config),
  });
  const jobBackend = stores.get(JOB_BACKEND);
  const jobs = new JobQueue(jobBackend, clock, logger, {
    concurrency: config.JOBS_CONCURRENCY,
    retentionMs: config.JOBS_RETENTION_HOURS * 3_600_000,
    sweepMs: config.JOBS_SWEEP_MS,
  });
  if (jobBackend instanceof PgJobBackend)
    jobBackend.onLockChange = (held, err) =>
      held
        ? logger.warn('job worker lock taken again; claiming jobs')
        : logger.warn(
            { err: err?.message },
            'job worker lock connection lost; claiming no jobs until the lock is taken again',
          );
  const archive = stores.get(ARCHIVE);
  const redis = createSharedRedis(config, logger);
  if (redis) {
    // A snapshot published here is announced; one announced elsewhere is fetched at once rather than
    // at the next poll (polling stays on: notices sent while a node was disconnected are lost).
    const observe = runner.observer;
    runner.observer = (r) => {
      observe?.(r);
      if (r.ok && !r.skipped && r.version !== undefined) {
        // A short-lived `mds ingest` sends its announcements before it disconnects.
        redis.track(redis.notices.publish({ dataset: r.dataset, version: r.version }));
      }
    };
    const poll = () => void store.pollNow();
    void redis.notices.subscribe(poll, poll).catch(() => undefined);
  }
  // Keys are read on every request: the directory (cached beside Redis) is a field of its own.
  const keyDirectory = sharedKeysOf(stores.get(KEY_DIRECTORY), redis, clock, logger);
  const deps: AppDeps = {
    config,
    db,
    clock,
    store,
    runner,
    responses,
    logger,
    metrics,
    llm,
    jobs,
    archive,
    redis,
    keyDirectory,
    stores,
    postgres: opts.pg ? new PgReachability(opts.pg) : undefined,
  };
  registerJobKinds(deps);
  // Indexes outside a snapshot (the intel history archive) are built before the snapshot serves.
  registerSnapshotPreparers(deps);
  // Chokepoint status changes seen on snapshot swaps become signed webhook deliveries.
  webhooksOf(deps).start();
  return deps;
}

/**
 * The shared key directory as a node reads it: cached beside Redis, which checks revocations on every
 * request (key-cache.ts); asked on every request without Redis.
 */
export function sharedKeysOf(
  directory: KeyDirectory | undefined,
  redis: SharedRedis | undefined,
  clock: Clock,
  logger: Logger,
): KeyDirectory | undefined {
  if (!directory || !redis) return directory;
  const cached = new CachedKeyDirectory(directory, redis, clock, logger);
  void cached.listen().catch(() => undefined);
  return cached;
}

/**
 * `createDeps` for the commands that serve or ingest: with DATABASE_URL=postgres://... the snapshots
 * live in PostgreSQL (connected and migrated here) and every published one is decoded before this
 * resolves; without it, exactly `createDeps` on the SQLite file.
 */
export async function openDeps(config: Config, opts: DepsOptions = {}): Promise<AppDeps> {
  // Every store of a cluster (snapshots, keys, jobs, idempotency records, service stores) in PostgreSQL.
  const pg = !opts.pg && isPostgresUrl(config.DATABASE_URL) ? await openPgDatabase(config.DATABASE_URL) : opts.pg;
  const deps = createDeps(config, { ...opts, pg });
  try {
    if (opts.loadSnapshots !== false) await deps.store.start();
  } catch (err) {
    await deps.store.close().catch(() => undefined);
    deps.db.$client.close();
    throw err;
  }
  return deps;
}
