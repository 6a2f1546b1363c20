import { ServiceError } from '../platform/errors.js';
import { isDegraded } from '../platform/http-cache.js';
import { canonicalExpression, project } from '../platform/jmespath.js';
import { normaliseQuery, prepareBody, type PreparedBody } from '../platform/response-cache.js';
import type { RequestContext } from '../trpc/context.js';
import type { ProcedureMeta } from '../trpc/init.js';

/*
 * The REST lane's steps around a procedure call, after admission: the serialised-response cache,
 * then (on a miss) the procedure's return value projected by `jmespath`, serialised once and
 * remembered. Native tRPC calls never come here: they receive the typed value.
 */

/** The `jmespath` parameter: absent or empty means no projection; a repeated key is refused. */
export function readExpression(search: URLSearchParams): string | undefined {
  const all = search.getAll('jmespath');
  if (all.length > 1) throw ServiceError.validation([{ field: 'jmespath', description: 'value must not be repeated' }]);
  return all[0] ? all[0] : undefined;
}

let lastTurn: Promise<void> = Promise.resolve();

/**
 * Each evaluation is bounded (a few ms of CPU at most), but twenty of them in one batch would run
 * back to back in one turn of the event loop. Evaluations take turns instead, one per loop
 * iteration, so probes and other requests get in between.
 */
function projectionTurn(): Promise<void> {
  const turn = lastTurn.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
  lastTurn = turn;
  return turn;
}

/**
 * Where one call's answer is remembered: the procedure and normalised query, valid for the versions
 * of the datasets it is derived from. Undefined when it is derived from none (never cached).
 */
export function answerKey(ctx: RequestContext, procedure: string, meta: ProcedureMeta): string | undefined {
  if (!meta.datasets?.length) return undefined;
  // The export format is how the answer is written, not what it is: every format shares the JSON answer.
  let search = ctx.search;
  if (search.has('format')) {
    search = new URLSearchParams(search);
    search.delete('format');
  }
  return `${procedure}?${normaliseQuery(search, projectionKey)}`;
}

/**
 * A projection is remembered by its parsed expression, so whitespace and quoting variants share one
 * entry (and one evaluation); an expression that does not parse keeps its own text. The two forms
 * are told apart by their prefix, so no text can pose as another expression's parsed form.
 */
function projectionKey(name: string, value: string): string {
  if (name !== 'jmespath') return value;
  const canonical = canonicalExpression(value);
  return canonical === undefined ? `text:${value}` : `ast:${canonical}`;
}

/** The datasets' current versions, the other half of the cache key. */
export function datasetVersions(ctx: RequestContext, meta: ProcedureMeta): string {
  const store = ctx.deps.store;
  return meta.datasets!.map((d) => store.version(d)).join(',');
}

/** A remembered answer; a remembered projection refusal is thrown again as the same 400. Consulted only after admission. */
export function cachedAnswer(ctx: RequestContext, key: string, versions: string): PreparedBody | undefined {
  const hit = ctx.deps.responses.get(key, versions);
  if (hit?.refusal) throw new ServiceError(400, hit.refusal);
  return hit;
}

/**
 * A procedure's return value as the REST answer: degradation noted on the unprojected value (or
 * flagged by the handler), the projection applied, serialised once, and remembered
 * under `key` unless degraded.
 */
export async function serialiseAnswer(
  ctx: RequestContext,
  value: unknown,
  expression: string | undefined,
  key: string | undefined,
  versions: string,
  lastModified = 0,
): Promise<PreparedBody> {
  let body = value;
  const degraded = isDegraded(body) || ctx.degraded === true;
  if (expression !== undefined) {
    await projectionTurn();
    const projection = project(body, expression);
    if (!projection.ok) {
      // A refusal is as deterministic as an answer (same expression, same snapshot): remembered the same way,
      // so repeating an expensive refused expression costs a lookup.
      if (key !== undefined && !degraded)
        ctx.deps.responses.set(
          key,
          versions,
          Object.assign(prepareBody(projection.body, false), { refusal: projection.body }),
        );
      throw new ServiceError(400, projection.body);
    }
    body = projection.value;
  }
  const prepared = prepareBody(body, degraded);
  // Remembered with the bytes: the same snapshot versions have the same captures.
  prepared.lastModified = lastModified;
  if (key !== undefined && !degraded) ctx.deps.responses.set(key, versions, prepared);
  return prepared;
}
