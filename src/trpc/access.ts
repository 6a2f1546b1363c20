import { accessOf } from '../platform/auth/access.js';
import { isPublicOperation } from '../platform/auth/public-paths.js';
import { t } from './init.js';

/**
 * Access control as four middleware steps reading the procedure's meta. They run before input
 * validation and before `respond`, so an unidentified or over-limit caller never reaches the
 * response cache or the handler, whichever transport (REST, batch sub-operation, /trpc) it used.
 */

/** 1. Who is calling: key header, operator key or browser session; 401 otherwise. Public operations skip it. */
export const credential = t.middleware(({ ctx, meta, next }) => {
  if (!isPublicOperation(meta)) ctx.principal = accessOf(ctx.deps).authenticate(ctx.headers, ctx.requestId);
  return next();
});

/** 2. Whether the caller's account may be served at all (billing state); 403 lapsed, 503 unverifiable. */
export const entitlement = t.middleware(({ ctx, meta, next }) => {
  if (ctx.principal) accessOf(ctx.deps).checkEntitlement(ctx.principal, meta?.requiredTier);
  return next();
});

/** 3. Tier-gated operations: the plan's tier must reach `meta.requiredTier`. */
export const tierGate = t.middleware(({ ctx, meta, next }) => {
  if (meta?.requiredTier) {
    if (!ctx.principal) throw new Error(`${meta.openapi?.path ?? 'operation'} is tier-gated and public at once`);
    accessOf(ctx.deps).checkTier(ctx.principal, meta.requiredTier);
  }
  return next();
});

/** 4. One request off the caller's budget and the operation's endpoint policy; X-RateLimit-* on every answer. */
export const rateLimit = t.middleware(({ ctx, meta, next }) => {
  const who = ctx.principal ?? { anonymous: ctx.remoteAddress ?? 'unknown' };
  Object.assign(ctx.resHeaders, accessOf(ctx.deps).rateLimit(who, meta?.ratePolicy));
  return next();
});
