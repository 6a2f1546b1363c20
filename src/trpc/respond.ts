import { ServiceError } from '../platform/errors.js';
import { cacheControlFor, isDegraded } from '../platform/http-cache.js';
import { project } from '../platform/jmespath.js';
import { normaliseQuery, prepareBody, type PreparedBody } from '../platform/response-cache.js';
import type { RequestContext } from './context.js';
import { t } from './init.js';
import { admit } from './access.js';

/**
 * What a REST procedure returns once its body is serialised: the bytes travel on the context and
 * the adapter only ever stringifies this small marker, which the REST wrapper then replaces.
 */
export const PREPARED = Object.freeze({ prepared: true });

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

function settle(ctx: RequestContext, prepared: PreparedBody, tier: Parameters<typeof cacheControlFor>[0]) {
  ctx.prepared = prepared;
  // An answer given to an identified caller is theirs alone: shared caches must not keep it.
  ctx.cacheControl = cacheControlFor(tier, prepared.degraded, ctx.principal !== undefined);
}

/**
 * Every call's one middleware: access control (credential, entitlement, tier, rate limit), then for
 * REST calls the last step: consult the serialised
 * response cache, otherwise run the handler, note degradation flags on the unprojected body, apply
 * the projection, serialise once and remember the bytes for the same query and snapshot versions.
 * Native tRPC calls pass straight through and receive the typed value.
 */
export const respond = t.middleware(async ({ ctx, meta, path, next }) => {
  // Access control first, in the same tRPC middleware level: each level copies the call's options
  // (measurably, on every request), and the order stays explicit here.
  const admitted = admit(ctx, meta);
  if (admitted) await admitted;
  if (ctx.transport !== 'rest') return next();
  const expression = readExpression(ctx.search);
  const tier = meta?.cacheTier ?? 'no-store';
  const datasets = meta?.datasets;
  const key = datasets?.length ? `${path}?${normaliseQuery(ctx.search)}` : undefined;
  const versions = key ? datasets!.map((d) => ctx.deps.store.version(d)).join(',') : '';
  if (key) {
    const hit = ctx.deps.responses.get(key, versions);
    if (hit?.refusal) throw new ServiceError(400, hit.refusal);
    if (hit) {
      settle(ctx, hit, tier);
      return { ok: true as const, data: PREPARED, marker: undefined as never, ctx: undefined as never };
    }
  }
  const result = await next();
  if (!result.ok) return result;
  if (ctx.assembled && expression === undefined) {
    // Never cached: only uncached handlers (a batch) assemble their own body.
    settle(ctx, ctx.assembled, tier);
    return { ...result, data: PREPARED };
  }
  let body: unknown = result.data;
  const degraded = isDegraded(body) || ctx.degraded === true;
  if (expression !== undefined) {
    await projectionTurn();
    const projection = project(body, expression);
    if (!projection.ok) {
      // A refusal is as deterministic as an answer (same expression, same snapshot): remembered the same way,
      // so repeating an expensive refused expression costs a lookup.
      if (key && !degraded) ctx.deps.responses.set(key, versions, Object.assign(prepareBody(projection.body, false), { refusal: projection.body }));
      throw new ServiceError(400, projection.body);
    }
    body = projection.value;
  }
  const prepared = prepareBody(body, degraded);
  if (key && !degraded) ctx.deps.responses.set(key, versions, prepared);
  settle(ctx, prepared, tier);
  return { ...result, data: PREPARED };
});
