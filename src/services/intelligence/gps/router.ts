import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { GPS_INTERFERENCE } from './datasets/gps-interference.js';
import { listGpsInterference } from './queries.js';
import { ListGpsInterferenceRequest, ListGpsInterferenceResponse } from './schemas.js';

export const gpsProcedures = {
  listGpsInterference: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/list-gps-interference',
        operationId: 'ListGpsInterference',
        tags: ['intelligence'],
        summary: 'GPS interference by H3 cell, latest day',
        description:
          'Where aircraft reported degraded GPS accuracy on the latest day gpsjam.org has published: its daily ' +
          'file counts, per H3 cell (resolution 4), the aircraft whose ADS-B messages carried good and poor ' +
          'navigation accuracy. Cells with at least 3 aircraft are rated by the share that were affected: over 10 % ' +
          'HIGH, from 2 % MEDIUM; only those two levels are listed, HIGH first, each with the cell centre. ' +
          '`region` keeps one area (labels such as `northern-europe`, `levant`, `israel-sinai`, `ukraine-russia`, ' +
          "`iran-iraq`, `turkey-caucasus`, `yemen-horn`, `other`; the published service's whole-degree " +
          'latitude/longitude boxes around the cell centre, first match in its order) and recounts the stats over it; an unknown label is a 400 listing the valid ' +
          'ones. Before any day is loaded the answer is empty with caching disabled.',
      },
      cacheTier: 'slow',
      datasets: [GPS_INTERFERENCE],
    })
    .input(ListGpsInterferenceRequest)
    .output(ListGpsInterferenceResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = listGpsInterference(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),
};
