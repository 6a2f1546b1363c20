import { ServiceError } from '../../platform/errors.js';
import { accessOf } from '../../platform/auth/access.js';
import { executeBatch, MAX_OPERATIONS, withRawBodies } from '../../platform/batch/execute.js';
import { readExpression } from '../../http/answer.js';
import { readIdempotencyKey } from '../../platform/batch/idempotency.js';
import type { RequestContext } from '../../trpc/context.js';
import { idempotent } from '../../trpc/idempotent.js';
import type { ExecuteBatchRequest, ExecuteBatchResponse } from './schemas.js';

/** One cap on batch operations per HTTP request, however many batch calls that request carries. */
function spendBatchBudget(ctx: RequestContext, count: number): void {
  const budget = ctx.batchBudget;
  if (!budget) return;
  if (count > budget.remaining) {
    throw ServiceError.validation([
      {
        field: 'operations',
        description: `at most ${MAX_OPERATIONS} batch operations per HTTP request; ${budget.remaining} left in this one`,
      },
    ]);
  }
  budget.remaining -= count;
}

/** The answer's X-RateLimit-* describe the caller after every operation ran, not after the batch call alone. */
async function settleRate<T>(ctx: RequestContext, response: T): Promise<T> {
  const who = ctx.principal ?? { anonymous: ctx.remoteAddress ?? 'unknown' };
  const now = await accessOf(ctx.deps).currentRateLimit(who, 'batch');
  if (now) Object.assign(ctx.resHeaders, now);
  return response;
}

/**
 * POST /api/batch/v1/execute: runs the operations through the caller's own pipeline, and makes the
 * call safe to retry when it carries an Idempotency-Key.
 */
export async function runBatch(ctx: RequestContext, input: ExecuteBatchRequest): Promise<ExecuteBatchResponse> {
  const dispatch = ctx.dispatch;
  if (ctx.batch) throw ServiceError.of(400, 'a batch cannot contain another batch', 'operations');
  if (!dispatch) throw ServiceError.handler(501, 'batch is served over REST only');
  spendBatchBudget(ctx, input.operations.length);
  const key = readIdempotencyKey(ctx.headers['idempotency-key']);
  const run = (keepRaw = false) =>
    executeBatch(
      input.operations,
      (call) =>
        dispatch({ ...call, requestId: `${ctx.requestId}/${call.url}`, remoteAddress: ctx.remoteAddress, batch: true }),
      ctx.headers,
      ctx.deps.config.BATCH_OPERATION_TIMEOUT_MS,
      keepRaw,
    );
  if (!key) {
    // Over REST without a projection the operations' bodies stay as they came (prepared bytes): the
    // REST lane splices them into the answer, never parsing and serialising them again. Everything else needs the values.
    if (ctx.transport === 'rest' && readExpression(ctx.search) === undefined)
      return settleRate(ctx, withRawBodies(await run(true)));
    return settleRate(ctx, (await run()).response);
  }

  // With an Idempotency-Key the answer is stored for replay, so it is built as a value.
  return settleRate(ctx, await idempotent(ctx, input, async () => (await run()).response));
}
