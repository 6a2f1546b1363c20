import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { getBypassOptions, getRouteExplorerLane, LANE_DATASETS } from './queries.js';
import {
  GetBypassOptionsRequest,
  GetBypassOptionsResponse,
  GetRouteExplorerLaneRequest,
  GetRouteExplorerLaneResponse,
} from './schemas.js';

export { LANE_DATASETS };

/** Shipping lanes and bypass corridors, composed into the supply-chain router. */
export const routeProcedures = {
  getBypassOptions: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-bypass-options',
        operationId: 'GetBypassOptions',
        tags: ['supply-chain'],
        summary: 'Ways around a chokepoint, scored on current conditions',
        description:
          'Bypass corridors of one chokepoint from the curated lane model (sea diversions, pipelines, land bridges, modal ' +
          'shifts) that suit the cargo type, each scored from the current disruption of the chokepoints it still passes and ' +
          'its freight uplift, best first. closurePct (default 100) below 100 leaves out corridors meant for a full closure. ' +
          'PRO plans and above.',
      },
      cacheTier: 'slow',
      requiredTier: 1,
      datasets: LANE_DATASETS,
    })
    .input(GetBypassOptionsRequest)
    .output(GetBypassOptionsResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = getBypassOptions(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),

  getRouteExplorerLane: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-route-explorer-lane',
        operationId: 'GetRouteExplorerLane',
        tags: ['supply-chain'],
        summary: 'The modelled shipping lane between two countries',
        description:
          'From the curated lane model: the routes both countries’ ports are near, the one matching the cargo type first as the ' +
          'primary route with its geometry, the share of the lane’s routes passing each chokepoint, the bypasses of the most ' +
          'exposed chokepoint (the first of those shares, ties in registry order; up to five, with status), its current war-risk ' +
          'tier and disruption score, and indicative transit days and freight. noModeledLane when the model has no shared route. ' +
          'PRO plans and above. Deviation from the published service: it measures exposure as the share of the chokepoint’s own ' +
          'routes that the primary route is, so shares and ties can differ.',
      },
      cacheTier: 'slow',
      requiredTier: 1,
      datasets: LANE_DATASETS,
    })
    .input(GetRouteExplorerLaneRequest)
    .output(GetRouteExplorerLaneResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = getRouteExplorerLane(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),
};
