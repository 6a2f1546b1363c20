import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../conflict/index.js';
import { UNREST_EVENTS } from './datasets/unrest-events.js';
import { listUnrestEvents } from './queries.js';
import { ListUnrestEventsRequest, ListUnrestEventsResponse } from './schemas.js';

export const unrestRouter = router({
  listUnrestEvents: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/unrest/v1/list-unrest-events',
        operationId: 'ListUnrestEvents',
        tags: ['unrest'],
        summary: 'List protests, riots and strikes',
        description:
          'Demonstrations coded by ACLED over the last 30 days plus protest locations GDELT extracted from news over the last 7, ' +
          'most severe first and then newest first. Filter by country (ISO alpha-2 code or name), inclusive start/end in epoch ' +
          'milliseconds, minimum severity and a bounding box (all four corners). ' +
          `Pages hold ${DEFAULT_PAGE_SIZE} events unless page_size says otherwise (at most ${MAX_PAGE_SIZE}); follow pagination.nextCursor. ` +
          'clusters is always empty. When no snapshot exists the lists are empty and the answer is not cacheable.',
      },
      cacheTier: 'slow',
      public: true,
      datasets: [UNREST_EVENTS],
    })
    .input(ListUnrestEventsRequest)
    .output(ListUnrestEventsResponse)
    .query(({ ctx, input }) => listUnrestEvents(ctx.deps.store, input, () => markDegraded(ctx))),
});
