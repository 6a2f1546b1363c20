import type { Config } from './config.js';
import { openDatabase, type Db } from '../db/client.js';
import { systemClock, type Clock } from './platform/clock.js';
import { createLogger, type Logger } from './platform/logger.js';
import { Metrics } from './platform/metrics.js';
import { redactorFor } from './platform/secrets.js';
import { ResponseCache } from './platform/response-cache.js';
import { IngestionRunner } from './platform/snapshots/runner.js';
import { SnapshotStore } from './platform/snapshots/store.js';
import type { SnapshotBackend } from './platform/snapshots/backend.js';
import { SqliteSnapshotBackend } from './platform/snapshots/backend-sqlite.js';
import { PgSnapshotBackend } from './platform/snapshots/backend-pg.js';
import { isPostgresUrl, openPgDatabase, type PgDb } from '../db/pg/client.js';
import type { AppDeps } from './trpc/context.js';
import { createLlm } from './platform/llm/provider.js';
import { fetchLayerHttpPost, type HttpPost } from './platform/llm/http.js';
import { SqliteLlmCache, llmCacheBounds, type LlmCache } from './platform/llm/cache.js';
import { PgLlmCache } from './platform/llm/cache-pg.js';
import { JobQueue } from './platform/jobs/queue.js';
import { SqliteArchive, archiveRetention, type Archive } from './platform/archive/archive.js';
import { PgArchive } from './platform/archive/archive-pg.js';
import { SqliteJobBackend, type JobBackend } from './platform/jobs/backend.js';
import { PgJobBackend } from './platform/jobs/backend-pg.js';
import type { SimulationRunStore } from './services/forecast/runs.js';
import { PgSimulationRuns } from './services/forecast/runs-pg.js';
import type { ScenarioRunStore } from './services/scenario/runs.js';
import { PgScenarioRuns } from './services/scenario/runs-pg.js';
import type { SummaryStore } from './services/news/summary-store.js';
import { PgSummaryStore } from './services/news/summary-store-pg.js';
import { registerJobKinds } from './root/jobs.js';
import { webhooksOf } from './services/shipping/webhooks/delivery.js';
import type { KeyDirectory } from './platform/auth/key-store.js';
import { PgKeyDirectory } from './platform/auth/keys-pg.js';
import { PgIdempotencyRecords } from './platform/batch/idempotency-pg.js';
import type { IdempotencyRecords } from './platform/batch/idempotency-records.js';
import type { PlatformSecrets } from './platform/auth/platform-secrets.js';
import { PgPlatformSecrets } from './platform/auth/platform-secrets-pg.js';
import { createSharedRedis, type SharedRedis } from './platform/redis/index.js';
import { CachedKeyDirectory } from './platform/auth/key-cache.js';
import type { LeadStore } from './services/leads/store.js';
import { PgLeadStore } from './services/leads/store-pg.js';
import type { WebhookStore } from './services/shipping/webhooks/store.js';
import { PgWebhookStore } from './services/shipping/webhooks/store-pg.js';
import type { AnalysisStore } from './services/market/analysis/store.js';
import { PgAnalysisStore } from './services/market/analysis/store-pg.js';

/**
 * Wires the long-lived collaborators once: database, snapshot store, runner, caches, logger, model
 * provider, jobs and archive. The job worker is built here but started by the caller (`mds serve`).
 */
export interface DepsOptions {
  clock?: Clock;
  db?: Db;
  logger?: Logger;
  httpPost?: HttpPost;
  /** Where snapshots live; default the SQLite file (`openDeps` passes PostgreSQL when DATABASE_URL is set). */
  snapshots?: SnapshotBackend;
  /** openDeps: decode every published snapshot before resolving (default true; `mds ingest` needs none). */
  loadSnapshots?: boolean;
  /** Keys shared by every node; `openDeps` passes PostgreSQL's when DATABASE_URL is set. */
  keyDirectory?: KeyDirectory;
  /** The full-text archive; default the SQLite file's (`openDeps` passes PostgreSQL's when DATABASE_URL is set). */
  archive?: Archive;
  /** Model answers already paid for; default the SQLite file's (`openDeps` passes PostgreSQL's when DATABASE_URL is set). */
  llmCache?: LlmCache;
  /** Generated secrets (session signing); default the SQLite file's (`openDeps` passes PostgreSQL's when DATABASE_URL is set). */
  platformSecrets?: PlatformSecrets;
  /** The job table; `openDeps` passes PostgreSQL's when DATABASE_URL is set (default the SQLite file's). */
  jobBackend?: JobBackend;
  /** Which jobs hold the simulation and scenario runs; `openDeps` passes PostgreSQL's with DATABASE_URL. */
  simulationRuns?: SimulationRunStore;
  scenarioRuns?: ScenarioRunStore;
  /** Article summaries and their quota; `openDeps` passes PostgreSQL's with DATABASE_URL. */
  newsSummaries?: SummaryStore;
  /** Service stores shared by every node; `openDeps` passes PostgreSQL's when DATABASE_URL is set. */
  leads?: LeadStore;
  webhookStore?: WebhookStore;
  marketAnalyses?: AnalysisStore;
}

export function createDeps(config: Config, opts: DepsOptions = {}): AppDeps {
  const clock = opts.clock ?? systemClock;
  const db = opts.db ?? openDatabase(config.DATABASE_PATH);
  // The CLI may wait seconds for a lock; the server must not hold its event loop that long.
  db.$client.pragma(`busy_timeout = ${config.DB_BUSY_TIMEOUT_MS}`);
  const logger = opts.logger ?? createLogger(config.LOG_LEVEL, undefined, redactorFor(config));
  const snapshots = opts.snapshots ?? new SqliteSnapshotBackend(db);
  const store = new SnapshotStore(snapshots, clock, config.SNAPSHOT_POLL_MS);
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
    if (r.ok) logger.debug({ dataset: r.dataset, version: r.version, recordCount: r.recordCount, partialSources: r.partialSources }, 'snapshot ingested');
    else logger.warn({ dataset: r.dataset, error: r.error }, 'ingestion failed; previous snapshot kept');
  };
  // The model provider's one way out; the integrator points it at the hardened fetch layer.
  const llmCache = opts.llmCache ?? new SqliteLlmCache(db.$client, clock, llmCacheBounds(config));
  const llm = createLlm(config, { cache: llmCache, httpPost: opts.httpPost ?? fetchLayerHttpPost(config) });
  const jobs = new JobQueue(opts.jobBackend ?? new SqliteJobBackend(db.$client), clock, logger, { concurrency: config.JOBS_CONCURRENCY, retentionMs: config.JOBS_RETENTION_HOURS * 3_600_000 });
  const archive = opts.archive ?? new SqliteArchive(db.$client, clock, archiveRetention(config));
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
  const keyDirectory = sharedKeysOf(opts.keyDirectory, redis, clock, logger);
  const deps: AppDeps = { config, db, clock, store, runner, responses, logger, metrics, llm, jobs, archive, redis, keyDirectory, platformSecrets: opts.platformSecrets };
  // Stores chosen by openDeps (PostgreSQL); unset, each service uses the SQLite file.
  const { simulationRuns, scenarioRuns, newsSummaries, leads, webhookStore, marketAnalyses } = opts;
  Object.assign(deps, { simulationRuns, scenarioRuns, newsSummaries, leads, webhookStore, marketAnalyses } satisfies Partial<AppDeps>);
  registerJobKinds(deps);
  // Chokepoint status changes seen on snapshot swaps become signed webhook deliveries.
  webhooksOf(deps).start();
  return deps;
}

/**
 * The shared key directory as a node reads it: cached beside Redis, which checks revocations on every
 * request (key-cache.ts); asked on every request without Redis.
 */
export function sharedKeysOf(directory: KeyDirectory | undefined, redis: SharedRedis | undefined, clock: Clock, logger: Logger): KeyDirectory | undefined {
  if (!directory || !redis) return directory;
  const cached = new CachedKeyDirectory(directory, redis, clock, logger);
  void cached.listen().catch(() => undefined);
  return cached;
}

/** Everything a cluster keeps in PostgreSQL, as `createDeps` options: one interface per store, another engine. */
function postgresStores(pg: PgDb, config: Config, opts: DepsOptions): DepsOptions {
  const clock = opts.clock ?? systemClock;
  return {
    snapshots: new PgSnapshotBackend(pg),
    // Keys and accounts in the same database, so a key issued or revoked anywhere holds on every node.
    keyDirectory: new PgKeyDirectory(pg),
    // One queue for the cluster: any node may run a job another enqueued, never two the same one.
    jobBackend: new PgJobBackend(pg),
    simulationRuns: new PgSimulationRuns(pg),
    scenarioRuns: new PgScenarioRuns(pg),
    newsSummaries: new PgSummaryStore(pg),
    archive: new PgArchive(pg, clock, archiveRetention(config)),
    llmCache: new PgLlmCache(pg, clock, llmCacheBounds(config)),
    // Every node signs and verifies browser sessions with the same generated secret.
    platformSecrets: new PgPlatformSecrets(pg),
    leads: new PgLeadStore(pg),
    webhookStore: new PgWebhookStore(pg),
    marketAnalyses: new PgAnalysisStore(pg),
  };
}

/**
 * `createDeps` for the commands that serve or ingest: with DATABASE_URL=postgres://... the snapshots
 * live in PostgreSQL (connected and migrated here) and every published one is decoded before this
 * resolves; without it, exactly `createDeps` on the SQLite file.
 */
export async function openDeps(config: Config, opts: DepsOptions = {}): Promise<AppDeps> {
  let options = opts;
  let idempotency: IdempotencyRecords | undefined;
  if (!opts.snapshots && isPostgresUrl(config.DATABASE_URL)) {
    const pg = await openPgDatabase(config.DATABASE_URL);
    // Stores passed explicitly win over PostgreSQL's.
    options = { ...postgresStores(pg, config, opts), ...opts };
    idempotency = new PgIdempotencyRecords(pg);
  }
  const deps = createDeps(config, options);
  // A retried POST may land on another node: its Idempotency-Key record must be where every node looks.
  if (idempotency) deps.idempotency = idempotency;
  try {
    if (opts.loadSnapshots !== false) await deps.store.start();
  } catch (err) {
    await deps.store.close().catch(() => undefined);
    deps.db.$client.close();
    throw err;
  }
  return deps;
}
