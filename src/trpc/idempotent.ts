import { readIdempotencyKey, requestHash } from '../platform/batch/idempotency.js';
import { IDEMPOTENCY_RECORDS, type IdempotencyRecords } from '../platform/batch/idempotency-records.js';
import type { AppDeps, RequestContext } from './context.js';

/**
 * The app's one idempotency store: PostgreSQL's, shared by every node, when DATABASE_URL is set
 * (so a retry landing on another node replays), else the SQLite file's.
 */
export function idempotencyStoreOf(deps: AppDeps): IdempotencyRecords {
  return deps.stores.get(IDEMPOTENCY_RECORDS);
}

/** The caller a stored answer belongs to: the principal, or the client address for anonymous calls. */
export function idempotencyOwner(ctx: RequestContext): string {
  return ctx.principal?.id ?? `anonymous:${ctx.remoteAddress ?? ''}`;
}

/**
 * Runs a POST operation's `work` once per Idempotency-Key and body: a retry with the same key and
 * body replays the stored answer (`Idempotent-Replayed: true`), the same key with another body is
 * refused by the store, and a failure releases the key so the retry runs again. Without the header
 * `work` simply runs. `owner` scopes the keys (default: the caller).
 */
export async function idempotent<T>(
  ctx: RequestContext,
  body: unknown,
  work: () => T | Promise<T>,
  owner = idempotencyOwner(ctx),
): Promise<T> {
  const key = readIdempotencyKey(ctx.headers['idempotency-key']);
  if (!key) return work();
  const store = idempotencyStoreOf(ctx.deps);
  const claim = await store.claim(owner, key, requestHash(body), ctx.deps.clock.now());
  ctx.resHeaders['Idempotency-Key'] = key;
  if (claim.kind === 'replay') {
    ctx.resHeaders['Idempotent-Replayed'] = 'true';
    return claim.body as T;
  }
  ctx.resHeaders['Idempotent-Replayed'] = 'false';
  try {
    const response = await work();
    await store.complete(owner, key, 200, response, ctx.deps.clock.now());
    return response;
  } catch (err) {
    await store.abandon(owner, key).catch(() => undefined);
    throw err;
  }
}
