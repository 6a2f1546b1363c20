import { callTRPCProcedure, getTRPCErrorFromUnknown, type AnyTRPCRouter, type TRPCError } from '@trpc/server';
import { cacheControlFor } from '../platform/http-cache.js';
import { decodeQuery, inputShape, unknownParams } from '../platform/query-params.js';
import { ServiceError, toWire, violationsFromZod } from '../platform/errors.js';
import { noteStorageFailure } from '../platform/storage-failure.js';
import { noteRead, noteReads } from '../platform/snapshots/data-time.js';
import { unknownFields } from '../platform/unknown-fields.js';
import { requestedExport, rowsFieldOf, type ExportFormat } from './export.js';
import type { z } from 'zod';
import type { PreparedBody } from '../platform/response-cache.js';
import { createRequestContext, type AppDeps, type RequestContext } from '../trpc/context.js';
import { admit, checkBilling, checkTier } from '../trpc/access.js';
import { answerKey, cachedAnswer, datasetVersions, readExpression, serialiseAnswer } from './answer.js';
import { collectOperations, type OperationInfo } from './operations.js';
import { procedureEntry } from './procedure-table.js';
import { enterHistory, mementoDatetime, takeAsOf, withHistory } from './as-of.js';
import { JSON_TYPE, jsonError, lowerCaseHeaders, type RestCall, type WireResponse } from './wire.js';

/** An input schema, as far as the REST lane checks decoded query parameters against it. */
type ParameterSchema = { safeParse?: (v: unknown) => { success: boolean; error?: z.ZodError } };

interface Route extends OperationInfo {
  type: 'query' | 'mutation';
  /** The procedure's input schema: undecodable parameters are reported with every other bad one. */
  input?: ParameterSchema;
  /** Fields of the input schema: how query strings decode into typed values. */
  shape?: ReturnType<typeof inputShape>;
  /** The query parameters a GET accepts (the fields of its input). */
  known: string[];
  /** A list operation's rows field (export.ts): it answers CSV and NDJSON too. */
  rowsField?: string;
  /** The names of a templated path's `{parameters}`, in order. */
  pathParams?: string[];
}

/** A path with `{parameters}` (`/api/v2/shipping/webhooks/{subscriberId}`): matched segment by segment. */
interface Template {
  segments: string[];
  methods: Map<string, Route>;
}

/** A path segment's value: one non-empty segment, percent-decoded (an undecodable one matches nothing). */
function segmentValue(raw: string): string | undefined {
  if (raw === '') return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
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
 * trpc-to-openapi meta and are matched exactly. Admission (credential, entitlement, tier, rate
 * limit) comes first, the same step the procedure chain runs for native tRPC calls (and then skips
 * here); then the serialised-response cache; on a miss the procedure is called through tRPC's
 * public `callTRPCProcedure` (input validation, handler, output validation) and its return value
 * becomes the answer: projected, serialised once and remembered (./answer.ts). This replaces the
 * adapter's per-request work (a fetch Request, an AbortController, a regex scan and a caller proxy
 * per call), which on its own cost more than serving the cached bytes.
 */
export class RestDispatcher {
  /** Operations by exact path, then by method (a path may carry a GET and a POST). */
  readonly routes = new Map<string, Map<string, Route>>();
  /** Operations whose path has `{parameters}`; an exact path wins over them. */
  private readonly templates: Template[] = [];

  constructor(
    private readonly router: AnyTRPCRouter,
    private readonly deps: AppDeps,
  ) {
    for (const op of collectOperations(router).values()) {
      const entry = procedureEntry(router, op.procedure)!;
      const segments = op.path.split('/');
      const pathParams = segments.filter((p) => /^\{\w+\}$/.test(p)).map((p) => p.slice(1, -1));
      let methods: Map<string, Route> | undefined;
      if (pathParams.length > 0) {
        const same = this.templates.find((t) => t.segments.join('/') === op.path);
        methods = same?.methods;
        if (!methods) this.templates.push({ segments, methods: (methods = new Map()) });
      } else {
        methods = this.routes.get(op.path);
        if (!methods) this.routes.set(op.path, (methods = new Map()));
      }
      const shape = inputShape(entry.input);
      const query = op.method === 'GET' || op.method === 'DELETE';
      methods.set(op.method, {
        ...op,
        type: entry.type === 'mutation' ? 'mutation' : 'query',
        input: entry.input as ParameterSchema | undefined,
        shape,
        // A path parameter comes from the path only, never from the query string.
        known: query && shape ? Object.keys(shape).filter((k) => !pathParams.includes(k)) : [],
        rowsField: op.method === 'GET' ? rowsFieldOf(entry.output) : undefined,
        ...(pathParams.length > 0 ? { pathParams } : {}),
      });
    }
  }

  private readonly dispatchBound = (call: RestCall) => this.dispatch(call);

  /** The operation at a path for a method; without a method, whether anything lives at the path. */
  route(pathname: string, method?: string): Route | undefined {
    const methods = this.methodsAt(pathname)?.methods;
    if (!methods) return undefined;
    return method === undefined ? methods.values().next().value : methods.get(method);
  }

  /** The operations at a path: its exact entry, else the first template it fills (with the parameters' values). */
  private methodsAt(pathname: string): { methods: Map<string, Route>; params?: Record<string, string> } | undefined {
    const exact = this.routes.get(pathname);
    if (exact) return { methods: exact };
    if (this.templates.length === 0) return undefined;
    const parts = pathname.split('/');
    for (const t of this.templates) {
      if (t.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < parts.length && ok; i++) {
        const seg = t.segments[i];
        if (seg.startsWith('{')) {
          const value = segmentValue(parts[i]);
          if (value === undefined) ok = false;
          else params[seg.slice(1, -1)] = value;
        } else ok = seg === parts[i];
      }
      if (ok) return { methods: t.methods, params };
    }
    return undefined;
  }

  async dispatch(call: RestCall): Promise<WireResponse> {
    const q = call.url.indexOf('?');
    const pathname = q >= 0 ? call.url.slice(0, q) : call.url;
    const found = this.methodsAt(pathname);
    if (!found) return jsonError(404, { error: `no operation at ${pathname}` });
    const { methods, params } = found;
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
    let prepared: PreparedBody;
    let format: ExportFormat | undefined;
    try {
      ({ prepared, format } = await this.answer(route, ctx, call, params));
    } catch (cause) {
      if (ctx.principal) call.onPrincipal?.(ctx.principal.id);
      const error: TRPCError = getTRPCErrorFromUnknown(cause);
      const wire = toWire(error);
      noteStorageFailure(this.deps, error);
      if (wire.status >= 500 && wire.body.message === 'Internal server error') {
        this.deps.logger.error(
          { err: error.cause ?? error, requestId: call.requestId, path: pathname },
          'unhandled error in procedure',
        );
      }
      return jsonError(wire.status, wire.body, { ...ctx.resHeaders, ...wire.headers });
    }
    if (ctx.principal) call.onPrincipal?.(ctx.principal.id);
    // An answer given to an identified caller is theirs alone: shared caches must not keep it.
    const cacheControl = cacheControlFor(
      route.meta.cacheTier ?? 'no-store',
      prepared.degraded,
      ctx.principal !== undefined,
    );
    return {
      status: route.meta.successStatus ?? 200,
      headers: {
        ...lowerCaseHeaders(ctx.resHeaders),
        'content-type': JSON_TYPE,
        etag: prepared.etag,
        'cache-control': cacheControl,
        ...(prepared.lastModified ? { 'last-modified': new Date(prepared.lastModified).toUTCString() } : {}),
      },
      // Decoded only by a caller that wants text; sockets and batches take the bytes.
      get body() {
        return prepared.text;
      },
      prepared,
      ...(route.rowsField !== undefined
        ? { list: { rowsField: route.rowsField, format, name: pathname.slice(pathname.lastIndexOf('/') + 1) } }
        : {}),
    };
  }

  /** Admission, then the remembered answer or the procedure's own, serialised. */
  private async answer(
    route: Route,
    ctx: RequestContext,
    call: RestCall,
    params?: Record<string, string>,
  ): Promise<{ prepared: PreparedBody; format?: ExportFormat }> {
    // Admission before anything else, and before the cache: an unidentified or over-limit caller
    // never reaches a remembered answer. The procedure chain then knows not to admit again.
    if (call.evaluatedFor) {
      // An in-process evaluation (a stream's subscription, a watch rule) for a caller already admitted.
      ctx.principal = call.evaluatedFor;
      checkBilling(ctx, route.meta);
      checkTier(ctx, route.meta);
    } else {
      const admitted = admit(ctx, route.meta);
      if (admitted) await admitted;
    }
    ctx.admitted = true;
    const expression = readExpression(ctx.search);
    // The JSON answer is made (and remembered) as always; an export is written from it by the lane.
    const accept = Array.isArray(call.headers.accept) ? call.headers.accept.join(',') : call.headers.accept;
    const format =
      route.method === 'GET' ? requestedExport(ctx.search, accept, route.rowsField, call.batch) : undefined;
    // `as_of`: the operation runs on the store as it was then (as-of.ts), remembered under its own key.
    const instant = route.method === 'GET' ? takeAsOf(ctx.search, this.deps.clock.now()) : undefined;
    const history = instant === undefined ? undefined : await enterHistory(ctx, route.meta, instant);
    // Said on the answer only (a refusal is nobody's past state).
    const answered = (prepared: PreparedBody) => {
      if (history) ctx.resHeaders['Memento-Datetime'] = mementoDatetime(history.memento(route.meta.datasets ?? []));
      return { prepared, format };
    };
    const current = answerKey(ctx, route.procedure, route.meta);
    const versions = current === undefined ? '' : datasetVersions(ctx, route.meta);
    const key = history && current !== undefined ? `${current}\u0000as_of:${versions}` : current;
    if (key !== undefined) {
      const hit = cachedAnswer(ctx, key, versions);
      if (hit) {
        // A remembered answer inside another (bootstrap, batch) still dates the outer one.
        if (hit.lastModified) noteRead({ capturedAt: hit.lastModified });
        return answered(hit);
      }
    }
    // Every snapshot the procedure reads is noted: the newest capture among them is the Last-Modified.
    const { value, reads } = await noteReads(() =>
      withHistory(history, () =>
        callTRPCProcedure({
          router: this.router,
          path: route.procedure,
          type: route.type,
          ctx,
          // Read by the procedure's input step.
          getRawInput: async () => rawInput(route, ctx, call, params),
          signal: undefined,
          batchIndex: 0,
        }),
      ),
    );
    return answered(await serialiseAnswer(ctx, value as unknown, expression, key, versions, reads.newest));
  }
}

/** A call's input: a POST's body, or the query string decoded by the input's fields (every bad parameter named at once). */
function rawInput(route: Route, ctx: RequestContext, call: RestCall, params?: Record<string, string>): unknown {
  const unknown = unknownParams(ctx.search, route.known);
  if (route.method === 'POST') {
    // A body field the input does not declare is refused by name, as a query parameter is (zod would drop it).
    const extra = unknownFields(route.input, call.body);
    if (unknown.length || extra.length) throw ServiceError.validation([...unknown, ...extra]);
    // The path's parameters win over a body field of the same name.
    return params ? { ...(isPlainObject(call.body) ? call.body : {}), ...params } : call.body;
  }
  const decoded = decodeQuery({ ...queryInput(ctx.search), ...params }, route.shape);
  if (decoded.violations.length || unknown.length) {
    // A mistyped name usually also leaves a required parameter missing: say both at once.
    // The parameters that did decode are checked too, so every bad one is named, not only the undecodable.
    const parsed = route.input?.safeParse?.(decoded.input);
    const reported = new Set(decoded.violations.map((v) => v.field));
    const more =
      parsed && !parsed.success && parsed.error
        ? violationsFromZod(parsed.error).filter((v) => !reported.has(v.field))
        : [];
    throw ServiceError.validation([...unknown, ...decoded.violations, ...more]);
  }
  return decoded.input;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
