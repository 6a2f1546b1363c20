import { operation, router } from '../../trpc/procedures.js';
import { EARTHQUAKES } from './datasets/earthquakes.js';
import { listEarthquakes } from './queries.js';
import { ListEarthquakesRequest, ListEarthquakesResponse } from './schemas.js';

export const seismologyRouter = router({
  listEarthquakes: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/seismology/v1/list-earthquakes',
        operationId: 'ListEarthquakes',
        tags: ['seismology'],
        summary: 'List recent earthquakes',
        description:
          'Earthquakes of magnitude 4.5 and above from the last seven days, merged from USGS and NRCan with ' +
          'cross-agency duplicates removed and proximity to known nuclear test sites scored. Newest first; ' +
          'filter by origin time and magnitude and page with the returned cursor.',
      },
      cacheTier: 'slow',
      datasets: [EARTHQUAKES],
    })
    .input(ListEarthquakesRequest)
    .output(ListEarthquakesResponse)
    .query(({ ctx, input }) => listEarthquakes(ctx.deps.store, input)),
});
