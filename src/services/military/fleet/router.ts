import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
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
          'squadrons and escorts. Refreshed by ingestion; `force_refresh` changes nothing.',
      },
      cacheTier: 'daily',
      // No `datasets`: whether the report counts as stale depends on the clock as well.
    })
    .input(GetUSNIFleetReportRequest)
    .output(GetUSNIFleetReportResponse)
    .query(({ ctx }) => {
      const { response, degraded } = getUsniFleetReport(ctx.deps);
      if (degraded) markDegraded(ctx);
      return response;
    }),
};
