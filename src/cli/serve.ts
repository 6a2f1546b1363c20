import type { Server } from 'node:http';
import type { Config } from '../config.js';
import { createDeps } from '../deps.js';
import { buildApp } from '../app.js';
import { ALL_DATASETS } from '../services/datasets.js';
import { loadSamplesWhereEmpty } from '../platform/snapshots/first-run.js';
import { accessOf } from '../platform/auth/access.js';
import { ensureDevKey } from '../platform/auth/dev-key.js';

/** `mds serve`: open and migrate the database, load samples where empty, listen, stop cleanly on SIGTERM. */
export async function serve(config: Config, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  const deps = createDeps(config);
  if (config.LOAD_SAMPLES === 'auto') {
    for (const r of await loadSamplesWhereEmpty(ALL_DATASETS, deps.store, deps.runner)) {
      if (r.ok) out.write(`loaded bundled sample for ${r.dataset}: ${r.recordCount} rows\n`);
      else err.write(`could not load bundled sample for ${r.dataset}: ${r.error}\n`);
    }
  }
  const dev = ensureDevKey(config, accessOf(deps).keys, deps.clock.now());
  if (dev) {
    out.write(`created a local development key (enterprise plan, id ${dev.id}); it is shown once and saved to ${dev.file}:\n${dev.key}\n`);
  }
  const { app } = buildApp(deps);
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(config.PORT, config.HOST, () => resolve(s));
    s.once('error', reject);
  });
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  out.write(`monitoring-data-service listening on http://localhost:${port} (database ${config.DATABASE_PATH})\n`);

  return await new Promise<number>((resolve) => {
    const stop = (signal: string) => {
      deps.logger.info({ signal }, 'shutting down');
      server.close(() => {
        deps.db.$client.close();
        resolve(0);
      });
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 10_000).unref();
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
}
