import { bootstrapNames, runBootstrap } from '../../../http/bootstrap.js';
import { ServiceError } from '../../../platform/errors.js';
import type { RequestContext } from '../../../trpc/context.js';
import { BOOTSTRAP_OPERATIONS } from './operations.js';
import type { GetBootstrapDataRequest, GetBootstrapDataResponse } from './schemas.js';

/** The operation form of GET /api/bootstrap: the same names and runner, bodies as JSON strings. */
export async function getBootstrapData(
  ctx: RequestContext,
  input: GetBootstrapDataRequest,
): Promise<GetBootstrapDataResponse> {
  if (!ctx.dispatch) throw ServiceError.handler(501, 'bootstrap data is served over REST and tRPC only');
  if (input.tier && input.keys?.length)
    throw ServiceError.validation([{ field: 'tier', description: 'give either keys or tier, not both' }]);
  const names = bootstrapNames(BOOTSTRAP_OPERATIONS, input.keys?.length ? input.keys : undefined, input.tier);
  const { served, missing, rate } = await runBootstrap(ctx.dispatch, BOOTSTRAP_OPERATIONS, names, {
    headers: ctx.headers,
    requestId: `${ctx.requestId}/bootstrap`,
    remoteAddress: ctx.remoteAddress,
  });
  Object.assign(ctx.resHeaders, rate);
  // Each body is its operation's JSON text as written, never parsed and serialised again.
  return { data: Object.fromEntries(served.map((s) => [s.name, s.text])), missing };
}
