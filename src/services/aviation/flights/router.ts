import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { getCarrierOps, listAirportFlights } from './board.js';
import { getFlightStatus } from './queries.js';
import {
  GetCarrierOpsRequest,
  GetCarrierOpsResponse,
  GetFlightStatusRequest,
  GetFlightStatusResponse,
  ListAirportFlightsRequest,
  ListAirportFlightsResponse,
} from './schemas.js';

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

  listAirportFlights: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/aviation/v1/list-airport-flights',
        operationId: 'ListAirportFlights',
        tags: ['aviation'],
        summary: 'Departure and arrival board of an airport',
        description:
          'Flights departing from or arriving at an airport. With AviationStack configured the board is read live ' +
          '(10 s timeout, reused for 5 minutes, `source: aviationstack`); otherwise, or when that fails, the stored ' +
          'flights feed answers with `source: snapshot` and its read time in `updatedAt` — a past board, not a ' +
          'current one. Departures by default; 30 flights by default, up to 100. Requires a Pro entitlement.',
      },
      cacheTier: 'static',
      requiredTier: 1,
    })
    .input(ListAirportFlightsRequest)
    .output(ListAirportFlightsResponse)
    .query(async ({ ctx, input }) => {
      const { response, degraded } = await listAirportFlights(ctx.deps, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),

  getCarrierOps: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/aviation/v1/get-carrier-ops',
        operationId: 'GetCarrierOps',
        tags: ['aviation'],
        summary: 'Carrier delays and cancellations at airports',
        description:
          'Per operating carrier and airport: departures, delayed (15+ minutes) and cancelled counts, mean delay ' +
          'and rates, from the same boards as list-airport-flights (live AviationStack when configured, else the ' +
          'stored feed, said in `source`). Up to 6 airports (default IST, LHR, FRA); carriers with fewer than ' +
          '`min_flights` departures (default 3) are left out. Requires a Pro entitlement.',
      },
      cacheTier: 'slow',
      requiredTier: 1,
    })
    .input(GetCarrierOpsRequest)
    .output(GetCarrierOpsResponse)
    .query(async ({ ctx, input }) => {
      const { response, degraded } = await getCarrierOps(ctx.deps, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),
};
