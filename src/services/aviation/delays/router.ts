import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { FLIGHTS } from '../flights/datasets/flights.js';
import { FAA_STATUS } from './datasets/faa-status.js';
import { NOTAMS } from './datasets/notams.js';
import { getAirportOpsSummary } from './ops-summary.js';
import { listAirportDelays } from './queries.js';
import {
  GetAirportOpsSummaryRequest,
  GetAirportOpsSummaryResponse,
  ListAirportDelaysRequest,
  ListAirportDelaysResponse,
} from './schemas.js';

export const delayProcedures = {
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

  getAirportOpsSummary: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/aviation/v1/get-airport-ops-summary',
        operationId: 'GetAirportOpsSummary',
        tags: ['aviation'],
        summary: 'Operations summary of chosen airports',
        description:
          'For up to 20 airports (default IST, LHR, FRA, CDG, AMS, DXB): delay share, average delay, cancellation ' +
          'rate and departures from the international flights feed (US airports: the FAA national airspace ' +
          'status), plus ICAO NOTAMs in force that close or restrict the aerodrome, combined into one severity. ' +
          'Codes outside the monitored airports answer a row with UNKNOWN severity.',
      },
      cacheTier: 'static',
      datasets: [FAA_STATUS, FLIGHTS, NOTAMS],
    })
    .input(GetAirportOpsSummaryRequest)
    .output(GetAirportOpsSummaryResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = getAirportOpsSummary(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),
};
