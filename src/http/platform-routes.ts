import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Router, type Request, type Response } from 'express';
import { MIGRATIONS_DIR } from '../../db/client.js';
import { accessOf, type Principal } from '../platform/auth/access.js';
import { planCatalogue } from '../platform/auth/plans.js';
import { ServiceError, type WireHeaders } from '../platform/errors.js';
import { storageFailureOf, storageHealthOf, type StorageFailure } from '../platform/storage-failure.js';
import { NO_STORE } from '../platform/http-cache.js';
import { canonicalExpression, project } from '../platform/jmespath.js';
import { ANONYMOUS_PER_MINUTE, RATE_POLICIES } from '../platform/ratelimit/limiter.js';
import { prepareBody, ResponseCache, type PreparedBody } from '../platform/response-cache.js';
import { datasetHealth, overallStatus, type DatasetHealth } from '../platform/snapshots/health.js';
import type { AnyDataset } from '../platform/snapshots/dataset.js';
import { redactorFor } from '../platform/secrets.js';
import type { AppDeps } from '../trpc/context.js';
import { VERSION } from '../version.js';
import { readJsonBody } from './body.js';
import { readExpression } from './answer.js';
import { takeAsOf } from './as-of.js';
import type { SnapshotVersion } from '../platform/snapshots/backend.js';
import { instantText } from '../platform/snapshots/history.js';
import { bootstrapNames, combinedBody, combinedIdentity, runBootstrap, type BootstrapTable } from './bootstrap.js';
import { send } from './rest.js';
import { JSON_TYPE, jsonError, type Dispatch, type WireResponse } from './wire.js';

export type { Dispatch } from './wire.js';

/** Process state the readiness probe reports: it turns 503 as soon as shutdown begins. */
export class Lifecycle {
  shuttingDown = false;
  beginShutdown(): void {
    this.shuttingDown = true;
  }
}

let commitAtStart: string | null | undefined;
/** The checkout's commit, read once per process; null outside a git checkout or without git. */
function gitCommit(): string | null {
  if (commitAtStart === undefined) {
    try {
      const out = execFileSync('git', ['rev-parse', 'HEAD'], {
        cwd: path.dirname(MIGRATIONS_DIR),
        timeout: 2000,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      const sha = out.toString('utf8').trim();
      commitAtStart = /^[0-9a-f]{40,64}$/.test(sha) ? sha : null;
    } catch {
      commitAtStart = null;
    }
  }
  return commitAtStart;
}

function expectedMigrations(): number {
  try {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    return journal.entries.length;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function json(status: number, body: unknown, cacheControl: string, extra: WireHeaders = {}): WireResponse {
  const prepared = prepareBody(body, false);
  const headers: WireHeaders = { 'content-type': JSON_TYPE, 'cache-control': cacheControl, ...extra };
  if (status === 200) headers.etag = prepared.etag;
  return { status, headers, body: prepared.text };
}

/** How many bootstrap projections are remembered, and how many bytes they may hold together. */
export const BOOTSTRAP_PROJECTIONS = 256;
export const BOOTSTRAP_PROJECTION_BYTES = 16 * 1024 * 1024;

function projectedAnswer(text: string, etag: string, rate: WireHeaders): WireResponse {
  return { status: 200, headers: { 'content-type': JSON_TYPE, 'cache-control': NO_STORE, ...rate, etag }, body: text };
}

function fromError(e: unknown): WireResponse {
  if (e instanceof ServiceError) return jsonError(e.status, e.body, e.headers);
  throw e;
}

/** Query parameters of a platform route: only the listed names, each at most once. */
function strictQuery(
  req: Request,
  allowed: readonly string[],
): { ok: true; search: URLSearchParams } | { ok: false; response: WireResponse } {
  const q = req.originalUrl.indexOf('?');
  const search = new URLSearchParams(q >= 0 ? req.originalUrl.slice(q + 1) : '');
  const violations: { field: string; description: string }[] = [];
  const seen = new Set<string>();
  for (const key of search.keys()) {
    if (!allowed.includes(key))
      violations.push({
        field: key,
        description: `unknown parameter; this endpoint accepts ${allowed.join(', ') || 'none'}`,
      });
    else if (seen.has(key)) violations.push({ field: key, description: 'value must not be repeated' });
    seen.add(key);
  }
  if (violations.length) return { ok: false, response: jsonError(400, { violations }) };
  return { ok: true, search };
}

export interface PlatformRouteOptions {
  dispatch: Dispatch;
  lifecycle: Lifecycle;
  /** Every dataset the services serve (health, cache purge, metrics): named by the composition root, not here. */
  datasets: readonly AnyDataset[];
  /** The first-paint entries of GET /api/bootstrap, by logical name. */
  bootstrap: BootstrapTable;
}

/**
 * The platform endpoints outside the versioned contract: health and probes, version, product
 * catalogue, bootstrap, cache purge and metrics. Operator-only ones accept an OPERATOR_KEYS key in
 * X-Service-Key / X-Api-Key (not a browser session, so a page cannot use one by accident).
 */
export function platformRouter(deps: AppDeps, opts: PlatformRouteOptions): Router {
  const { datasets: allDatasets, bootstrap } = opts;
  const r = Router();
  const access = accessOf(deps);
  const migrations = expectedMigrations();
  const startedAt = new Date(deps.clock.now()).toISOString();
  /**
   * Bootstrap projections by (canonical expression, the combined body's shape), valid while the
   * entries' ETags are the ones they were made from: a newer snapshot replaces its entry. Bounded in
   * entries and bytes, least recently used first.
   */
  const projections = new ResponseCache(BOOTSTRAP_PROJECTIONS, BOOTSTRAP_PROJECTION_BYTES);

  /** The operator behind the request, or the refusal to send: 401 without a valid credential, 403 for any other key. */
  const operator = async (
    req: Request,
    res: Response,
  ): Promise<{ ok: true; principal: Principal } | { ok: false; response: WireResponse }> => {
    let principal: Principal;
    try {
      principal = await access.authenticateFrom(req.headers, req.socket.remoteAddress, String(res.locals.requestId));
    } catch (e) {
      if (e instanceof ServiceError && e.status === 401) {
        return {
          ok: false,
          response: jsonError(
            401,
            { error: 'Operator key required: send one of OPERATOR_KEYS in the X-Service-Key header (or X-Api-Key)' },
            { 'www-authenticate': 'ApiKey header="X-Service-Key"' },
          ),
        };
      }
      return { ok: false, response: fromError(e) };
    }
    res.locals.keyId = principal.id;
    if (principal.kind !== 'operator' || principal.via !== 'header') {
      return {
        ok: false,
        response: jsonError(403, {
          error: 'This endpoint needs an operator key (OPERATOR_KEYS) in X-Service-Key or X-Api-Key',
        }),
      };
    }
    return { ok: true, principal };
  };

  const route = (p: string) => (_req: Request, res: Response, next: () => void) => {
    res.locals.route = p;
    next();
  };
  const methodNotAllowed = (allow: string) => (req: Request, res: Response) =>
    send(req, res, jsonError(405, { error: `method ${req.method} not allowed; use ${allow}` }, { allow }));

  // --- probes -------------------------------------------------------------------------------

  r.get('/healthz', route('/healthz'), (req, res) => send(req, res, json(200, { status: 'alive' }, NO_STORE)));

  r.get('/readyz', route('/readyz'), async (req, res) => {
    const reasons: string[] = [];
    // Readiness follows PostgreSQL when the node's stores live there (a cached probe, quick to fail).
    const pgDown = await deps.postgres?.unreachable();
    if (pgDown) reasons.push(pgDown);
    if (opts.lifecycle.shuttingDown) reasons.push('shutting down');
    if (!deps.db.$client.open) reasons.push('database closed');
    else {
      try {
        const applied = deps.db.$client.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as {
          n: number;
        };
        if (applied.n < migrations) reasons.push(`migrations pending (${applied.n} of ${migrations} applied)`);
        const locked = writeLockHeld(deps.db.$client);
        if (locked) reasons.push(locked);
      } catch (e) {
        reasons.push(`database unusable: ${(e as Error).message}`);
      }
    }
    // A lock already named needs no probe write (it would only wait out the busy timeout).
    const failedWrite = reasons.some((r) => r.includes('locked')) ? undefined : failedWriteReason(deps);
    if (failedWrite) reasons.push(failedWrite);
    const body = reasons.length ? { status: 'not ready', reasons } : { status: 'ready' };
    send(req, res, json(reasons.length ? 503 : 200, body, NO_STORE));
  });

  // --- health -------------------------------------------------------------------------------

  r.get('/api/health', route('/api/health'), async (req, res) => {
    const q = strictQuery(req, ['detail', 'compact']);
    if (!q.ok) return send(req, res, q.response);
    const checkedAt = new Date(deps.clock.now()).toISOString();
    const askedDetail = q.search.get('detail') === '1' || q.search.get('detail') === 'true';
    const askedCompact = q.search.get('compact') === '1' || q.search.get('compact') === 'true';
    // Detail is the default for an operator; anyone else gets the compact view unless they insist.
    let detailed = false;
    if (askedDetail) {
      const op = await operator(req, res);
      if (!op.ok) return send(req, res, op.response);
      detailed = true;
    } else if (!askedCompact && presentsKeyHeader(req)) {
      try {
        const p = await access.authenticate(req.headers, String(res.locals.requestId));
        res.locals.keyId = p.id;
        detailed = p.kind === 'operator' && p.via === 'header';
      } catch {
        detailed = false;
      }
    }
    let entries: DatasetHealth[];
    try {
      const metas = new Map(deps.store.allMeta().map((m) => [m.dataset, m]));
      const now = deps.clock.now();
      entries = allDatasets.map((d) =>
        datasetHealth(d, metas.get(d.name), now, deps.runner.unrecordedFailure(d.name), deps.store.isWithheld(d.name)),
      );
    } catch (e) {
      deps.logger.error(
        { err: { message: (e as Error).message }, requestId: res.locals.requestId },
        'health: database unusable',
      );
      return send(
        req,
        res,
        json(503, { status: 'UNHEALTHY', error: 'database unavailable', checkedAt }, NO_STORE, { 'retry-after': '5' }),
      );
    }
    const status = overallStatus(entries);
    const count = (s: DatasetHealth['status']) => entries.filter((e) => e.status === s).length;
    // Said whatever the verdict: a service answering from its bundled samples is not serving live data.
    const samples = count('SAMPLE');
    const servingSamples = samples ? { servingSamples: samples } : {};
    if (!detailed) {
      const problems = Object.fromEntries(
        entries
          .filter((e) => e.status !== 'OK' && e.status !== 'UNCONFIGURED')
          .map((e) => [e.dataset, { status: e.status }]),
      );
      const body = Object.keys(problems).length
        ? { status, checkedAt, ...servingSamples, problems }
        : { status, checkedAt, ...servingSamples };
      return send(req, res, json(200, body, NO_STORE));
    }
    const body = {
      status,
      checkedAt,
      ...servingSamples,
      summary: {
        total: entries.length,
        ok: count('OK'),
        sample: samples,
        stale: count('STALE'),
        empty: count('EMPTY'),
        error: count('ERROR'),
        unconfigured: count('UNCONFIGURED'),
      },
      // Stored messages predate nothing: redacted again on the way out, whatever wrote them.
      datasets: Object.fromEntries(
        entries.map(({ dataset, ...rest }) => [
          dataset,
          { ...rest, lastError: rest.lastError && redactorFor(deps.config)(rest.lastError) },
        ]),
      ),
    };
    send(req, res, json(200, body, NO_STORE));
  });

  // --- version and catalogue ----------------------------------------------------------------

  r.get('/api/version', route('/api/version'), (req, res) => {
    const q = strictQuery(req, []);
    if (!q.ok) return send(req, res, q.response);
    const body = {
      version: VERSION,
      commit: deps.config.GIT_COMMIT ?? gitCommit(),
      buildTime: deps.config.BUILD_TIME ?? null,
      startedAt,
    };
    send(req, res, json(200, body, 'public, max-age=60'));
  });

  r.get('/api/product-catalog', route('/api/product-catalog'), (req, res) => {
    const q = strictQuery(req, []);
    if (!q.ok) return send(req, res, q.response);
    const body = {
      plans: planCatalogue(),
      anonymous: {
        perMinute: ANONYMOUS_PER_MINUTE,
        description: 'Public operations without a credential, per client address.',
      },
      endpointPolicies: Object.fromEntries(
        Object.keys(RATE_POLICIES).map((name) => [name, { perMinute: access.limiter.policyLimit(name) }]),
      ),
    };
    send(req, res, json(200, body, 'public, max-age=300'));
  });

  // --- bootstrap ----------------------------------------------------------------------------

  r.get('/api/bootstrap', route('/api/bootstrap'), async (req, res) => {
    const q = strictQuery(req, ['keys', 'tier', 'jmespath', 'as_of']);
    if (!q.ok) return send(req, res, q.response);
    let expression: string | undefined;
    let asOf: number | undefined;
    try {
      expression = readExpression(q.search);
      asOf = takeAsOf(new URLSearchParams(q.search), deps.clock.now());
    } catch (e) {
      return send(req, res, fromError(e));
    }
    const keys = q.search.get('keys');
    const tier = q.search.get('tier');
    if (tier !== null && tier !== 'fast' && tier !== 'slow') {
      return send(req, res, jsonError(400, { violations: [{ field: 'tier', description: 'must be fast or slow' }] }));
    }
    if (tier !== null && keys !== null) {
      return send(
        req,
        res,
        jsonError(400, { violations: [{ field: 'tier', description: 'give either keys or tier, not both' }] }),
      );
    }
    // The credential is checked once up front, so a missing key is one 401 rather than one per entry.
    try {
      res.locals.keyId = (
        await access.authenticateFrom(req.headers, req.socket.remoteAddress, String(res.locals.requestId))
      ).id;
    } catch (e) {
      return send(req, res, fromError(e));
    }
    // HEAD asks for headers only: the answer is never cacheable and its length depends on every
    // operation, so none is run and nothing is spent.
    if (req.method === 'HEAD')
      return send(req, res, {
        status: 200,
        headers: { 'content-type': JSON_TYPE, 'cache-control': NO_STORE },
        body: '',
      });
    const requested = bootstrapNames(
      bootstrap,
      keys !== null ? keys.split(',') : undefined,
      tier === null ? undefined : (tier as 'fast' | 'slow'),
    );
    const result = await runBootstrap(
      opts.dispatch,
      bootstrap,
      requested,
      {
        headers: req.headers,
        requestId: String(res.locals.requestId),
        remoteAddress: req.socket.remoteAddress,
      },
      asOf,
    );
    const { rate } = result;
    // Built for one identified caller from live limits and tiers: never stored by an HTTP cache.
    if (expression === undefined) return send(req, res, json(200, combinedBody(result), NO_STORE, rate));
    // The same expression over the same entries' bytes gives the same projection (or refusal): made once.
    const canonical = canonicalExpression(expression);
    const identity = canonical === undefined ? undefined : combinedIdentity(result);
    const remember = (body: PreparedBody) =>
      identity && projections.set(`${canonical}\u0000${identity.shape}`, identity.etags, body);
    const hit = identity && projections.get(`${canonical}\u0000${identity.shape}`, identity.etags);
    if (hit) deps.metrics.bootstrapProjections.inc({ outcome: 'remembered' });
    if (hit?.refusal) return send(req, res, jsonError(400, hit.refusal));
    if (hit) return send(req, res, projectedAnswer(hit.text, hit.etag, rate));
    deps.metrics.bootstrapProjections.inc({ outcome: 'evaluated' });
    const projected = project(combinedBody(result), expression);
    if (!projected.ok) {
      remember(Object.assign(prepareBody(projected.body, false), { refusal: projected.body }));
      return send(req, res, jsonError(400, projected.body));
    }
    const prepared = prepareBody(projected.value, false);
    remember(prepared);
    send(req, res, projectedAnswer(prepared.text, prepared.etag, rate));
  });

  // --- snapshot history ---------------------------------------------------------------------

  r.get('/api/datasets/:name/versions', route('/api/datasets/:name/versions'), async (req, res) => {
    const q = strictQuery(req, []);
    if (!q.ok) return send(req, res, q.response);
    try {
      res.locals.keyId = (
        await access.authenticateFrom(req.headers, req.socket.remoteAddress, String(res.locals.requestId))
      ).id;
    } catch (e) {
      return send(req, res, fromError(e));
    }
    const name = String(req.params.name);
    if (!allDatasets.some((d) => d.name === name))
      return send(req, res, jsonError(404, { error: `no dataset named ${name}` }));
    const versions = await deps.store.backend.history(name);
    send(req, res, json(200, { versions: versions.map(versionEntry) }, NO_STORE));
  });

  // --- cache purge --------------------------------------------------------------------------

  r.post('/api/cache-purge', route('/api/cache-purge'), async (req, res) => {
    const op = await operator(req, res);
    if (!op.ok) {
      req.resume();
      return send(req, res, op.response);
    }
    let wanted: string[] | undefined;
    const hasBody =
      req.headers['content-type'] !== undefined ||
      (req.headers['content-length'] ?? '0') !== '0' ||
      req.headers['transfer-encoding'] !== undefined;
    if (hasBody) {
      const read = await readJsonBody(req, res, 16 * 1024);
      if (!read.ok) return send(req, res, read.response);
      const body = read.value;
      if (body !== undefined) {
        const names = (body as { datasets?: unknown })?.datasets;
        const known = new Set(allDatasets.map((d) => d.name));
        if (typeof body !== 'object' || body === null || Array.isArray(body)) {
          return send(
            req,
            res,
            jsonError(400, { violations: [{ field: 'body', description: 'expected {"datasets"?: [dataset names]}' }] }),
          );
        }
        const unknown = Object.keys(body).filter((k) => k !== 'datasets');
        if (unknown.length) {
          const violations = unknown.map((field) => ({ field, description: 'unknown field (accepted: datasets)' }));
          return send(req, res, jsonError(400, { violations }));
        }
        if (names !== undefined) {
          if (!Array.isArray(names) || names.some((n) => typeof n !== 'string' || !known.has(n))) {
            return send(
              req,
              res,
              jsonError(400, {
                violations: [
                  { field: 'datasets', description: 'must be a list of dataset names as listed by /api/health' },
                ],
              }),
            );
          }
          wanted = [...new Set(names as string[])];
        }
      }
    }
    const responseEntries = deps.responses.size;
    // Retained versions decoded for `as_of` are dropped too: the next read takes them from the database.
    for (const name of wanted ?? [undefined]) {
      deps.store.changed(name);
      deps.store.purgeHistory(name);
    }
    const datasets = wanted ?? allDatasets.map((d) => d.name);
    deps.logger.info(
      {
        audit: 'cache-purge',
        keyId: op.principal.id,
        requestId: res.locals.requestId,
        datasets: wanted ?? 'all',
        responseEntries,
      },
      'in-memory caches purged',
    );
    send(
      req,
      res,
      json(
        200,
        { purged: { datasets, responseEntries }, purgedAt: new Date(deps.clock.now()).toISOString() },
        NO_STORE,
      ),
    );
  });

  // --- metrics ------------------------------------------------------------------------------

  r.get('/metrics', route('/metrics'), async (req, res) => {
    if (deps.config.METRICS_PUBLIC !== 'true') {
      const op = await operator(req, res);
      if (!op.ok) return send(req, res, op.response);
    }
    try {
      const metas = new Map(deps.store.allMeta().map((m) => [m.dataset, m]));
      const now = deps.clock.now();
      deps.metrics.setSnapshots(allDatasets.map((d) => datasetHealth(d, metas.get(d.name), now)));
    } catch {
      // An unusable database shows up in /readyz; the request and process metrics still export.
    }
    const { contentType, text } = await deps.metrics.exposition();
    send(req, res, { status: 200, headers: { 'content-type': contentType, 'cache-control': NO_STORE }, body: text });
  });

  for (const [p, allow] of [
    ['/healthz', 'GET, HEAD'],
    ['/readyz', 'GET, HEAD'],
    ['/api/health', 'GET, HEAD'],
    ['/api/version', 'GET, HEAD'],
    ['/api/product-catalog', 'GET, HEAD'],
    ['/api/bootstrap', 'GET, HEAD'],
    ['/api/cache-purge', 'POST'],
    ['/api/datasets/:name/versions', 'GET, HEAD'],
    ['/metrics', 'GET, HEAD'],
  ] as const) {
    r.all(p, route(p), methodNotAllowed(allow));
  }
  return r;
}

function presentsKeyHeader(req: Request): boolean {
  return req.headers['x-service-key'] !== undefined || req.headers['x-api-key'] !== undefined;
}

/**
 * Whether another process holds the write lock, so this one cannot record anything (rate counts,
 * idempotency keys): tried with a transaction that takes the lock and is rolled back at once.
 */
function writeLockHeld(sqlite: AppDeps['db']['$client']): string | undefined {
  if (sqlite.inTransaction) return undefined;
  try {
    sqlite.prepare('BEGIN IMMEDIATE').run();
    sqlite.prepare('ROLLBACK').run();
    return undefined;
  } catch (e) {
    if ((e as { code?: string }).code === 'SQLITE_BUSY') return 'database locked by another process (writes wait)';
    throw e;
  }
}

/**
 * Why a write a request made last failed, while that still holds: a failure of the SQLite file is
 * retried with a probe write (run only while one is recorded; it needs a page of space, committed, so
 * a full disk or a lock shows), and is over once that succeeds.
 */
function failedWriteReason(deps: AppDeps): string | undefined {
  const health = storageHealthOf(deps);
  const failure = health.current(deps.clock.now());
  if (!failure) return undefined;
  if (failure.engine === 'sqlite') {
    const probe = probeWrite(deps.db.$client);
    if (!probe) {
      health.noteWrite();
      return undefined;
    }
    return `a write failed: ${probe.what}`;
  }
  return `a write failed: ${failure.what}`;
}

/** A committed write of a few kilobytes that leaves nothing behind; the storage failure it met, if any. */
function probeWrite(sqlite: AppDeps['db']['$client']): StorageFailure | undefined {
  if (sqlite.inTransaction || !sqlite.open) return undefined;
  try {
    sqlite
      .transaction(() => {
        sqlite
          .prepare(
            "INSERT INTO platform_secrets (name, value, created_at) VALUES ('readiness-probe', hex(randomblob(4096)), 0)",
          )
          .run();
        sqlite.prepare("DELETE FROM platform_secrets WHERE name = 'readiness-probe'").run();
      })
      .immediate();
    return undefined;
  } catch (e) {
    return storageFailureOf(e) ?? { kind: 'io', engine: 'sqlite', what: (e as Error).message, retryAfterSeconds: 30 };
  }
}

/**
 * One retained version in the history listing, times in RFC 3339 (UTC, milliseconds) as health
 * writes them: `validFrom` is when it began to be served (what `as_of` compares with), `validUntil`
 * when its successor was published, or for the newest (current) version the latest ingestion that
 * found the same content. `capturedAt` is the time its data describes.
 */
function versionEntry(v: SnapshotVersion) {
  return {
    version: v.version,
    capturedAt: instantText(v.capturedAt),
    fetchedAt: instantText(v.fetchedAt),
    validFrom: instantText(v.validFrom),
    validUntil: instantText(v.validUntil),
    records: v.recordCount,
    contentHash: v.contentHash,
  };
}
