import { z } from 'zod';
import { MAX_OPERATIONS } from '../../platform/batch/execute.js';

export const BatchOperation = z
  .object({
    id: z.string().max(64).optional().meta({
      description: 'Your label for this operation; blank means its zero-based index. Must be unique in the batch.',
    }),
    path: z.string().min(1).max(2048).meta({
      description:
        'A documented GET operation path `/api/<service>/v1/<rpc-name>`, optionally with a query string (jmespath included), passed through as is.',
    }),
  })
  .meta({ id: 'batch_v1_BatchOperation', description: 'One GET operation to run.' });

export const ExecuteBatchRequest = z
  .object({
    operations: z
      .array(BatchOperation)
      .min(1)
      .max(MAX_OPERATIONS)
      .meta({ description: `1 to ${MAX_OPERATIONS} operations, run concurrently.` }),
  })
  .meta({ id: 'batch_v1_ExecuteBatchRequest', description: 'Several GET operations in one round trip.' });

export type ExecuteBatchRequest = z.infer<typeof ExecuteBatchRequest>;

export const BatchOperationBody = z.unknown().meta({
  id: 'batch_v1_BatchOperationBody',
  description:
    "The operation's JSON response body as a direct call would return it (an object, or whatever its jmespath projection produced).",
});

export const BatchOperationResult = z
  .object({
    id: z.string(),
    status: z.number().int().meta({
      format: 'int32',
      description: 'HTTP status of the operation; 0 when it was never dispatched or did not answer in time.',
    }),
    body: BatchOperationBody.optional(),
    error: z.string().meta({
      description:
        'Empty when the operation answered. Otherwise: invalid_path, nested_batch, timeout (10 s per operation), response_too_large (body over 1 MiB; status kept, no body), invalid_json or fetch_failed.',
    }),
  })
  .meta({ id: 'batch_v1_BatchOperationResult', description: 'Outcome of one operation, in request order.' });

export const ExecuteBatchResponse = z
  .object({
    results: z.array(BatchOperationResult),
    succeeded: z.number().int().meta({ format: 'int32', description: 'Results with a 2xx status and an empty error.' }),
    failed: z.number().int().meta({ format: 'int32', description: 'All other results.' }),
  })
  .meta({ id: 'batch_v1_ExecuteBatchResponse', description: 'Per-operation statuses and bodies.' });

export type ExecuteBatchResponse = z.infer<typeof ExecuteBatchResponse>;
