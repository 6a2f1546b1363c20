import { operation, router } from '../../trpc/procedures.js';
import { NATURAL_EVENTS } from './datasets/natural-events.js';
import { listNaturalEvents } from './queries.js';
import { ListNaturalEventsRequest, ListNaturalEventsResponse } from './schemas.js';

export const naturalRouter = router({
  listNaturalEvents: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/natural/v1/list-natural-events',
        operationId: 'ListNaturalEvents',
        tags: ['natural'],
        summary: 'List open natural hazards',
        description:
          'Open natural events of the last 30 days tracked by NASA EONET: tropical cyclones and severe storms (with their ' +
          'observed track, class, Saffir–Simpson category, heading and speed), wildfires (those not reported for 48 hours ' +
          'are dropped), volcanoes, floods, landslides, sea and lake ice, dust and snow. Most recently reported first. ' +
          '`days` keeps events reported within that many days before the snapshot (default 30). Forecast tracks, cones and ' +
          'central pressure are not in EONET and stay empty. dataAvailable false (no-store) ' +
          'means no event snapshot exists.',
      },
      cacheTier: 'slow',
      datasets: [NATURAL_EVENTS],
    })
    .input(ListNaturalEventsRequest)
    .output(ListNaturalEventsResponse)
    .query(({ ctx, input }) => listNaturalEvents(ctx.deps.store, input)),
});
