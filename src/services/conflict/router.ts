import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { IdempotencyHeaders } from '../../platform/batch/idempotency-headers.js';
import { ACLED_EVENTS } from './datasets/acled.js';
import { HUMANITARIAN_SUMMARIES } from './datasets/humanitarian.js';
import { IRAN_EVENTS } from './datasets/iran.js';
import { UCDP_EVENTS } from './datasets/ucdp.js';
import {
  getHumanitarianSummary,
  getHumanitarianSummaryBatch,
  listAcledEvents,
  listIranEvents,
  listUcdpEvents,
} from './queries.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './rules.js';
import {
  GetHumanitarianSummaryBatchRequest,
  GetHumanitarianSummaryBatchResponse,
  GetHumanitarianSummaryRequest,
  GetHumanitarianSummaryResponse,
  ListAcledEventsRequest,
  ListAcledEventsResponse,
  ListIranEventsRequest,
  ListIranEventsResponse,
  ListUcdpEventsRequest,
  ListUcdpEventsResponse,
} from './schemas.js';

const paging = `Pages hold ${DEFAULT_PAGE_SIZE} events unless page_size says otherwise (at most ${MAX_PAGE_SIZE}); follow pagination.nextCursor for the rest.`;

const hapi =
  'Political violence (civilian targeting included), fatalities and demonstrations in a country’s latest reported month, ' +
  'from the HDX Humanitarian API conflict-event counts, which HDX derives from ACLED.';

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
  getHumanitarianSummary: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/conflict/v1/get-humanitarian-summary',
        operationId: 'GetHumanitarianSummary',
        tags: ['conflict'],
        summary: 'Get a country’s latest monthly conflict summary',
        description:
          `${hapi} country_code is an ISO alpha-2 code; omitted, the country with the most political violence events answers. ` +
          'A country without data answers an empty object (cacheable); without a snapshot the empty object is not cacheable.',
      },
      cacheTier: 'daily',
      datasets: [HUMANITARIAN_SUMMARIES],
    })
    .input(GetHumanitarianSummaryRequest)
    .output(GetHumanitarianSummaryResponse)
    .query(({ ctx, input }) => getHumanitarianSummary(ctx.deps.store, input, () => markDegraded(ctx))),

  getHumanitarianSummaryBatch: operation
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/conflict/v1/get-humanitarian-summary-batch',
        operationId: 'GetHumanitarianSummaryBatch',
        tags: ['conflict'],
        summary: 'Get latest monthly conflict summaries of several countries',
        description:
          `${hapi} The body names 1 to 25 ISO alpha-2 codes; case is ignored and malformed codes or repeats are dropped. ` +
          'Countries without data are absent from results. Read-only: an Idempotency-Key is accepted but nothing needs replaying. ' +
          'Limited to 30 calls a minute per credential.',
        requestHeaders: IdempotencyHeaders,
      },
      cacheTier: 'no-store',
      ratePolicy: 'get-humanitarian-summary-batch',
    })
    .input(GetHumanitarianSummaryBatchRequest)
    .output(GetHumanitarianSummaryBatchResponse)
    .mutation(({ ctx, input }) => getHumanitarianSummaryBatch(ctx.deps.store, input, () => markDegraded(ctx))),
});
