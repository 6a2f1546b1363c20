import { z } from 'zod';
import { listParam } from '../../../platform/query-params.js';

export const GetBootstrapDataRequest = z.object({
  tier: z.enum(['fast', 'slow']).optional().meta({
    description:
      '`fast` (changes within the hour) or `slow` (daily or less): every name of that set. Not together with keys.',
  }),
  keys: listParam(
    'Logical names to include (`earthquakes`, `naturalEvents` ...), repeated or comma-separated; unknown names are listed in missing. Omitted with no tier means every name.',
  ),
});
export type GetBootstrapDataRequest = z.infer<typeof GetBootstrapDataRequest>;

export const GetBootstrapDataResponse = z
  .object({
    data: z
      .record(z.string(), z.string())
      .meta({ description: 'Per name, the operation’s response body as a JSON-encoded string.' }),
    missing: z.array(z.string()).meta({
      description: 'Names asked for that are unknown or whose operation refused the call (tier, rate limit).',
    }),
  })
  .meta({
    id: 'infrastructure_v1_GetBootstrapDataResponse',
    description: 'First-paint data of several operations in one answer.',
  });
export type GetBootstrapDataResponse = z.infer<typeof GetBootstrapDataResponse>;
