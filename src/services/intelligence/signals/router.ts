import { markDegraded } from '../../../trpc/context.js';
import { operation, router } from '../../../trpc/procedures.js';
import { PIZZINT } from './datasets/pizzint.js';
import { getPizzintStatus } from './queries.js';
import { GetPizzintStatusRequest, GetPizzintStatusResponse } from './schemas.js';

export const signalsRouter = router({
  getPizzintStatus: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/get-pizzint-status',
        operationId: 'GetPizzintStatus',
        tags: ['intelligence'],
        summary: 'Pentagon pizza-index status',
        description:
          'How busy the pizza places around the Pentagon are, as published by the third-party site pizzint.watch ' +
          '(itself derived from proprietary place-popularity data), with a DEFCON-style activity level. The data ' +
          'is a replayed dated capture of that site, not a live reading: `updatedAt` is its time and ' +
          '`dataFreshness` turns STALE (and caching off) once it is over two hours old. `include_gdelt=true` adds ' +
          'the site’s GDELT tension scores for six country pairs.',
      },
      cacheTier: 'slow',
      datasets: [PIZZINT],
    })
    .input(GetPizzintStatusRequest)
    .output(GetPizzintStatusResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = getPizzintStatus(ctx.deps.store, input, ctx.deps.clock.now());
      if (degraded) markDegraded(ctx);
      return response;
    }),
});
