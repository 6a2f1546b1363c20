import { operation, router } from '../../trpc/procedures.js';
import { runBatch } from './execute.js';
import { IdempotencyHeaders } from '../../platform/batch/idempotency-headers.js';
import { ExecuteBatchRequest, ExecuteBatchResponse } from './schemas.js';

export const batchRouter = router({
  execute: operation
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/batch/v1/execute',
        operationId: 'ExecuteBatch',
        tags: ['batch'],
        summary: 'Run up to 20 GET operations in one request',
        description:
          'Each operation runs concurrently through the same pipeline as a direct call, with your credential: it is ' +
          'authenticated, tier-checked, validated, projected and counted against your rate limits one by one. ' +
          'Results come back in request order with their own status and body. Paths must be documented GET operations; ' +
          'anything else is reported as invalid_path and never run. Each operation has a 10 s deadline and a 1 MiB body limit.',
        requestHeaders: IdempotencyHeaders,
      },
      cacheTier: 'no-store',
      ratePolicy: 'batch',
    })
    .input(ExecuteBatchRequest)
    .output(ExecuteBatchResponse)
    .mutation(({ ctx, input }) => runBatch(ctx, input)),
});
