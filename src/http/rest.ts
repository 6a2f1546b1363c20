import type { Request, Response, NextFunction } from 'express';
import type { AnyTRPCRouter } from '@trpc/server';
import type { AppDeps } from '../trpc/context.js';
import { readJsonBody } from './body.js';
import { jsonError, RestDispatcher, type RestCall, type WireResponse } from './dispatch.js';

export { jsonError, type WireResponse } from './dispatch.js';

/**
 * The REST face of the router: answers the operations' paths (exact match against each procedure's
 * trpc-to-openapi meta) and hands everything else on. Batch sub-operations and the bootstrap
 * endpoint use `dispatch` directly, so they run through the very same pipeline without a socket.
 */
export class RestGateway {
  readonly dispatcher: RestDispatcher;

  constructor(router: AnyTRPCRouter, deps: AppDeps) {
    this.dispatcher = new RestDispatcher(router, deps);
  }

  /** The REST operations, keyed by exact path. */
  get operations() {
    return this.dispatcher.routes;
  }

  dispatch(call: RestCall): Promise<WireResponse> {
    return this.dispatcher.dispatch(call);
  }

  middleware() {
    return async (req: Request, res: Response, next: NextFunction) => {
      const route = this.dispatcher.route(req.path);
      if (!route) return next();
      res.locals.route = route.path;
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      let body: unknown;
      if (method === 'POST' && route.method === 'POST') {
        const read = await readJsonBody(req);
        if (!read.ok) return send(req, res, read.response);
        body = read.value;
      }
      const out = await this.dispatcher.dispatch({
        method,
        url: req.url,
        headers: req.headers,
        body,
        requestId: res.locals.requestId as string,
        remoteAddress: req.socket.remoteAddress,
        onPrincipal: (id) => (res.locals.keyId = id),
      });
      send(req, res, out);
    };
  }
}

/**
 * Writes a wire response. A 200 whose ETag the client already holds becomes a 304 with no body;
 * HEAD gets the headers only (Node drops the body of a HEAD answer itself).
 */
export function send(req: Request, res: Response, out: WireResponse): void {
  const etag = out.headers.etag;
  if (out.status === 200 && etag && matchesEtag(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    for (const [k, v] of Object.entries(out.headers)) if (k !== 'content-type' && k !== 'content-length') res.setHeader(k, v);
    res.end();
    return;
  }
  res.statusCode = out.status;
  for (const [k, v] of Object.entries(out.headers)) res.setHeader(k, v);
  res.end(out.body);
}

/** Weak comparison (RFC 9110): `W/` prefixes are ignored; `*` matches any current representation. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
