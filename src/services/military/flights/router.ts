import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { MILITARY_FLIGHTS } from './datasets/military-flights.js';
import { getTheaterPosture, listMilitaryFlights } from './queries.js';
import {
  GetTheaterPostureRequest,
  GetTheaterPostureResponse,
  ListMilitaryFlightsRequest,
  ListMilitaryFlightsResponse,
} from './schemas.js';

export const flightProcedures = {
  listMilitaryFlights: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/military/v1/list-military-flights',
        operationId: 'ListMilitaryFlights',
        tags: ['military'],
        summary: 'Military aircraft in a bounding box',
        description:
          'Military aircraft from the public adsb.lol ADS-B military feed, each classified by operator (USAF, US Navy, ' +
          'USMC, US Army, RAF, Royal Navy, French and German air forces, PLA Air Force and Navy, Russian Aerospace ' +
          'Forces, Israeli Air Force, NATO, or OTHER with the operating state) from a curated reference table of ' +
          'known airframes, database operators, callsign designators, registration series and ICAO address blocks, ' +
          'with a confidence saying which evidence decided. Filter by box (omitted: the whole world; antimeridian ' +
          'boxes work), operator and aircraft role; paged, 100 per page by default.',
      },
      cacheTier: 'slow',
      datasets: [MILITARY_FLIGHTS],
    })
    .input(ListMilitaryFlightsRequest)
    .output(ListMilitaryFlightsResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = listMilitaryFlights(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),

  getTheaterPosture: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/military/v1/get-theater-posture',
        operationId: 'GetTheaterPosture',
        tags: ['military'],
        summary: 'Military air posture of nine watched theaters',
        description:
          'For each watched theater (Iran, Taiwan, Baltic, Black Sea, Korea, South China Sea, Eastern Mediterranean, ' +
          'Israel/Gaza, Yemen/Red Sea) the airborne military flights of the latest ADS-B snapshot inside its box, a ' +
          'level (normal, elevated, critical) from per-theater thresholds, and the operations the mix of tankers, ' +
          'AWACS and fighters supports. Computed once per snapshot; `theater` selects one.',
      },
      cacheTier: 'slow',
      datasets: [MILITARY_FLIGHTS],
    })
    .input(GetTheaterPostureRequest)
    .output(GetTheaterPostureResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = getTheaterPosture(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),
};
