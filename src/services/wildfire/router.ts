import { operation, router } from '../../trpc/procedures.js';
import { FIRE_DETECTIONS } from './datasets/fire-detections.js';
import { listFireDetections } from './queries.js';
import { ListFireDetectionsRequest, ListFireDetectionsResponse } from './schemas.js';

export const wildfireRouter = router({
  listFireDetections: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/wildfire/v1/list-fire-detections',
        operationId: 'ListFireDetections',
        tags: ['wildfire'],
        summary: 'List satellite fire detections',
        description:
          'Active-fire hotspots of the last seven days seen by the VIIRS instruments on Suomi NPP, NOAA-20 and NOAA-21 ' +
          '(NASA FIRMS), in nine watched regions (Ukraine, Russia, Israel/Gaza, Syria, Iran, Saudi Arabia, Turkey, Taiwan, ' +
          'North Korea). Most significant first: possible explosions, then confidence, brightness and radiative power. ' +
          'Filter by an inclusive window on the acquisition time (start, end) and by a bounding box (ne_lat, ne_lon, ' +
          'sw_lat, sw_lon, all four together); page with the returned cursor (default 500 per page, at most 1000). ' +
          'dataAvailable false (served no-store) means no fire snapshot exists yet.',
      },
      cacheTier: 'static',
      datasets: [FIRE_DETECTIONS],
    })
    .input(ListFireDetectionsRequest)
    .output(ListFireDetectionsResponse)
    .query(({ ctx, input }) => listFireDetections(ctx.deps.store, input)),
});
