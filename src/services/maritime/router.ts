import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { MARITIME_NAV_WARNINGS } from './datasets/nav-warnings.js';
import { listNavigationalWarnings } from './queries.js';
import {
  GetVesselSnapshotRequest,
  GetVesselSnapshotResponse,
  ListNavigationalWarningsRequest,
  ListNavigationalWarningsResponse,
} from './schemas.js';
import { getVesselSnapshot } from './vessels.js';

export const maritimeRouter = router({
  listNavigationalWarnings: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/maritime/v1/list-navigational-warnings',
        operationId: 'ListNavigationalWarnings',
        tags: ['maritime'],
        summary: 'Active navigational warnings',
        description:
          'Active broadcast navigational warnings from NGA’s Maritime Safety Information service (NAVAREA IV and ' +
          'XII, and the other areas it relays): text, area, the first position the text gives, issue time and the ' +
          'self-cancellation time when announced. `area` keeps warnings whose area or text contains it; newest ' +
          'first, 100 per page by default.',
      },
      cacheTier: 'static',
      datasets: [MARITIME_NAV_WARNINGS],
    })
    .input(ListNavigationalWarningsRequest)
    .output(ListNavigationalWarningsResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = listNavigationalWarnings(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),

  getVesselSnapshot: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/maritime/v1/get-vessel-snapshot',
        operationId: 'GetVesselSnapshot',
        tags: ['maritime'],
        summary: 'AIS vessel traffic picture',
        description:
          'Traffic density cells, chokepoint congestion and AIS-gap disruptions, and optionally reports of ' +
          'military-looking vessels and tankers, from the AIS relay (`RELAY_URL`; 10 s timeout, reused for 1-5 ' +
          'minutes). Without the relay there is no picture: `dataAvailable: false` (not cached). When a configured ' +
          'relay fails, its last ingested aggregate is replayed with its own time in `snapshotAt` and ' +
          '`status.connected: false`: a past picture, not a current one (not cached). An optional box (all ' +
          'four corners, each side at most 10 degrees) narrows everything. Limited to 60 calls a minute.',
      },
      cacheTier: 'fast',
      ratePolicy: 'get-vessel-snapshot',
    })
    .input(GetVesselSnapshotRequest)
    .output(GetVesselSnapshotResponse)
    .query(async ({ ctx, input }) => {
      const { response, degraded } = await getVesselSnapshot(ctx.deps, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),
});
