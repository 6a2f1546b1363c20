import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { getTorontoSafety } from './queries.js';
import { TPS_CALLS_ATTENDED, TPS_MCI } from './datasets/tps.js';
import { GetTorontoSafetyRequest, GetTorontoSafetyResponse } from './schemas.js';

export const safetyRouter = router({
  getTorontoSafety: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/safety/v1/get-toronto-safety',
        operationId: 'GetTorontoSafety',
        tags: ['safety'],
        summary: 'Get Toronto police open data',
        description:
          'From the Toronto Police Service Public Safety Data Portal (ArcGIS feature services): by default the major crimes ' +
          '(assault, break and enter, robbery, auto theft, theft over) reported in the last 90 days, newest first, with positions ' +
          'moved to the nearest intersection; with dataset=annual_aggregate, calls for service attended per year, division and ' +
          'neighbourhood. Filter by division, neighbourhood text, offence text (occurrences only) and year; limit defaults to 50, ' +
          'at most 100; matched and truncated say how many rows the filters found. unavailable flags a missing snapshot; how ' +
          'old the one served is, Last-Modified says.',
      },
      cacheTier: 'slow',
      datasets: [TPS_MCI, TPS_CALLS_ATTENDED],
    })
    .input(GetTorontoSafetyRequest)
    .output(GetTorontoSafetyResponse)
    .query(({ ctx, input }) => getTorontoSafety(ctx.deps.store, input, () => markDegraded(ctx))),
});
