import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { AIR_QUALITY, airQualityStations } from '../climate/index.js';
import { DISEASE_OUTBREAKS } from './datasets/disease-outbreaks.js';
import {
  ListAirQualityAlertsRequest,
  ListAirQualityAlertsResponse,
  ListDiseaseOutbreaksRequest,
  ListDiseaseOutbreaksResponse,
} from './schemas.js';
import { ALERT_METHODOLOGY_VERSION, listDiseaseOutbreaks } from './queries.js';

export const healthRouter = router({
  listDiseaseOutbreaks: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/health/v1/list-disease-outbreaks',
        operationId: 'ListDiseaseOutbreaks',
        tags: ['health'],
        summary: 'List disease outbreaks',
        description:
          'Recent outbreaks from four sources, as the published service reads them. First the Think Global Health disease ' +
          'tracker’s geolocated alerts of the last 90 days (its exact coordinates, place and case count), newest first, at ' +
          'most 150, each its own event. Then reports from the WHO Disease Outbreak News, the CDC media feed and the ' +
          'Outbreak News Today feed, kept when they name one of about thirty diseases, with the country (a CDC report naming ' +
          'none is about the United States), a case count when the summary states one, one report per disease and country ' +
          '(the newest), newest first, at most 50. Every item has a keyword alert level (methodology v1). No filters. An ' +
          'empty list served no-store means no outbreak snapshot exists.',
      },
      cacheTier: 'slow',
      datasets: [DISEASE_OUTBREAKS],
    })
    .input(ListDiseaseOutbreaksRequest)
    .output(ListDiseaseOutbreaksResponse)
    .query(({ ctx }) => {
      const { outbreaks, fetchedAt, degraded } = listDiseaseOutbreaks(ctx.deps.store);
      if (degraded) markDegraded(ctx);
      return { outbreaks, fetchedAt, alertLevelMethodologyVersion: ALERT_METHODOLOGY_VERSION };
    }),

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
