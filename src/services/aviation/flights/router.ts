import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { getFlightStatus } from './queries.js';
import { GetFlightStatusRequest, GetFlightStatusResponse } from './schemas.js';

export const flightProcedures = {
  getFlightStatus: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/aviation/v1/get-flight-status',
        operationId: 'GetFlightStatus',
        tags: ['aviation'],
        summary: 'Status of a flight on a date',
        description:
          'Schedule, estimates, actual times, delay, gate and aircraft of a flight on a given date, found by ' +
          'its operating or codeshare number. Answered from the stored flights feed, or from the live ' +
          'provider when one is configured. Requires a Pro entitlement.',
      },
      cacheTier: 'fast',
      requiredTier: 1,
      // No `datasets`: with a live provider configured the answer is not a function of the snapshot.
    })
    .input(GetFlightStatusRequest)
    .output(GetFlightStatusResponse)
    .query(async ({ ctx, input }) => {
      const { response, degraded } = await getFlightStatus(ctx.deps, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),
};
