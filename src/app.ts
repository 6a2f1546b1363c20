import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express, { type Request, type Response, type NextFunction } from 'express';
import compression from 'compression';
import { randomUUID } from 'node:crypto';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { appRouter as defaultRouter, type AppRouter } from './root/app-router.js';
import { createRequestContext, type AppDeps } from './trpc/context.js';
import { RestGateway, send } from './http/rest.js';
import { jsonError } from './http/wire.js';
import { bodyLimit, MAX_BODY_BYTES } from './http/body.js';
import { applyCors, corsMiddleware } from './http/cors.js';
import { sessionRouter } from './http/session.js';
import { AccessControl, accessOf, API_KEY_REQUIRED } from './platform/auth/access.js';
import { errorBody, ServiceError, toWire } from './platform/errors.js';
import { noteStorageFailure, storageFailureOf, storageFailureWire } from './platform/storage-failure.js';
import { buildOpenApiDocument, documentServices, serviceDocument, toYaml } from './http/openapi.js';
import { VERSION } from './version.js';
import { MAX_OPERATIONS } from './platform/batch/execute.js';
import { Lifecycle, platformRouter } from './http/platform-routes.js';
import type { BootstrapTable } from './http/bootstrap.js';
import type { AnyDataset } from './platform/snapshots/dataset.js';
import { ALL_DATASETS } from './root/datasets.js';
import { BOOTSTRAP_OPERATIONS } from './services/infrastructure/bootstrap/operations.js';
import { watchesOf } from './services/watch/index.js';
import { streamHubOf } from './platform/stream/hub.js';
import { docsRouter } from './http/docs.js';
import { attachStreams, STREAM_PATH, type StreamService } from './http/stream.js';
import type { RequestContext } from './trpc/context.js';
import { operationTools } from './mcp/catalogue.js';
import { datasetsResource } from './mcp/datasets.js';
import { mcpRouter } from './mcp/http.js';
import type { McpSurface } from './mcp/server.js';
import { MCP_PROMPTS, MCP_RESOURCES } from './root/mcp.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Versioned service paths: all of them need a credential, including ones that do not exist. */
const SERVICE_PATH = /^\/api\/[^/]+\/v\d+(\/|$)/;

export interface BuiltApp {
  /** The request listener to serve: the operations' lane in front of `app`. */
  handler: RequestListener;
  /** Everything that is not an operation: documents, docs, platform endpoints, /trpc, sessions. */
  app: express.Express;
  gateway: RestGateway;
  /** Readiness state; `mds serve` flips it when shutdown begins. */
  lifecycle: Lifecycle;
  /** The MCP tools, resources and prompts (served at /mcp, and over stdio by `mds mcp`). */
  mcp: McpSurface;
  /** The event streams (GET /api/stream, the tRPC subscription); `mds serve` ends them on shutdown. */
  streams: StreamService;
}

/**
 * The route template a request is counted and logged under: never the raw URL, so random paths
 * cannot grow the metrics' label space. The REST gateway and the platform routes set it themselves.
 */
function routeTemplate(req: Request, res: Response): string {
  if (typeof res.locals.route === 'string') return res.locals.route;
  const path = req.originalUrl.split('?')[0];
  if (path === '/trpc' || path.startsWith('/trpc/')) return '/trpc';
  if (path.startsWith('/docs/')) return '/docs/*';
  const matched = (req as { route?: { path?: unknown } }).route?.path;
  return typeof matched === 'string' ? matched : 'unmatched';
}

/** What the app serves; the composition root's defaults name every service, nothing below it does. */
export interface AppServices {
  /** Tests may serve an extended router (say, with a deliberately slow operation); production uses appRouter. */
  router?: AppRouter;
  /** Every dataset the services serve (health, cache purge, metrics). */
  datasets?: readonly AnyDataset[];
  /** The first-paint entries of GET /api/bootstrap. */
  bootstrap?: BootstrapTable;
}

/** The express application without a listening socket; tests and `mds serve` both build it here. */
export function buildApp(deps: AppDeps, opts: AppServices = {}): BuiltApp {
  const appRouter = opts.router ?? defaultRouter;
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');

  const gateway = new RestGateway(appRouter, deps);
  // Watch rules ask their operations through this very lane, on every snapshot swap.
  watchesOf(deps).start((call) => gateway.dispatch(call));
  // A rule that fires is also an event on its account's streams (`/api/stream?watches=<rule ids>`).
  watchesOf(deps).onFire((firing) =>
    streamHubOf(deps).publish(firing.accountId, { kind: 'watch', id: firing.ruleId, event: 'watch', data: firing }),
  );
  const lifecycle = new Lifecycle();
  const streams = attachStreams(deps, gateway.dispatcher);
  const document = buildOpenApiDocument(appRouter, VERSION);
  const documentYaml = toYaml(document);
  const documentJson = JSON.stringify(document);
  const datasets = opts.datasets ?? ALL_DATASETS;
  // Every routed operation as a tool, from the same procedure table the REST lane routes by.
  const mcp: McpSurface = {
    tools: operationTools(appRouter),
    resources: [datasetsResource(deps, datasets), ...MCP_RESOURCES],
    prompts: MCP_PROMPTS,
  };

  /** What every answer carries and every request leaves behind (access log line, metrics), in both lanes. */
  const begin = (
    req: IncomingMessage,
    res: ServerResponse,
    routeOf: () => string,
    keyIdOf: () => string | undefined,
  ): string => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('x-request-id', id);
    // Every answer is JSON, YAML or a docs asset with its declared type: browsers must not guess another.
    res.setHeader('x-content-type-options', 'nosniff');
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf();
      deps.metrics.observeRequest(route, req.method!, res.statusCode, seconds);
      deps.logger.info(
        {
          requestId: id,
          method: req.method,
          route,
          status: res.statusCode,
          durationMs: Math.round(seconds * 1e4) / 10,
          keyId: keyIdOf() ?? null,
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
    });
    return id;
  };

  app.use((req: Request, res: Response, next: NextFunction) => {
    res.locals.requestId = begin(
      req,
      res,
      () => routeTemplate(req, res),
      () =>
        (res.locals.keyId as string | undefined) ??
        (res.locals.trpcContext as RequestContext | undefined)?.principal?.id,
    );
    // An answer written during shutdown closes its connection, even for a request that arrived before,
    // so keep-alive clients reconnect to another instance.
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      if (lifecycle.shuttingDown && !this.headersSent) this.setHeader('connection', 'close');
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as typeof res.writeHead;
    next();
  });

  const origins = deps.config.CORS_ALLOWED_ORIGINS;
  const production = deps.config.NODE_ENV === 'production';
  app.use(corsMiddleware(origins, production));
  // Every body any route below reads (/trpc, sessions, platform routes, later ones) is read here first,
  // under the REST lane's limit: past it a 413 before any route runs, and never more than the limit kept.
  app.use(bodyLimit());
  // MCP before compression: its event streams go out as they are written.
  app.use(mcpRouter(deps, mcp, (call) => gateway.dispatch(call)));
  // Operations never get here (their lane answers them, with pre-compressed variants made once per
  // cached body); this compresses the rest: documents, docs assets, platform endpoints.
  app.use(compression({ threshold: deps.config.COMPRESSION_THRESHOLD_BYTES }));

  app.get('/openapi.yaml', (_req, res) => {
    res.type('application/yaml').setHeader('cache-control', 'public, max-age=300').send(documentYaml);
  });
  app.get('/openapi.json', (_req, res) => {
    res.type('application/json').setHeader('cache-control', 'public, max-age=300').send(documentJson);
  });
  // One document per service, cut from the whole one when first asked for (the /docs page loads these).
  const services = documentServices(document);
  const serviceJson = new Map<string, string>();
  app.get('/openapi/:file', (req, res, next) => {
    const service = /^(.+)\.json$/.exec(req.params.file)?.[1];
    if (!service || !services.includes(service)) return next();
    let json = serviceJson.get(service);
    if (json === undefined) serviceJson.set(service, (json = JSON.stringify(serviceDocument(document, service))));
    res.type('application/json').setHeader('cache-control', 'public, max-age=300').send(json);
  });

  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      // bodyLimit() has read the body already; should anything reach tRPC unread, the same limit holds.
      maxBodySize: MAX_BODY_BYTES,
      createContext: ({ req, res }) => {
        const ctx = createRequestContext(deps, {
          transport: 'trpc',
          requestId: String(res.locals.requestId),
          headers: req.headers,
          remoteAddress: req.socket.remoteAddress,
        });
        ctx.dispatch = (call) => gateway.dispatch(call);
        ctx.batchBudget = { remaining: MAX_OPERATIONS };
        // Read back by the request log for the caller's key id.
        res.locals.trpcContext = ctx;
        return ctx;
      },
      onError: ({ error }) => noteStorageFailure(deps, error),
      // Same rate-limit and refusal headers as REST; a refusal is never cacheable.
      responseMeta: ({ ctx, errors }) => {
        const headers: Record<string, string> = { ...(ctx?.resHeaders ?? {}) };
        // toWire gives a ServiceError's headers, and Retry-After for storage that is unavailable.
        for (const e of errors) Object.assign(headers, toWire(e).headers);
        if (errors.length) headers['cache-control'] = 'no-store';
        return { headers };
      },
    }),
  );

  app.use(
    platformRouter(deps, {
      dispatch: (call) => gateway.dispatch(call),
      lifecycle,
      datasets,
      bootstrap: opts.bootstrap ?? BOOTSTRAP_OPERATIONS,
    }),
  );
  app.use(docsRouter(services));
  app.use(sessionRouter(deps));

  // Without a credential, an unknown service path is refused like a known one: no route inventory for anonymous callers.
  app.use(async (req: Request, res: Response, next: NextFunction) => {
    if (SERVICE_PATH.test(req.path) && !AccessControl.presentsCredential(req.headers)) {
      try {
        // Counted like every refused credential, per client address (429 past the anonymous limit).
        await accessOf(deps).authenticateFrom(req.headers, req.socket.remoteAddress, String(res.locals.requestId));
      } catch (e) {
        if (e instanceof ServiceError) return send(req, res, jsonError(e.status, e.body, e.headers));
        throw e;
      }
      return send(req, res, jsonError(401, { error: API_KEY_REQUIRED }));
    }
    next();
  });

  // Anything else under /api (or anywhere) is a JSON 404, never express's HTML page.
  app.use((req: Request, res: Response) => {
    send(req, res, jsonError(404, { error: `no operation at ${req.method} ${req.path}` }));
  });

  // Express only reaches this for failures outside the procedures (a body parser, a bug here).
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (answerStorageFailure(deps, err, req, res)) return;
    const status = typeof (err as { status?: unknown }).status === 'number' ? (err as { status: number }).status : 500;
    if (status >= 500) deps.logger.error({ err, requestId: res.locals.requestId }, 'unhandled error');
    if (res.headersSent) return void res.end();
    const wireStatus = status >= 400 && status < 600 ? status : 500;
    const text = wireStatus >= 500 ? 'Internal server error' : ((err as Error).message ?? 'bad request');
    send(req, res, jsonError(wireStatus, errorBody(wireStatus, text, 'request')));
  });

  accessOf(deps).limiter.observer = (policy, outcome) => deps.metrics.observeRateLimit(policy, outcome);

  /**
   * The operations' lane: an exact operation path goes straight to the REST gateway, which runs
   * admission (credential, entitlement, tier, rate limit), the response cache and the procedure chain
   * (validation, handler). Express's routing and per-request objects cost more than serving the
   * cached bytes, so only the other routes pay for them.
   */
  const handler: RequestListener = (req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q >= 0 ? url.slice(0, q) : url;
    // The event stream takes the operations' lane too: express's compression would hold its events back.
    if (path === STREAM_PATH) {
      let streamKey: string | undefined;
      const id = begin(
        req,
        res,
        () => STREAM_PATH,
        () => streamKey,
      );
      if (applyCors(req, res, path, origins, production)) return;
      void streams.handle(req, res, id, (key) => (streamKey = key));
      return;
    }
    if (!gateway.dispatcher.route(path)) return void app(req, res);
    let keyId: string | undefined;
    const requestId = begin(
      req,
      res,
      () => path,
      () => keyId,
    );
    if (applyCors(req, res, path, origins, production)) return;
    gateway
      .handle(req, res, path, requestId, (id) => (keyId = id), lifecycle)
      .catch((err: unknown) => {
        if (answerStorageFailure(deps, err, req, res)) return;
        deps.logger.error({ err, requestId }, 'unhandled error');
        if (res.headersSent) return void res.end();
        send(req, res, jsonError(500, { message: 'Internal server error' }));
      });
  };

  return { handler, app, gateway, lifecycle, mcp, streams };
}

/** Answers a failure outside the procedures that a locked, full or unreachable database caused: 503, noted for /readyz. */
function answerStorageFailure(deps: AppDeps, err: unknown, req: IncomingMessage, res: ServerResponse): boolean {
  const failure = storageFailureOf(err);
  if (!failure) return false;
  noteStorageFailure(deps, err);
  if (res.headersSent) res.end();
  else {
    const wire = storageFailureWire(failure);
    send(req, res, jsonError(wire.status, wire.body, wire.headers));
  }
  return true;
}
