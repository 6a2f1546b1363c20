import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { SATELLITES } from './datasets/satellites.js';
import { listSatellites } from './queries.js';
import { ListSatellitesRequest, ListSatellitesResponse } from './schemas.js';

export const orbitProcedures = {
  listSatellites: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/list-satellites',
        operationId: 'ListSatellites',
        tags: ['intelligence'],
        summary: 'List tracked reconnaissance and earth-observation satellites',
        description:
          'Satellites of about twenty reconnaissance and earth-observation constellations (Yaogan, Gaofen, Cosmos, ' +
          'COSMO-SkyMed, TerraSAR-X, WorldView, Sentinel ...) from CelesTrak’s military and resource element-set ' +
          'groups, each with its two-line elements and the mean altitude, orbital speed and inclination computed ' +
          'from them. Filter by operator country. An empty list with caching disabled means no element sets ' +
          'have been loaded yet.',
      },
      cacheTier: 'static',
      datasets: [SATELLITES],
    })
    .input(ListSatellitesRequest)
    .output(ListSatellitesResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = listSatellites(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),
};
