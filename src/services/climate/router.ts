import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { AIR_QUALITY } from './datasets/air-quality.js';
import { NATURAL_EVENTS } from '../natural/index.js';
import { ZONE_NORMALS } from './datasets/zone-normals.js';
import { ZONE_WEATHER } from './datasets/zone-weather.js';
import { CLIMATE_DISASTERS } from './datasets/climate-disasters.js';
import { CLIMATE_NEWS } from './datasets/climate-news.js';
import { CO2_MONITORING } from './datasets/co2-monitoring.js';
import { OCEAN_ICE } from './datasets/ocean-ice.js';
import {
  airQualityStations,
  climateNews,
  co2Monitoring,
  listClimateAnomalies,
  listClimateDisasters,
  oceanIce,
} from './queries.js';
import {
  GetCo2MonitoringRequest,
  GetCo2MonitoringResponse,
  GetOceanIceDataRequest,
  GetOceanIceDataResponse,
  ListAirQualityDataRequest,
  ListAirQualityDataResponse,
  ListClimateAnomaliesRequest,
  ListClimateAnomaliesResponse,
  ListClimateDisastersRequest,
  ListClimateDisastersResponse,
  ListClimateNewsRequest,
  ListClimateNewsResponse,
} from './schemas.js';

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

  getCo2Monitoring: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/climate/v1/get-co2-monitoring',
        operationId: 'GetCo2Monitoring',
        tags: ['climate'],
        summary: 'Get greenhouse gas levels',
        description:
          'Carbon dioxide at Mauna Loa (latest daily mean, the same day a year earlier, the latest month, the last 12 ' +
          'monthly means against the year before) with the global annual growth rate, and global methane and nitrous ' +
          'oxide, from the NOAA GML trend tables. No filters. An answer without `monitoring`, served no-store, means no ' +
          'greenhouse-gas snapshot exists.',
      },
      cacheTier: 'daily',
      datasets: [CO2_MONITORING],
    })
    .input(GetCo2MonitoringRequest)
    .output(GetCo2MonitoringResponse)
    .query(({ ctx }) => {
      const monitoring = co2Monitoring(ctx.deps.store);
      if (!monitoring) markDegraded(ctx);
      return monitoring ? { monitoring } : {};
    }),

  listClimateNews: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/climate/v1/list-climate-news',
        operationId: 'ListClimateNews',
        tags: ['climate'],
        summary: 'List climate news',
        description:
          'Recent articles from climate news feeds (Carbon Brief, The Guardian climate desk), newest first, one per address, ' +
          'at most 100, with the feed summary as plain text. No filters. dataAvailable false (no-store) means no news ' +
          'snapshot exists.',
      },
      cacheTier: 'slow',
      datasets: [CLIMATE_NEWS],
    })
    .input(ListClimateNewsRequest)
    .output(ListClimateNewsResponse)
    .query(({ ctx }) => climateNews(ctx.deps.store)),

  listClimateDisasters: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/climate/v1/list-climate-disasters',
        operationId: 'ListClimateDisasters',
        tags: ['climate'],
        summary: 'List climate disasters',
        description:
          'Floods, tropical cyclones, droughts, heat waves and wildfires recorded by ReliefWeb, plus those tracked by NASA ' +
          'EONET (list-natural-events) that ReliefWeb does not list yet, newest start first, at most 300. Page with ' +
          'page_size (default 50, at most 100) and the returned cursor. An empty list served no-store means neither ' +
          'snapshot exists.',
      },
      cacheTier: 'daily',
      datasets: [CLIMATE_DISASTERS, NATURAL_EVENTS],
    })
    .input(ListClimateDisastersRequest)
    .output(ListClimateDisastersResponse)
    .query(({ ctx, input }) => {
      const { body, degraded } = listClimateDisasters(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return body;
    }),

  listClimateAnomalies: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/climate/v1/list-climate-anomalies',
        operationId: 'ListClimateAnomalies',
        tags: ['climate'],
        summary: 'List weekly climate anomalies',
        description:
          'For 25 climate zones, the last seven complete days of the Open-Meteo (ERA5) archive against the zone’s ' +
          '1991-2020 normal (computed from the same archive) for the month of the newest day asked for: temperature and ' +
          'precipitation departures, a severity and a type. Most severe ' +
          'first. min_severity keeps zones at or above a severity; page with page_size (default 50) and the cursor. An ' +
          'empty list served no-store means the weather or the normals snapshot is missing.',
      },
      cacheTier: 'daily',
      datasets: [ZONE_WEATHER, ZONE_NORMALS],
    })
    .input(ListClimateAnomaliesRequest)
    .output(ListClimateAnomaliesResponse)
    .query(({ ctx, input }) => {
      const { body, degraded } = listClimateAnomalies(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return body;
    }),

  getOceanIceData: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/climate/v1/get-ocean-ice-data',
        operationId: 'GetOceanIceData',
        tags: ['climate'],
        summary: 'Get ocean and sea ice indicators',
        description:
          'Arctic sea ice extent against its 1981-2010 median with the last 12 months (NSIDC Sea Ice Index), global sea ' +
          'level rise since 1993 and its current rate (NASA), upper-700 m ocean heat content (NCEI) and the global ocean ' +
          'surface temperature anomaly against 1991-2020 (NOAAGlobalTemp v6; the published service restates it against ' +
          '1971-2000). Each indicator is optional: a missing one reads 0 (the trend ' +
          'empty). No filters. An answer without `data`, served no-store, means no snapshot exists.',
      },
      cacheTier: 'daily',
      datasets: [OCEAN_ICE],
    })
    .input(GetOceanIceDataRequest)
    .output(GetOceanIceDataResponse)
    .query(({ ctx }) => {
      const data = oceanIce(ctx.deps.store);
      if (!data) markDegraded(ctx);
      return data ? { data } : {};
    }),
});
