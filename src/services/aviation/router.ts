import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { FAA_STATUS } from './datasets/faa-status.js';
import { FLIGHTS } from './datasets/flights.js';
import { getFlightStatus, listAirportDelays } from './queries.js';
import { GetFlightStatusRequest, GetFlightStatusResponse, ListAirportDelaysRequest, ListAirportDelaysResponse } from './schemas.js';

export const aviationRouter = router({
  listAirportDelays: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/aviation/v1/list-airport-delays',
        operationId: 'ListAirportDelays',
        tags: ['aviation'],
        summary: 'Delay status of monitored airports',
        description:
          'One entry for every monitored airport: US airports from the FAA’s national airspace status ' +
          '(ground stops, ground delay programmes, closures, arrival/departure delays), others computed from ' +
          'recent departures in the international flights feed. Airports no current source covers are ' +
          'reported with UNKNOWN severity. Worst first; filter by region or minimum severity.',
      },
      cacheTier: 'static',
      datasets: [FAA_STATUS, FLIGHTS],
    })
    .input(ListAirportDelaysRequest)
    .output(ListAirportDelaysResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = listAirportDelays(ctx.deps.store, input);
      // No flag in this contract: a missing feed is signalled by UNKNOWN entries and no-store.
      if (degraded) markDegraded(ctx);
      return response;
    }),

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
});
