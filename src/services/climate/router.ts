import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { AIR_QUALITY } from './datasets/air-quality.js';
import { airQualityStations } from './queries.js';
import { ListAirQualityDataRequest, ListAirQualityDataResponse } from './schemas.js';

export const climateRouter = router({
  listAirQualityData: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/climate/v1/list-air-quality-data',
        operationId: 'ListAirQualityData',
        tags: ['climate'],
        summary: 'List current air quality',
        description:
          'Latest PM2.5 reading of reference monitors worldwide (OpenAQ v3), with the US EPA air quality index and a risk ' +
          'level, one row per monitor, readings within two hours of the newest, worst first. No filters. An empty list ' +
          'served no-store means no air-quality snapshot exists.',
      },
      cacheTier: 'fast',
      datasets: [AIR_QUALITY],
    })
    .input(ListAirQualityDataRequest)
    .output(ListAirQualityDataResponse)
    .query(({ ctx }) => {
      const { stations, fetchedAt, degraded } = airQualityStations(ctx.deps.store);
      if (degraded) markDegraded(ctx);
      return { stations, fetchedAt };
    }),
});
