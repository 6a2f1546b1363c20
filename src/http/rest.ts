import { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Request, Response, NextFunction } from 'express';
import type { TRPCError } from '@trpc/server';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import { toWire, type WireHeaders } from '../platform/errors.js';
import { NO_STORE } from '../platform/http-cache.js';
import { createRequestContext, type AppDeps, type RequestContext } from '../trpc/context.js';
import type { AppRouter } from '../trpc/app-router.js';
import { collectOperations, type OperationInfo } from './operations.js';

/** A finished REST answer, before it is written to a socket or folded into a batch result. */
export interface WireResponse {
  status: number;
  headers: WireHeaders;
  body: string;
}

const CONTEXT = Symbol('mds.context');
const ERROR = Symbol('mds.error');
type Carrier = IncomingMessage & { [CONTEXT]?: RequestContext; [ERROR]?: TRPCError; query?: unknown; body?: unknown };

/** The minimum of a ServerResponse the adapter uses; it lets us rewrite the answer before it leaves. */
class CapturedResponse extends EventEmitter {
  statusCode = 200;
  headers: WireHeaders = {};
  body = '';
  writableEnded = false;
  setHeader(name: string, value: string | number | readonly string[]): this {
    this.headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    return this;
  }
  getHeader(name: string): string | undefined {
    return this.headers[name.toLowerCase()];
  }
  end(chunk?: string): this {
    this.body = chunk ?? '';
    this.writableEnded = true;
    this.emit('close');
    return this;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function jsonError(status: number, body: unknown, headers: WireHeaders = {}): WireResponse {
  return { status, headers: { 'content-type': JSON_TYPE, 'cache-control': NO_STORE, ...lower(headers) }, body: JSON.stringify(body) };
}

function lower(headers: WireHeaders): WireHeaders {
  const out: WireHeaders = {};
  for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = v;
  return out;
}

/**
 * The REST face of the router. Paths are matched exactly against the procedures' meta (the adapter's
 * own matching ignores case and trailing slashes), then the trpc-to-openapi handler runs the procedure
 * and this wrapper turns its result into the exact wire body: prepared bytes for a 200, the spec's
 * error shapes otherwise. Express requests and batch sub-operations both come through `execute`.
 */
export class RestGateway {
  readonly operations: Map<string, OperationInfo>;
  private readonly handler: ReturnType<typeof createOpenApiNodeHttpHandler>;

  constructor(
    router: AppRouter,
    private readonly deps: AppDeps,
  ) {
    this.operations = collectOperations(router);
    this.handler = createOpenApiNodeHttpHandler({
      router,
      createContext: ({ req }: { req: Carrier }) => req[CONTEXT]!,
      responseMeta: ({ ctx }: { ctx?: RequestContext }) => ({ headers: ctx?.resHeaders ?? {} }),
      onError: ({ error, req }: { error: TRPCError; req: Carrier }) => {
        (req as Carrier)[ERROR] = error;
      },
      maxBodySize: 256 * 1024,
    } as never);
  }

  /** Which methods a path accepts, or undefined when the path is not an operation. */
  methodsFor(pathname: string): string[] | undefined {
    const op = this.operations.get(pathname);
    return op ? [op.method] : undefined;
  }

  async execute(req: IncomingMessage, opts: { requestId: string; batch?: boolean }): Promise<WireResponse> {
    const carrier = req as Carrier;
    const ctx = createRequestContext(this.deps, {
      transport: 'rest',
      requestId: opts.requestId,
      headers: req.headers,
      url: req.url,
      batch: opts.batch,
      remoteAddress: req.socket?.remoteAddress,
    });
    carrier[CONTEXT] = ctx;
    const captured = new CapturedResponse();
    let unmatched = false;
    await this.handler(carrier as never, captured as never, () => {
      unmatched = true;
    });
    if (unmatched) return jsonError(404, { error: 'not found' });
    const failure = carrier[ERROR];
    if (failure) {
      const wire = toWire(failure);
      if (wire.status >= 500 && wire.body.message === 'Internal server error') {
        this.deps.logger.error({ err: failure.cause ?? failure, requestId: opts.requestId, url: req.url }, 'unhandled error in procedure');
      }
      return jsonError(wire.status, wire.body, { ...ctx.resHeaders, ...wire.headers });
    }
    const prepared = ctx.prepared;
    if (!prepared) {
      // A procedure that bypassed the respond step: still answer, but never cache it.
      return { status: captured.statusCode, headers: { ...captured.headers, 'cache-control': NO_STORE }, body: captured.body };
    }
    return {
      status: 200,
      headers: { ...lower(ctx.resHeaders), 'content-type': JSON_TYPE, etag: prepared.etag, 'cache-control': ctx.cacheControl ?? NO_STORE },
      body: prepared.text,
    };
  }

  /** Express middleware: answers the operations' paths, passes everything else on. */
  middleware() {
    return async (req: Request, res: Response, next: NextFunction) => {
      const op = this.operations.get(req.path);
      if (!op) return next();
      const isHead = req.method === 'HEAD';
      const method = isHead ? 'GET' : req.method;
      if (method !== op.method) {
        const allow = op.method === 'GET' ? 'GET, HEAD' : op.method;
        return send(req, res, jsonError(405, { error: `method ${req.method} not allowed; use ${allow}` }, { allow }));
      }
      req.method = method;
      let out: WireResponse;
      try {
        out = await this.execute(req, { requestId: res.locals.requestId as string });
      } finally {
        req.method = isHead ? 'HEAD' : method;
      }
      send(req, res, out);
    };
  }
}

/** Writes a wire response, answering a matching If-None-Match with 304 and no body. */
export function send(req: Request, res: Response, out: WireResponse): void {
  const etag = out.headers.etag;
  if (out.status === 200 && etag && matchesEtag(req.headers['if-none-match'], etag)) {
    res.status(304);
    res.setHeader('etag', etag);
    if (out.headers['cache-control']) res.setHeader('cache-control', out.headers['cache-control']);
    res.end();
    return;
  }
  res.status(out.status);
  for (const [k, v] of Object.entries(out.headers)) res.setHeader(k, v);
  res.end(out.body);
}

export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export type { IncomingHttpHeaders };
