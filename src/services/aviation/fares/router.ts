import { operation } from '../../../trpc/procedures.js';
import { searchFlightPrices, searchGoogleDates, searchGoogleFlights } from './queries.js';
import {
  SearchFlightPricesRequest,
  SearchFlightPricesResponse,
  SearchGoogleDatesRequest,
  SearchGoogleDatesResponse,
  SearchGoogleFlightsRequest,
  SearchGoogleFlightsResponse,
} from './schemas.js';

// Every answer here that carries no fare has `degraded: true`, which makes it no-store.
export const fareProcedures = {
  searchFlightPrices: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/aviation/v1/search-flight-prices',
        operationId: 'SearchFlightPrices',
        tags: ['aviation'],
        summary: 'Indicative fares for a route and date',
        description:
          'Cheapest recently seen economy fares from the Travelpayouts Data API when `TRAVELPAYOUTS_API_TOKEN` is ' +
          'configured (10 s timeout, reused for an hour). Without it the answer is empty with `degraded: true` ' +
          'and `error: missing_credentials`: no fare is ever made up or replayed. 10 quotes by default, up to 50; ' +
          'other cabins than economy answer `unsupported_cabin`. Requires a Pro entitlement.',
      },
      cacheTier: 'medium',
      requiredTier: 1,
    })
    .input(SearchFlightPricesRequest)
    .output(SearchFlightPricesResponse)
    .query(({ ctx, input }) => searchFlightPrices(ctx.deps, input)),

  searchGoogleFlights: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/aviation/v1/search-google-flights',
        operationId: 'SearchGoogleFlights',
        tags: ['aviation'],
        summary: 'Itineraries and prices from Google Flights',
        description:
          'A Google Flights search run by the live relay (`RELAY_URL`; 10 s timeout, reused for 10 minutes). ' +
          'Without the relay, or without origin, destination and departure date, the answer is empty with ' +
          '`degraded: true` and the reason in `error`; no stored or invented fare is shown.',
      },
      cacheTier: 'no-store',
    })
    .input(SearchGoogleFlightsRequest)
    .output(SearchGoogleFlightsResponse)
    .query(({ ctx, input }) => searchGoogleFlights(ctx.deps, input)),

  searchGoogleDates: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/aviation/v1/search-google-dates',
        operationId: 'SearchGoogleDates',
        tags: ['aviation'],
        summary: 'Lowest Google Flights price per date',
        description:
          'The cheapest price for each departure date between `start_date` and `end_date` (round trips of ' +
          '`trip_duration` days when `is_round_trip`), searched by the live relay (`RELAY_URL`). Without the ' +
          'relay or the required fields: empty, `degraded: true`, the reason in `error`. A range priced only in ' +
          'part is returned with `degraded: true`.',
      },
      cacheTier: 'medium',
    })
    .input(SearchGoogleDatesRequest)
    .output(SearchGoogleDatesResponse)
    .query(({ ctx, input }) => searchGoogleDates(ctx.deps, input)),
};
