import { accessOf } from '../platform/auth/access.js';
import { ServiceError } from '../platform/errors.js';
import { isPublicOperation } from '../platform/auth/public-paths.js';
import type { RequestContext } from './context.js';
import { t, type ProcedureMeta } from './init.js';

/**
 * Access control, in four ordered steps reading the procedure's meta. They run before input
 * validation, the response cache and the handler, so an unidentified or over-limit caller reaches
 * none of them, whichever transport (REST, batch sub-operation, /trpc) it used.
 */

/** 1. Who is calling: key header, operator key or browser session; 401 otherwise. Public operations skip it. */
export function identify(ctx: RequestContext, meta: ProcedureMeta | undefined): void | Promise<void> {
  if (isPublicOperation(meta)) return;
  const principal = accessOf(ctx.deps).authenticateFrom(ctx.headers, ctx.remoteAddress, ctx.requestId);
  // Keys in SQLite answer at once; a shared key directory (PostgreSQL) costs this request an await.
  if (principal instanceof Promise) return principal.then((p) => void (ctx.principal = p));
  ctx.principal = principal;
}

/** 2. Whether the caller's account may be served at all (billing state); 403 lapsed, 503 unverifiable. */
export function checkBilling(ctx: RequestContext, meta: ProcedureMeta | undefined): void {
  if (ctx.principal) accessOf(ctx.deps).checkEntitlement(ctx.principal, meta?.requiredTier);
}

/** Why an operator-only operation refused another key. */
export const OPERATOR_KEY_REQUIRED =
  'Operator key required: this operation changes data every account is served, so only operator keys (OPERATOR_KEYS) may call it';

/**
 * 3. Tier-gated operations: the plan's tier must reach `meta.requiredTier`; operator-only operations
 * admit operator keys alone.
 */
export function checkTier(ctx: RequestContext, meta: ProcedureMeta | undefined): void {
  if (meta?.operatorOnly && ctx.principal?.kind !== 'operator') throw ServiceError.gateway(403, OPERATOR_KEY_REQUIRED);
  if (!meta?.requiredTier) return;
  if (!ctx.principal) throw new Error(`${meta.openapi?.path ?? 'operation'} is tier-gated and public at once`);
  accessOf(ctx.deps).checkTier(ctx.principal, meta.requiredTier);
}

/** 4. One request off the caller's budget and the operation's endpoint policy; X-RateLimit-* on every answer. */
export function countRequest(ctx: RequestContext, meta: ProcedureMeta | undefined): void | Promise<void> {
  const who = ctx.principal ?? { anonymous: ctx.remoteAddress ?? 'unknown' };
  const headers = accessOf(ctx.deps).rateLimit(who, meta?.ratePolicy);
  // An in-process store decides synchronously; only a networked one costs the request an await.
  if (headers instanceof Promise) return headers.then((h) => void Object.assign(ctx.resHeaders, h));
  Object.assign(ctx.resHeaders, headers);
}

/** The four steps in order; synchronous unless a shared store (PostgreSQL keys, Redis limits) answers. */
export function admit(ctx: RequestContext, meta: ProcedureMeta | undefined): void | Promise<void> {
  const rest = () => {
    checkBilling(ctx, meta);
    checkTier(ctx, meta);
    return countRequest(ctx, meta);
  };
  const identified = identify(ctx, meta);
  return identified ? identified.then(rest) : rest();
}

/**
 * The procedure chain's first step: `admit`, unless the REST lane already admitted this very call
 * (it must, before consulting the response cache). Only the REST lane sets the flag, on a context it
 * made for the one call: a /trpc context is shared by every call of its HTTP request, and each of
 * them is admitted here.
 */
export const guard = t.middleware(({ ctx, meta, next }) => {
  if (ctx.admitted) return next();
  const admitted = admit(ctx, meta);
  return admitted ? admitted.then(() => next()) : next();
});
