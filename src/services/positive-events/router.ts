import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { listPositiveGeoEvents } from './queries.js';
import { POSITIVE_GEO_EVENTS } from './datasets/geo-events.js';
import { ListPositiveGeoEventsRequest, ListPositiveGeoEventsResponse } from './schemas.js';

export const positiveEventsRouter = router({
  listPositiveGeoEvents: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/positive-events/v1/list-positive-geo-events',
        operationId: 'ListPositiveGeoEvents',
        tags: ['positive-events'],
        summary: 'List places with good news in the last two hours',
        description:
          'Reads the eight 15-minute GDELT 2.0 Global Knowledge Graph files of the last two hours and keeps articles with a tone ' +
          'above +2 and an innovation, education, health, tourism, heritage or peacekeeping theme. Articles are grouped by their ' +
          'first geocoded place in 0.1° cells; a cell with three or more distinct articles becomes an event, categorised by ' +
          'keywords of its first headline. Most articles first. No parameters. stale says the newest event was over 25 hours ' +
          'old when the files were read.',
      },
      cacheTier: 'slow',
      datasets: [POSITIVE_GEO_EVENTS],
    })
    .input(ListPositiveGeoEventsRequest)
    .output(ListPositiveGeoEventsResponse)
    .query(({ ctx }) => listPositiveGeoEvents(ctx.deps.store, () => markDegraded(ctx))),
});
