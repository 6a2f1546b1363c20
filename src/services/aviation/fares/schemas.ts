import { z } from 'zod';
import { boolParam, int32Param, listParam, stringParam } from '../../../platform/query-params.js';
import { isCalendarDate } from '../flights/rules.js';
import { Carrier } from '../flights/schemas.js';

const int32 = (description: string) =>
  z.number().int().min(-2147483648).max(2147483647).meta({ format: 'int32', description });
const int64 = (description: string) => z.number().int().meta({ format: 'int64', description });
const double = (description: string) => z.number().meta({ format: 'double', description });
const single = <T extends z.ZodType<string, string>>(rules: T) => z.string().pipe(rules);
const airportCode = (description: string) =>
  single(z.string().regex(/^[A-Za-z]{3,4}$/, { message: 'string must be a 3-4 letter airport or city code' })).meta({
    description,
  });
const date = (description: string) =>
  single(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'string must match pattern ^\\d{4}-\\d{2}-\\d{2}$ (YYYY-MM-DD)' })
      .refine(isCalendarDate, { message: 'value must be a real calendar date' }),
  ).meta({ description });

export const CABINS = [
  'CABIN_CLASS_UNSPECIFIED',
  'CABIN_CLASS_ECONOMY',
  'CABIN_CLASS_PREMIUM_ECONOMY',
  'CABIN_CLASS_BUSINESS',
  'CABIN_CLASS_FIRST',
] as const;

export const SearchFlightPricesRequest = z.object({
  origin: airportCode('Origin IATA airport or city code.'),
  destination: airportCode('Destination IATA airport or city code.'),
  departure_date: date('Departure date, YYYY-MM-DD.'),
  return_date: date('Return date for a round trip, YYYY-MM-DD.').optional(),
  adults: int32Param({ min: 0, max: 9, description: 'Adults, 1 to 9; omitted or 0 means 1. Fares are per person.' }),
  cabin: z.enum(CABINS).optional().meta({
    description: 'Cabin; the fare source only tells economy from the rest, so other cabins are refused in-band.',
  }),
  nonstop_only: boolParam('Only non-stop fares.'),
  max_results: int32Param({ min: 0, max: 50, description: 'Quotes to return, 1 to 50; omitted or 0 means 10.' }),
  currency: single(z.string().regex(/^[A-Za-z]{3}$/, { message: 'string must be a 3-letter currency code' }))
    .optional()
    .meta({ description: 'ISO 4217 currency, default USD.' }),
  market: single(z.string().regex(/^[A-Za-z]{2}$/, { message: 'string must be a 2-letter market code' }))
    .optional()
    .meta({ description: 'Market (country) whose searches to use, e.g. `us`, `gb`.' }),
});
export type SearchFlightPricesRequest = z.infer<typeof SearchFlightPricesRequest>;

export const PriceQuote = z
  .object({
    id: z.string(),
    origin: z.string(),
    destination: z.string(),
    departureDate: z.string().meta({ description: 'Departure time as the source gives it (ISO 8601 with offset).' }),
    returnDate: z.string(),
    carrier: Carrier,
    priceAmount: double('Fare per person in `currency`, as last seen in real searches.'),
    currency: z.string(),
    cabin: z.enum(CABINS),
    stops: int32('Transfers on the outbound.'),
    durationMinutes: int32('Outbound duration; 0 when unknown.'),
    bookingUrl: z.string().meta({ description: 'Always empty: no booking link is offered.' }),
    provider: z.string(),
    isIndicative: z.boolean().meta({ description: 'Always true: cached fares, not a bookable offer.' }),
    observedAt: int64('When the fare was read, Unix epoch milliseconds.'),
    checkoutRef: z.string().meta({ description: 'Always empty.' }),
    expiresAt: int64('When the source stops vouching for the fare; 0 when unknown.'),
  })
  .meta({ id: 'aviation_v1_PriceQuote', description: 'One indicative fare.' });

export const SearchFlightPricesResponse = z
  .object({
    quotes: z.array(PriceQuote).meta({ description: 'Cheapest first.' }),
    provider: z.string().meta({ description: '`travelpayouts_data` when configured, else `none`.' }),
    isDemoMode: z.boolean().meta({ description: 'Always false: no synthetic fares are ever made.' }),
    updatedAt: int64('When the fares were read; 0 when none were.'),
    isIndicative: z.boolean().meta({ description: 'Always true.' }),
    degraded: z.boolean().meta({ description: 'True when no quote could be given.' }),
    error: z
      .string()
      .meta({ description: '`missing_credentials`, `upstream_error`, `no_results`, `unsupported_cabin`, or empty.' }),
  })
  .meta({ id: 'aviation_v1_SearchFlightPricesResponse', description: 'Indicative fares for a route and date.' });
export type SearchFlightPricesResponse = z.infer<typeof SearchFlightPricesResponse>;

const GOOGLE_CABINS = ['ECONOMY', 'PREMIUM_ECONOMY', 'BUSINESS', 'FIRST'];
const STOPS = ['NON_STOP', 'ONE_STOP', 'TWO_PLUS_STOPS', '0', '1', '2'];
const common = {
  origin: stringParam('Origin IATA code.', 8),
  destination: stringParam('Destination IATA code.', 8),
  cabin_class: stringParam(`Cabin: ${GOOGLE_CABINS.join(', ')}.`, 32),
  max_stops: stringParam('Most stops: NON_STOP (0), ONE_STOP (1), TWO_PLUS_STOPS (2).', 32),
  departure_window: stringParam('Departure hours `H0-H1`, e.g. `6-12`.', 8),
  airlines: listParam('Only these airlines (IATA codes).', { maxItemLength: 3 }),
  passengers: int32Param({ min: 0, max: 9, description: 'Passengers, 1 to 9; omitted or 0 means 1.' }),
};
export const GOOGLE_OPTIONS = { cabins: GOOGLE_CABINS, stops: STOPS };

export const SearchGoogleFlightsRequest = z.object({
  ...common,
  departure_date: stringParam('Departure date, YYYY-MM-DD.', 10),
  return_date: stringParam('Return date for a round trip, YYYY-MM-DD.', 10),
  sort_by: stringParam('CHEAPEST (or PRICE), DEPARTURE_TIME, ARRIVAL_TIME, DURATION.', 32),
});
export type SearchGoogleFlightsRequest = z.infer<typeof SearchGoogleFlightsRequest>;

export const GoogleFlightLeg = z
  .object({
    airlineCode: z.string(),
    flightNumber: z.string(),
    departureAirport: z.string(),
    arrivalAirport: z.string(),
    departureDatetime: z.string().meta({ description: 'Local time, `YYYY-MM-DDTHH:MM`.' }),
    arrivalDatetime: z.string().meta({ description: 'Local time, `YYYY-MM-DDTHH:MM`.' }),
    durationMinutes: int32('Leg duration.'),
  })
  .meta({ id: 'aviation_v1_GoogleFlightLeg', description: 'One flight of an itinerary.' });

export const GoogleFlightResult = z
  .object({
    legs: z.array(GoogleFlightLeg),
    price: double('Total price as Google Flights shows it.'),
    durationMinutes: int32('Total travel time.'),
    stops: int32('Legs minus one.'),
  })
  .meta({ id: 'aviation_v1_GoogleFlightResult', description: 'One itinerary.' });

export const SearchGoogleFlightsResponse = z
  .object({
    flights: z.array(GoogleFlightResult),
    degraded: z.boolean().meta({ description: 'True when no search could run or it failed.' }),
    error: z.string().meta({ description: 'Why, or empty.' }),
  })
  .meta({ id: 'aviation_v1_SearchGoogleFlightsResponse', description: 'Itineraries found on Google Flights.' });
export type SearchGoogleFlightsResponse = z.infer<typeof SearchGoogleFlightsResponse>;

export const SearchGoogleDatesRequest = z.object({
  ...common,
  start_date: stringParam('First departure date, YYYY-MM-DD.', 10),
  end_date: stringParam('Last departure date, YYYY-MM-DD.', 10),
  trip_duration: int32Param({ min: 0, max: 365, description: 'Days between departure and return (round trips).' }),
  is_round_trip: boolParam('Price round trips of `trip_duration` days.'),
  sort_by_price: boolParam('Cheapest dates first instead of calendar order.'),
});
export type SearchGoogleDatesRequest = z.infer<typeof SearchGoogleDatesRequest>;

export const DatePriceEntry = z
  .object({
    date: z.string().meta({ description: 'Departure date, YYYY-MM-DD.' }),
    returnDate: z.string().meta({ description: 'Return date for round trips, else empty.' }),
    price: double('Lowest price found for the date.'),
  })
  .meta({ id: 'aviation_v1_DatePriceEntry', description: 'Lowest price of one date.' });

export const SearchGoogleDatesResponse = z
  .object({
    dates: z.array(DatePriceEntry),
    degraded: z
      .boolean()
      .meta({ description: 'True when no search could run, it failed, or only part of the range was priced.' }),
    error: z.string().meta({ description: 'Why, or empty.' }),
  })
  .meta({ id: 'aviation_v1_SearchGoogleDatesResponse', description: 'Lowest prices over a date range.' });
export type SearchGoogleDatesResponse = z.infer<typeof SearchGoogleDatesResponse>;
