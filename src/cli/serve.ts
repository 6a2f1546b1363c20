import { createServer, type Server } from 'node:http';
import net from 'node:net';
import type { Config } from '../config.js';
import { openDeps } from '../deps.js';
import { redactUrl } from '../../db/pg/client.js';
import { buildApp } from '../app.js';
import { ALL_DATASETS, findDataset } from '../root/datasets.js';
import { loadSamplesWhereEmpty } from '../platform/snapshots/first-run.js';
import { reloadChangedReference } from '../platform/snapshots/reference.js';
import { deriveAll, refreshDerived } from '../platform/snapshots/derived.js';
import { RefreshScheduler } from '../platform/snapshots/scheduler.js';
import { fetchesUpstream, type AnyDataset } from '../platform/snapshots/dataset.js';
import { cadenceOf } from '../platform/snapshots/catalogue.js';
import { accessOf } from '../platform/auth/access.js';
import { devKeyOnFile, ensureDevKey } from '../platform/auth/dev-key.js';
import { createLogger } from '../platform/logger.js';
import { redactorFor } from '../platform/secrets.js';
import type { DestinationStream } from 'pino';
import type { Lifecycle } from '../http/platform-routes.js';
import { webhooksOf } from '../services/shipping/webhooks/delivery.js';
import { watchesOf } from '../services/watch/index.js';

/** How long idle keep-alive connections stay open after shutdown begins, for requests already in transit. */
const IDLE_DRAIN_MS = 1_000;

export interface RunningServer {
  port: number;
  lifecycle: Lifecycle;
  /** Stops cleanly; resolves with the exit code. Safe to call more than once. */
  shutdown(reason: string): Promise<number>;
}

/** Opens and migrates the database, loads samples where empty, listens; returns once the port is bound. */
export async function startServer(config: Config, out: NodeJS.WritableStream = process.stdout): Promise<RunningServer> {
  // Every line the server writes is a log line (JSON, or pretty with LOG_FORMAT=pretty): on stdout by
  // default, or on the stream a test hands in.
  const logger =
    out === process.stdout
      ? undefined
      : createLogger(config.LOG_LEVEL, out as DestinationStream, redactorFor(config), config.LOG_FORMAT);
  const unknownCadences = Object.keys(config.INGEST_CADENCE_OVERRIDES).filter((name) => !findDataset(name));
  if (unknownCadences.length)
    throw new Error(
      `INGEST_CADENCE_OVERRIDES names unknown dataset(s): ${unknownCadences.join(', ')} (see mds datasets)`,
    );
  const deps = await openDeps(config, { logger });
  const log = deps.logger;
  // Rows staged by runs that died before publishing (killed, crashed, out of disk) go first.
  const dead = await deps.runner.removeDeadStaging();
  if (dead) log.info({ runs: dead }, `removed rows staged by ${dead} unfinished ingestion run(s)`);
  if (config.LOAD_SAMPLES === 'auto') {
    for (const r of await loadSamplesWhereEmpty(ALL_DATASETS, deps.store, deps.runner)) {
      if (r.ok) log.info({ dataset: r.dataset, records: r.recordCount }, `loaded bundled sample for ${r.dataset}`);
      else if (!r.skipped)
        log.warn({ dataset: r.dataset, err: { message: r.error } }, `could not load bundled sample for ${r.dataset}`);
    }
  }
  // A commit that changed a reference table takes effect now, without an `mds ingest`.
  for (const r of await reloadChangedReference(ALL_DATASETS, deps.store, deps.runner)) {
    if (r.ok) log.info({ dataset: r.dataset, records: r.recordCount }, `reloaded changed reference table ${r.dataset}`);
    else if (!r.skipped)
      log.warn({ dataset: r.dataset, err: { message: r.error } }, `could not reload reference table ${r.dataset}`);
  }
  // The models computed here, inputs first: new ones, and those whose inputs changed while no
  // process was computing them (the samples just loaded, a reloaded table, another release's data).
  for (const r of await deriveAll(ALL_DATASETS, deps.runner)) {
    if (r.ok && !r.unchanged) log.info({ dataset: r.dataset, records: r.recordCount }, `computed ${r.dataset}`);
    else if (!r.ok && !r.skipped)
      log.warn({ dataset: r.dataset, err: { message: r.error } }, `could not compute ${r.dataset}`);
  }
  // The session signing secret is read (or generated) now, so a node's first browser session costs no extra round trip.
  await accessOf(deps).sessions();
  const dev = await ensureDevKey(config, accessOf(deps).keyDirectory, deps.clock.now());
  // The key itself is never logged: the line names its file (send its content as X-Service-Key).
  if (dev)
    log.info({ keyId: dev.id, file: dev.file }, `created a local development key (enterprise plan) in ${dev.file}`);
  else {
    const file = devKeyOnFile(config);
    if (file) log.info({ file }, `local development key: send the content of ${file} as X-Service-Key`);
  }
  const { handler, lifecycle, streams } = buildApp(deps);
  // Slow clients are cut off by these timeouts; Node checks them every connectionsCheckingInterval,
  // so the check runs at a fraction of the shorter one (its 30 s default would let them linger).
  const headersTimeout = config.HTTP_HEADERS_TIMEOUT_MS;
  const requestTimeout = Math.max(config.HTTP_REQUEST_TIMEOUT_MS, headersTimeout);
  const server: Server = createServer(
    {
      headersTimeout,
      requestTimeout,
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(headersTimeout / 4))),
    },
    handler,
  );
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // Tests and supervisors read the bound port from this line (PORT=0 picks a free one).
  const where = config.DATABASE_URL
    ? `database ${config.DATABASE_PATH}, snapshots in ${redactUrl(config.DATABASE_URL)}`
    : `database ${config.DATABASE_PATH}`;
  log.info({ port }, `monitoring-data-service listening on http://localhost:${port} (${where})`);

  // Every published dataset is decoded now, between requests, rather than by the first request that reads it.
  void deps.store
    .warm()
    .catch((e: Error) =>
      deps.logger.warn({ err: { message: e.message } }, 'snapshot warm-up stopped; datasets decode on first read'),
    );

  // Jobs a previous process left running go back to the queue before the worker takes any.
  const recovered = await deps.jobs.start();
  if (recovered.requeued || recovered.abandoned) {
    log.info(
      recovered,
      `job worker: ${recovered.requeued} interrupted jobs re-queued, ${recovered.abandoned} failed after repeated interruptions`,
    );
  }

  let scheduler: RefreshScheduler | undefined;
  if (config.INGEST_INTERVAL_MINUTES > 0) {
    const fetched = ALL_DATASETS.filter(fetchesUpstream);
    const cadenceMs = (d: AnyDataset) => (cadenceOf(d, config) ?? config.INGEST_INTERVAL_MINUTES) * 60_000;
    scheduler = new RefreshScheduler({
      datasets: fetched,
      cadenceMs,
      // Due one cadence after the last attempt by any node: a restart or a second node picks up the schedule.
      lastAttemptAt: (d) => deps.store.meta(d.name)?.lastAttemptAt,
      // Two nodes that find the same dataset due at once: the second leaves it to the first.
      run: (dataset, signal) =>
        deps.runner.run(dataset, {
          origin: { kind: 'live' },
          signal,
          unlessAttemptedWithinMs: config.DATABASE_URL ? cadenceMs(dataset) / 2 : undefined,
        }),
      onPass: async (results) => {
        // The models over what this pass refreshed, once each, before the next pass.
        const derived = await refreshDerived(results, ALL_DATASETS, deps.runner);
        results = [...results, ...derived];
        deps.logger.info(
          {
            ok: results.filter((r) => r.ok).length,
            skipped: results.filter((r) => r.skipped).length,
            failed: results.filter((r) => !r.ok && !r.skipped).map((r) => r.dataset),
          },
          'refresh pass finished',
        );
      },
    }).start();
    const cadences = fetched.map((d) => cadenceOf(d, config) ?? 0);
    log.info(
      { datasets: fetched.length, fromMinutes: Math.min(...cadences), toMinutes: Math.max(...cadences) },
      `refreshing ${fetched.length} datasets from their upstreams, each on its own cadence (${Math.min(...cadences)} to ${Math.max(...cadences)} minutes; mds datasets lists them)`,
    );
  }

  let stopping: Promise<number> | undefined;
  const shutdown = (reason: string): Promise<number> => {
    stopping ??= (async () => {
      // Readiness fails at once; the listener stops taking new connections.
      lifecycle.beginShutdown();
      deps.logger.info({ reason, graceMs: config.SHUTDOWN_GRACE_MS }, 'shutting down');
      deps.logger.flush(); // operators (and tests) watch for this line; do not leave it in the buffer
      // Open event streams end now with a `retry:` hint: their clients resume (Last-Event-ID) elsewhere.
      streams.shutdown();
      // Stop accepting connections, but leave idle keep-alive ones open for a moment (http's own close
      // would cut them at once): a request already on its way over one is then answered, with
      // Connection: close, instead of meeting a reset. After the drain, idle ones are closed.
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      let sweep: NodeJS.Timeout | undefined;
      const drain = setTimeout(
        () => {
          server.closeIdleConnections();
          sweep = setInterval(() => server.closeIdleConnections(), 50);
        },
        Math.min(IDLE_DRAIN_MS, config.SHUTDOWN_GRACE_MS),
      );
      const force = setTimeout(() => {
        deps.logger.warn({ graceMs: config.SHUTDOWN_GRACE_MS }, 'grace period over; closing remaining connections');
        server.closeAllConnections();
      }, config.SHUTDOWN_GRACE_MS);
      // An ingestion in progress is aborted at its next fetch; one already writing finishes its chunks and
      // publishes (or fails and removes its staged rows) before the database closes.
      // Running jobs are aborted and put back in the queue (the next start runs them); one that ignores
      // the abort past the grace stays `running` in the table and is re-queued at the next start.
      webhooksOf(deps).stop();
      watchesOf(deps).stop();
      await Promise.all([scheduler?.stop(), deps.jobs.stop(config.SHUTDOWN_GRACE_MS)]);
      await closed;
      clearTimeout(drain);
      clearInterval(sweep);
      clearTimeout(force);
      // Counts decided since the last background write reach the file before it closes.
      accessOf(deps).close();
      deps.redis?.close();
      await deps.keyDirectory?.close?.().catch(() => undefined);
      await deps.store.close().catch(() => undefined);
      deps.db.$client.close();
      deps.logger.info({ reason }, 'stopped');
      deps.logger.flush();
      return 0;
    })();
    return stopping;
  };
  return { port, lifecycle, shutdown };
}

/** `mds serve`: run until SIGTERM or SIGINT, then stop cleanly and exit 0. */
export async function serve(config: Config, out?: NodeJS.WritableStream): Promise<number> {
  const running = await startServer(config, out);
  return await new Promise<number>((resolve) => {
    process.once('SIGTERM', () => void running.shutdown('SIGTERM').then(resolve));
    process.once('SIGINT', () => void running.shutdown('SIGINT').then(resolve));
  });
}
