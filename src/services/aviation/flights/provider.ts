import type { Config } from '../../../config.js';
import { fetchUrl } from '../../../platform/snapshots/fetch.js';
import { parseAviationstackFlights } from './datasets/flights.js';
import type { FlightInstance } from './schemas.js';

/**
 * Optional live flight-status lookups against AviationStack. Enabled only when the configuration
 * carries `AVIATIONSTACK_API_KEY`; without it get-flight-status answers from the flights snapshot.
 */
export interface FlightStatusProvider {
  lookup(
    flightNumber: string,
    date: string,
    origin: string | undefined,
    signal?: AbortSignal,
  ): Promise<FlightInstance[]>;
}

export const LIVE_BASE_URL = 'https://api.aviationstack.com/v1/flights';
/** How long a live answer is reused, like the published service's 120 s status cache. */
export const LIVE_TTL_MS = 120_000;

type WithProviderKey = Config & { AVIATIONSTACK_API_KEY?: string };

export function liveProviderFor(config: Config, now: () => number): FlightStatusProvider | undefined {
  const key = (config as WithProviderKey).AVIATIONSTACK_API_KEY;
  if (!key) return undefined;
  return {
    async lookup(flightNumber, date, origin, signal) {
      const q = new URLSearchParams({ access_key: key, flight_iata: flightNumber, flight_date: date, limit: '10' });
      if (origin) q.set('dep_iata', origin);
      // The platform fetch layer: deadline, byte cap, guarded redirects, retries, the key redacted from errors.
      const bytes = await fetchUrl(`${LIVE_BASE_URL}?${q}`, config, { signal, retries: 0 });
      return parseAviationstackFlights(bytes, now());
    },
  };
}

/** A live departure or arrival board is reused for 5 minutes (each board is one paid call). */
export const BOARD_TTL_MS = 300_000;
/** Live board calls give up after this long and fall back to the snapshot. */
export const BOARD_TIMEOUT_MS = 10_000;

/** Up to 100 departures (`dep`) or arrivals (`arr`) of an airport, live from AviationStack. */
export async function liveBoard(
  config: Config,
  iata: string,
  side: 'dep' | 'arr',
  now: number,
): Promise<FlightInstance[]> {
  const key = (config as WithProviderKey).AVIATIONSTACK_API_KEY;
  if (!key) throw new Error('AviationStack is not configured');
  const q = new URLSearchParams({ access_key: key, [`${side}_iata`]: iata, limit: '100' });
  const bytes = await fetchUrl(`${LIVE_BASE_URL}?${q}`, config, {
    signal: AbortSignal.timeout(BOARD_TIMEOUT_MS),
    retries: 0,
  });
  return parseAviationstackFlights(bytes, now);
}
