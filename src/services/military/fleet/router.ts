import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { USNI_FLEET } from './datasets/usni-fleet.js';
import { getUsniFleetReport } from './queries.js';
import { GetUSNIFleetReportRequest, GetUSNIFleetReportResponse } from './schemas.js';

export const fleetProcedures = {
  getUSNIFleetReport: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/military/v1/get-usni-fleet-report',
        operationId: 'GetUSNIFleetReport',
        tags: ['military'],
        summary: 'US Navy ship positions from the USNI News Fleet Tracker',
        description:
          'The latest USNI News Fleet and Marine Tracker article, read from its WordPress feed: the battle force ' +
          'totals, every ship named with its hull type, sea area (with an approximate position) and deployment ' +
          'status, and the carrier strike groups and amphibious ready groups with their air wings, destroyer ' +
          'squadrons and escorts. `stale` is true when the article was more than 8 days old when it was read. Refreshed by ' +
          'ingestion; `force_refresh` changes nothing.',
      },
      cacheTier: 'daily',
      datasets: [USNI_FLEET],
    })
    .input(GetUSNIFleetReportRequest)
    .output(GetUSNIFleetReportResponse)
    .query(({ ctx }) => {
      const { response, degraded } = getUsniFleetReport(ctx.deps);
      if (degraded) markDegraded(ctx);
      return response;
    }),
};
