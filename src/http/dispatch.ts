import type { IncomingHttpHeaders } from 'node:http';
import type { AnyTRPCRouter, TRPCError } from '@trpc/server';
import { getTRPCErrorFromUnknown } from '@trpc/server/unstable-core-do-not-import';
import { toWire, type WireHeaders } from '../platform/errors.js';
import { NO_STORE } from '../platform/http-cache.js';
import { decodeQuery, inputShape, unknownParams } from '../platform/query-params.js';
import { ServiceError, violationsFromZod } from '../platform/errors.js';
import type { z } from 'zod';
import type { PreparedBody } from '../platform/response-cache.js';
import { createRequestContext, type AppDeps } from '../trpc/context.js';
import { collectOperations, type OperationInfo } from './operations.js';

/** A finished REST answer, before it is written to a socket or folded into a batch result. */
export interface WireResponse {
  status: number;
  headers: WireHeaders;
  body: string;
  /** The serialised body behind a 200, with its bytes and compressed variants made once. */
  prepared?: PreparedBody;
}

/** One REST call as the dispatcher sees it, whether it came from a socket or from a batch. */
export interface RestCall {
  method: string;
  /** Path and query string, exactly as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body of a POST. */
  body?: unknown;
  requestId: string;
  remoteAddress?: string;
  batch?: boolean;
  /** Told who the caller turned out to be (key id), for the access log. */
  onPrincipal?: (id: string) => void;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function jsonError(status: number, body: unknown, headers: WireHeaders = {}): WireResponse {
  return { status, headers: { 'content-type': JSON_TYPE, 'cache-control': NO_STORE, ...lower(headers) }, body: JSON.stringify(body) };
}

function lower(headers: WireHeaders): WireHeaders {
  const out: WireHeaders = {};
  for (const k in headers) out[k.toLowerCase()] = headers[k];
  return out;
}

type CallableProcedure = ((opts: unknown) => Promise<unknown>) & { _def: { type: string; inputs?: unknown[] } };

interface Route extends OperationInfo {
  call: CallableProcedure;
  type: 'query' | 'mutation';
  /** Fields of the input schema: how query strings decode into typed values. */
  shape?: ReturnType<typeof inputShape>;
}

/**
 * Query string -> procedure input: one value stays a string, a repeated key becomes an array,
 * empty values count as absent. Decoding into numbers and booleans is the schemas' job.
 */
export function queryInput(search: URLSearchParams): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of search) {
    if (value === '') continue;
    const prev = input[key];
    if (prev === undefined) input[key] = value;
    else if (Array.isArray(prev)) prev.push(value);
    else input[key] = [prev, value];
  }
  return input;
}

/**
 * Runs REST calls through the router's procedures. Paths come from each procedure's
 * trpc-to-openapi meta and are matched exactly; the call goes through the procedure's full
 * middleware chain (credential, limits, validation, projection) as tRPC itself would run it.
 * This replaces the adapter's per-request work (a fetch Request, an AbortController, a regex scan
 * and a caller proxy per call), which on its own cost more than serving the cached bytes.
 */
export class RestDispatcher {
  /** Operations by exact path, then by method (a path may carry a GET and a POST). */
  readonly routes = new Map<string, Map<string, Route>>();

  constructor(
    router: AnyTRPCRouter,
    private readonly deps: AppDeps,
  ) {
    const procedures = router._def.procedures as Record<string, CallableProcedure>;
    for (const op of collectOperations(router).values()) {
      const call = procedures[op.procedure];
      let methods = this.routes.get(op.path);
      if (!methods) this.routes.set(op.path, (methods = new Map()));
      methods.set(op.method, { ...op, call, type: call._def.type === 'mutation' ? 'mutation' : 'query', shape: inputShape(call._def.inputs?.[0]) });
    }
  }

  private readonly dispatchBound = (call: RestCall) => this.dispatch(call);

  /** The operation at a path for a method; without a method, whether anything lives at the path. */
  route(pathname: string, method?: string): Route | undefined {
    const methods = this.routes.get(pathname);
    if (!methods) return undefined;
    return method === undefined ? methods.values().next().value : methods.get(method);
  }

  async dispatch(call: RestCall): Promise<WireResponse> {
    const q = call.url.indexOf('?');
    const pathname = q >= 0 ? call.url.slice(0, q) : call.url;
    const methods = this.routes.get(pathname);
    if (!methods) return jsonError(404, { error: `no operation at ${pathname}` });
    const route = methods.get(call.method);
    if (!route) {
      const allow = [...methods.keys()].map((m) => (m === 'GET' ? 'GET, HEAD' : m)).join(', ');
      return jsonError(405, { error: `method ${call.method} not allowed; use ${allow}` }, { allow });
    }
    const ctx = createRequestContext(this.deps, {
      transport: 'rest',
      requestId: call.requestId,
      headers: call.headers,
      url: call.url,
      batch: call.batch,
      remoteAddress: call.remoteAddress,
    });
    ctx.dispatch = this.dispatchBound;
    // Read by the procedure's input step, after the credential and rate-limit steps have run.
    const getRawInput = async () => {
      const unknown = unknownParams(ctx.search, route.method === 'GET' && route.shape ? Object.keys(route.shape) : []);
      if (route.method !== 'GET') {
        if (unknown.length) throw ServiceError.validation(unknown);
        return call.body;
      }
      const decoded = decodeQuery(queryInput(ctx.search), route.shape);
      if (decoded.violations.length || unknown.length) {
        // A mistyped name usually also leaves a required parameter missing: say both at once.
        const schema = route.call._def.inputs?.[0] as { safeParse?: (v: unknown) => { success: boolean; error?: z.ZodError } } | undefined;
        // The parameters that did decode are checked too, so every bad one is named, not only the undecodable.
        const parsed = schema?.safeParse?.(decoded.input);
        const reported = new Set(decoded.violations.map((v) => v.field));
        const more = parsed && !parsed.success && parsed.error ? violationsFromZod(parsed.error).filter((v) => !reported.has(v.field)) : [];
        throw ServiceError.validation([...unknown, ...decoded.violations, ...more]);
      }
      return decoded.input;
    };
    try {
      await route.call({ ctx, path: route.procedure, type: route.type, getRawInput, input: undefined, signal: undefined });
    } catch (cause) {
      if (ctx.principal) call.onPrincipal?.(ctx.principal.id);
      const error: TRPCError = getTRPCErrorFromUnknown(cause);
      const wire = toWire(error);
      if (wire.status >= 500 && wire.body.message === 'Internal server error') {
        this.deps.logger.error({ err: error.cause ?? error, requestId: call.requestId, path: pathname }, 'unhandled error in procedure');
      }
      return jsonError(wire.status, wire.body, { ...ctx.resHeaders, ...wire.headers });
    }
    if (ctx.principal) call.onPrincipal?.(ctx.principal.id);
    const prepared = ctx.prepared;
    if (!prepared) {
      this.deps.logger.error({ path: pathname }, 'procedure finished without the respond step');
      return jsonError(500, { message: 'Internal server error' });
    }
    return {
      status: route.meta.successStatus ?? 200,
      headers: { ...lower(ctx.resHeaders), 'content-type': JSON_TYPE, etag: prepared.etag, 'cache-control': ctx.cacheControl ?? NO_STORE },
      // Decoded only by a caller that wants text; sockets and batches take the bytes.
      get body() {
        return prepared.text;
      },
      prepared,
    };
  }
}
