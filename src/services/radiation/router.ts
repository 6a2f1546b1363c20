import { operation, router } from '../../trpc/procedures.js';
import { RADIATION_OBSERVATIONS } from './datasets/radiation-observations.js';
import { listRadiationObservations } from './queries.js';
import { ListRadiationObservationsRequest, ListRadiationObservationsResponse } from './schemas.js';

export const radiationRouter = router({
  listRadiationObservations: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/radiation/v1/list-radiation-observations',
        operationId: 'ListRadiationObservations',
        tags: ['radiation'],
        summary: 'List ambient radiation readings',
        description:
          'The latest ambient gamma dose rate (nSv/h) at watched sites, from EPA RadNet fixed monitors (hourly CSV, ' +
          'approved readings only) and Safecast volunteer sensors (converted from CPM where needed), each compared with ' +
          'the site’s own preceding readings. One observation per site: the more severe reading wins, a second network ' +
          'corroborates or contradicts it. max_items (default 18, at most 25) limits the list; the counters cover every ' +
          'site. dataAvailable false (no-store) means no radiation snapshot exists.',
      },
      cacheTier: 'slow',
      datasets: [RADIATION_OBSERVATIONS],
    })
    .input(ListRadiationObservationsRequest)
    .output(ListRadiationObservationsResponse)
    .query(({ ctx, input }) => listRadiationObservations(ctx.deps.store, input)),
});
