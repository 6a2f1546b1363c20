import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { ACLED_EVENTS } from './datasets/acled.js';
import { IRAN_EVENTS } from './datasets/iran.js';
import { UCDP_EVENTS } from './datasets/ucdp.js';
import { listAcledEvents, listIranEvents, listUcdpEvents } from './queries.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './rules.js';
import {
  ListAcledEventsRequest,
  ListAcledEventsResponse,
  ListIranEventsRequest,
  ListIranEventsResponse,
  ListUcdpEventsRequest,
  ListUcdpEventsResponse,
} from './schemas.js';

const paging = `Pages hold ${DEFAULT_PAGE_SIZE} events unless page_size says otherwise (at most ${MAX_PAGE_SIZE}); follow pagination.nextCursor for the rest.`;

export const conflictRouter = router({
  listAcledEvents: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/conflict/v1/list-acled-events',
        operationId: 'ListAcledEvents',
        tags: ['conflict'],
        summary: 'List ACLED conflict events of the last 30 days',
        description:
          'Battles, explosions/remote violence and violence against civilians coded by ACLED, served from a snapshot that ' +
          'covers midnight UTC 30 days before it was taken up to that moment; history outside it is not reachable. ' +
          'Filter by country (ISO alpha-2 code or name) and an inclusive start/end in epoch milliseconds. Newest first. ' +
          `${paging} Events without valid coordinates are left out. When no snapshot exists the list is empty and the ` +
          'answer is not cacheable: an empty list is no evidence that nothing happened.',
      },
      cacheTier: 'slow',
      public: true,
      datasets: [ACLED_EVENTS],
    })
    .input(ListAcledEventsRequest)
    .output(ListAcledEventsResponse)
    .query(({ ctx, input }) => listAcledEvents(ctx.deps.store, input, () => markDegraded(ctx))),

  listUcdpEvents: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/conflict/v1/list-ucdp-events',
        operationId: 'ListUcdpEvents',
        tags: ['conflict'],
        summary: 'List UCDP organised-violence events',
        description:
          'Georeferenced events from the Uppsala Conflict Data Program for the trailing year (at most 2000, newest first). ' +
          'Filter by country (ISO alpha-2 code or name) and by a start/end window in epoch milliseconds that an event must overlap. ' +
          `${paging} When no snapshot exists the list is empty and the answer is not cacheable.`,
      },
      cacheTier: 'daily',
      datasets: [UCDP_EVENTS],
    })
    .input(ListUcdpEventsRequest)
    .output(ListUcdpEventsResponse)
    .query(({ ctx, input }) => listUcdpEvents(ctx.deps.store, input, () => markDegraded(ctx))),

  listIranEvents: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/conflict/v1/list-iran-events',
        operationId: 'ListIranEvents',
        tags: ['conflict'],
        summary: 'List recent geolocated reports about Iran',
        description:
          'Reports from a live map feed for the last 14 days before the feed was read, newest first, each with a category and a ' +
          'severity derived from it. scrapedAt says when the feed was read; without a snapshot the list is empty, scrapedAt is "0" ' +
          'and the answer is not cacheable.',
      },
      cacheTier: 'slow',
      datasets: [IRAN_EVENTS],
    })
    .input(ListIranEventsRequest)
    .output(ListIranEventsResponse)
    .query(({ ctx }) => listIranEvents(ctx.deps.store, () => markDegraded(ctx))),
});
