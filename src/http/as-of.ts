import { ServiceError } from '../platform/errors.js';
import { PLANS } from '../platform/auth/plans.js';
import type { Principal } from '../platform/auth/access.js';
import { beforeHistory, HistoryNotLoaded, type HistoryView } from '../platform/snapshots/as-of.js';
import { DAY_MS, instantText, parseInstant } from '../platform/snapshots/history.js';
import type { RequestContext } from '../trpc/context.js';
import type { ProcedureMeta } from '../trpc/init.js';

/*
 * The REST lane's `as_of` step: every GET operation (and so every batch entry and bootstrap entry,
 * which are GETs through the same lane) may be asked as of a past instant. The operation then runs
 * on a view of the snapshot store at that instant (src/platform/snapshots/as-of.ts), so it needs no
 * code of its own: the same versions give the same bytes and the same ETag as were served then.
 */

export const AS_OF = 'as_of';

/** The smallest history reach of any plan: what a caller whose plan is not in the catalogue gets. */
const LEAST_DAYS = Math.min(...PLANS.map((p) => p.historyDays ?? Infinity));

/**
 * The `as_of` parameter as epoch ms, taken out of the query (it selects the data, it is not an input
 * of the operation); undefined when absent or empty. A 400 when it is repeated, unreadable or in the future.
 */
export function takeAsOf(search: URLSearchParams, now: number): number | undefined {
  const values = search.getAll(AS_OF);
  if (values.length === 0) return undefined;
  search.delete(AS_OF);
  const invalid = (description: string) => ServiceError.validation([{ field: AS_OF, description }]);
  if (values.length > 1) throw invalid('value must not be repeated');
  if (values[0] === '') return undefined;
  const instant = parseInstant(values[0]);
  if (instant === undefined)
    throw invalid('must be an RFC 3339 date-time with a time zone (2026-11-20T12:00:00Z) or epoch milliseconds');
  if (instant > now) throw invalid(`must not be in the future (now is ${instantText(now)})`);
  return instant;
}

/** How many days back a caller's plan lets `as_of` reach; null: no cap beyond the retained history. */
export function historyDaysOf(principal: Principal | undefined): number | null {
  if (principal?.kind === 'operator') return null;
  const plan = principal?.plan;
  return plan ? plan.historyDays : LEAST_DAYS;
}

/**
 * Opens the store as of `instant` for one call: refuses an instant beyond the caller's plan or before
 * the retained history of the operation's datasets, decodes ahead the versions they need, and hands
 * the operation the view in place of the live store.
 */
export async function enterHistory(ctx: RequestContext, meta: ProcedureMeta, instant: number): Promise<HistoryView> {
  const now = ctx.deps.clock.now();
  const days = historyDaysOf(ctx.principal);
  if (days !== null && instant < now - days * DAY_MS) {
    const plan = ctx.principal?.planKey ?? 'anonymous';
    throw beforeHistory(`the ${plan} plan reaches ${days} day${days === 1 ? '' : 's'} back`, now - days * DAY_MS);
  }
  const view = await ctx.deps.store.at(instant);
  const datasets = meta.datasets ?? [];
  const earliest = view.earliest(datasets);
  if (earliest !== undefined && instant < earliest)
    throw beforeHistory(`${instantText(instant)} is before the retained history`, earliest);
  await view.preload(datasets);
  ctx.deps = { ...ctx.deps, store: view.store };
  return view;
}

/**
 * Runs an operation on a view, decoding each retained version it reads that was not decoded ahead
 * (an engine without synchronous reads) and running it again: its answer depends only on what it reads.
 */
export async function withHistory<T>(view: HistoryView | undefined, run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const missing = notLoaded(err);
      if (!view || !missing || attempt >= 16) throw err;
      await view.load(missing.version);
    }
  }
}

function notLoaded(err: unknown): HistoryNotLoaded | undefined {
  for (let e = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++)
    if (e instanceof HistoryNotLoaded) return e;
  return undefined;
}

/** Memento-Datetime (RFC 7089): an HTTP-date. */
export function mementoDatetime(ms: number): string {
  return new Date(ms).toUTCString();
}
