import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { AIR_QUALITY } from '../climate/datasets/air-quality.js';
import { airQualityStations } from '../climate/queries.js';
import { ListAirQualityAlertsRequest, ListAirQualityAlertsResponse } from './schemas.js';

export const healthRouter = router({
  listAirQualityAlerts: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/health/v1/list-air-quality-alerts',
        operationId: 'ListAirQualityAlerts',
        tags: ['health'],
        summary: 'List air quality by health risk',
        description:
          'The same OpenAQ PM2.5 snapshot as climate list-air-quality-data: each monitor’s latest reading with its US EPA ' +
          'index and risk level (good, moderate, unhealthy, hazardous), worst first. Like the published service it lists ' +
          'every monitor; filter on riskLevel for alerts. An empty list served no-store means no snapshot exists.',
      },
      cacheTier: 'fast',
      datasets: [AIR_QUALITY],
    })
    .input(ListAirQualityAlertsRequest)
    .output(ListAirQualityAlertsResponse)
    .query(({ ctx }) => {
      const { stations, fetchedAt, degraded } = airQualityStations(ctx.deps.store);
      if (degraded) markDegraded(ctx);
      return { alerts: stations, fetchedAt };
    }),
});
