import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { MARITIME_NAV_WARNINGS } from './datasets/nav-warnings.js';
import { listNavigationalWarnings } from './queries.js';
import { ListNavigationalWarningsRequest, ListNavigationalWarningsResponse } from './schemas.js';

export const maritimeRouter = router({
  listNavigationalWarnings: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/maritime/v1/list-navigational-warnings',
        operationId: 'ListNavigationalWarnings',
        tags: ['maritime'],
        summary: 'Active navigational warnings',
        description:
          'Active broadcast navigational warnings from NGA’s Maritime Safety Information service (NAVAREA IV and ' +
          'XII, and the other areas it relays): text, area, the first position the text gives, issue time and the ' +
          'self-cancellation time when announced. `area` keeps warnings whose area or text contains it; newest ' +
          'first, 100 per page by default.',
      },
      cacheTier: 'static',
      datasets: [MARITIME_NAV_WARNINGS],
    })
    .input(ListNavigationalWarningsRequest)
    .output(ListNavigationalWarningsResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = listNavigationalWarnings(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),
});
