import type { Config } from './config.js';
import { openDatabase, type Db } from '../db/client.js';
import { systemClock, type Clock } from './platform/clock.js';
import { createLogger, type Logger } from './platform/logger.js';
import { Metrics } from './platform/metrics.js';
import { ResponseCache } from './platform/response-cache.js';
import { IngestionRunner } from './platform/snapshots/runner.js';
import { SnapshotStore } from './platform/snapshots/store.js';
import type { AppDeps } from './trpc/context.js';

/** Wires the long-lived collaborators once: database, snapshot store, runner, caches, logger. */
export function createDeps(config: Config, opts: { clock?: Clock; db?: Db; logger?: Logger } = {}): AppDeps {
  const clock = opts.clock ?? systemClock;
  const db = opts.db ?? openDatabase(config.DATABASE_PATH);
  // The CLI may wait seconds for a lock; the server must not hold its event loop that long.
  db.$client.pragma(`busy_timeout = ${config.DB_BUSY_TIMEOUT_MS}`);
  const logger = opts.logger ?? createLogger(config.LOG_LEVEL);
  const store = new SnapshotStore(db, clock, config.SNAPSHOT_POLL_MS);
  const responses = new ResponseCache();
  // A swap or a purge makes every serialised response built from that dataset unreachable;
  // clearing on any change keeps memory bounded without tracking which entry used which dataset.
  store.onChange(() => responses.clear());
  const runner = new IngestionRunner(db, store, config, clock);
  const metrics = new Metrics(config.NODE_ENV !== 'test');
  runner.observer = (r) => {
    metrics.observeIngestion(r.dataset, r.ok);
    if (r.ok) logger.debug({ dataset: r.dataset, version: r.version, recordCount: r.recordCount, partialSources: r.partialSources }, 'snapshot ingested');
    else logger.warn({ dataset: r.dataset, error: r.error }, 'ingestion failed; previous snapshot kept');
  };
  return { config, db, clock, store, runner, responses, logger, metrics };
}
