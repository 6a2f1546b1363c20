import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { CHOKEPOINTS } from './datasets/chokepoints.js';
import { TRANSITS } from './datasets/transits.js';
import { getChokepointHistory, getChokepointStatus, STATUS_DATASETS } from './queries.js';
import {
  GetChokepointHistoryRequest,
  GetChokepointHistoryResponse,
  GetChokepointStatusRequest,
  GetChokepointStatusResponse,
} from './schemas.js';

/** chokepoint operations, composed into the supply-chain router. */
export const chokepointProcedures = {
  getChokepointStatus: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-chokepoint-status',
        operationId: 'GetChokepointStatus',
        tags: ['supply-chain'],
        summary: 'Status of the 13 canonical maritime chokepoints',
        description:
          'Disruption score and traffic-light badge, navigational warnings, AIS congestion, 24-hour crossings, ' +
          'recent transit history and, for the seven oil-flow chokepoints, an estimated oil flow against its ' +
          'annual baseline. upstreamUnavailable marks missing or partial inputs.',
      },
      cacheTier: 'medium',
      datasets: STATUS_DATASETS,
    })
    .input(GetChokepointStatusRequest)
    .output(GetChokepointStatusResponse)
    .query(({ ctx }) => getChokepointStatus(ctx.deps.store)),

  getChokepointHistory: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-chokepoint-history',
        operationId: 'GetChokepointHistory',
        tags: ['supply-chain'],
        summary: 'Daily transit history of one chokepoint',
        description:
          'Vessel transits per day by class, with deadweight tonnage, for about the last 180 days, oldest first.',
      },
      cacheTier: 'slow',
      datasets: [CHOKEPOINTS, TRANSITS],
    })
    .input(GetChokepointHistoryRequest)
    .output(GetChokepointHistoryResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = getChokepointHistory(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),
};
