import { idempotent } from '../../../trpc/idempotent.js';
import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { IdempotencyHeaders } from '../../../platform/batch/idempotency-headers.js';
import { wingbitsConfigured } from './provider.js';
import { getAircraftDetails, getAircraftDetailsBatch, getLiveFlight } from './queries.js';
import {
  GetAircraftDetailsBatchRequest,
  GetAircraftDetailsBatchResponse,
  GetAircraftDetailsRequest,
  GetAircraftDetailsResponse,
  GetWingbitsLiveFlightRequest,
  GetWingbitsLiveFlightResponse,
  GetWingbitsStatusRequest,
  GetWingbitsStatusResponse,
} from './schemas.js';

export const aircraftProcedures = {
  getAircraftDetails: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/military/v1/get-aircraft-details',
        operationId: 'GetAircraftDetails',
        tags: ['military'],
        summary: 'Registry details of an airframe',
        description:
          'Registration, manufacturer, model, type, operator, owner, year of build and engines of an aircraft by ' +
          'its ICAO address. With a Wingbits key configured Wingbits is asked first (answers kept for a day); ' +
          'otherwise, or for airframes Wingbits does not know, the bundled open aircraft registry answers for the ' +
          'airframes it holds. The `X-Aircraft-Source` header names the source (`wingbits`, `open-registry`, `none`).',
      },
      cacheTier: 'static',
    })
    .input(GetAircraftDetailsRequest)
    .output(GetAircraftDetailsResponse)
    .query(async ({ ctx, input }) => {
      const { response, source, degraded } = await getAircraftDetails(ctx.deps, input.icao24);
      ctx.resHeaders['X-Aircraft-Source'] = source;
      if (degraded) markDegraded(ctx);
      return response;
    }),

  getAircraftDetailsBatch: operation
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/military/v1/get-aircraft-details-batch',
        operationId: 'GetAircraftDetailsBatch',
        tags: ['military'],
        summary: 'Registry details of up to 20 airframes',
        description:
          'The get-aircraft-details lookup for 1 to 20 ICAO addresses (trimmed, lower-cased, blanks and repeats ' +
          'dropped); found airframes are keyed by address in `results`. Limited to 30 calls a minute.',
        requestHeaders: IdempotencyHeaders,
      },
      cacheTier: 'no-store',
      ratePolicy: 'get-aircraft-details-batch',
    })
    .input(GetAircraftDetailsBatchRequest)
    .output(GetAircraftDetailsBatchResponse)
    .mutation(({ ctx, input }) =>
      idempotent(ctx, input, async () => {
        const { response, degraded } = await getAircraftDetailsBatch(ctx.deps, input.icao24s);
        if (degraded) markDegraded(ctx);
        return response;
      }),
    ),

  getWingbitsStatus: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/military/v1/get-wingbits-status',
        operationId: 'GetWingbitsStatus',
        tags: ['military'],
        summary: 'Whether the Wingbits provider is configured',
        description:
          'True when a Wingbits API key is configured, so aircraft details and live positions come from Wingbits.',
      },
      cacheTier: 'static',
    })
    .input(GetWingbitsStatusRequest)
    .output(GetWingbitsStatusResponse)
    .query(({ ctx }) => ({ configured: wingbitsConfigured(ctx.deps.config) })),

  getWingbitsLiveFlight: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/military/v1/get-wingbits-live-flight',
        operationId: 'GetWingbitsLiveFlight',
        tags: ['military'],
        summary: 'Latest position of an aircraft',
        description:
          'With a Wingbits key configured, the aircraft’s live position from Wingbits (8 s timeout, reused for ' +
          '30 s; `flightStatus: live`). Otherwise, or when Wingbits fails, its last position in the stored military ' +
          'ADS-B feed, labelled `flightStatus: snapshot` with the time of that position in `lastSeen`. No position ' +
          'known: no `flight`. Schedule and photo fields are not fetched.',
      },
      cacheTier: 'no-store',
    })
    .input(GetWingbitsLiveFlightRequest)
    .output(GetWingbitsLiveFlightResponse)
    .query(async ({ ctx, input }) => {
      const { response, degraded } = await getLiveFlight(ctx.deps, input.icao24);
      if (degraded) markDegraded(ctx);
      return response;
    }),
};
