import type { AppDeps } from '../../../trpc/context.js';
import type { Answer } from '../delays/queries.js';
import { FLIGHTS, type FlightsInfo } from './datasets/flights.js';
import { LIVE_TTL_MS, liveProviderFor } from './provider.js';
import { normaliseFlightNumber } from './rules.js';
import type { FlightInstance, GetFlightStatusRequest, GetFlightStatusResponse } from './schemas.js';

/** Live answers reused for LIVE_TTL_MS, one cache per running app. */
const liveCaches = new WeakMap<AppDeps, Map<string, { at: number; flights: FlightInstance[] }>>();

function matches(f: FlightInstance, fn: string, date: string, origin: string | undefined): boolean {
  return (
    f.date === date &&
    (f.flightNumber === fn || f.codeshareFlightNumbers.includes(fn)) &&
    (!origin || f.origin.iata === origin)
  );
}

/**
 * Status of a flight on a date: from the live provider when one is configured (a failure there
 * falls back to the snapshot and is not cached), else from the flights snapshot. Codeshare numbers
 * find their operating flight.
 */
export async function getFlightStatus(
  deps: AppDeps,
  req: GetFlightStatusRequest,
): Promise<Answer<GetFlightStatusResponse>> {
  const fn = normaliseFlightNumber(req.flight_number);
  const origin = req.origin?.toUpperCase();
  const now = deps.clock.now();
  let liveFailed = false;
  const provider = liveProviderFor(deps.config, () => deps.clock.now());
  if (provider) {
    let cache = liveCaches.get(deps);
    if (!cache) liveCaches.set(deps, (cache = new Map()));
    const key = `${fn}|${req.date}|${origin ?? ''}`;
    const hit = cache.get(key);
    if (hit && now - hit.at < LIVE_TTL_MS)
      return { response: { flights: hit.flights, source: 'aviationstack', cacheHit: true }, degraded: false };
    try {
      const flights = (await provider.lookup(fn, req.date, origin)).filter((f) => matches(f, fn, req.date, origin));
      cache.set(key, { at: now, flights });
      return { response: { flights, source: 'aviationstack', cacheHit: false }, degraded: false };
    } catch (err) {
      deps.logger.warn(
        { err: (err as Error).message, flight: fn },
        'live flight status failed; answering from the snapshot',
      );
      liveFailed = true;
    }
  }
  const snapshot = deps.store.read<FlightInstance, FlightsInfo>(FLIGHTS);
  if (!snapshot) return { response: { flights: [], source: 'unavailable', cacheHit: false }, degraded: true };
  const index = snapshot.derive('byNumberAndDate', (s) => {
    const m = new Map<string, FlightInstance[]>();
    for (const f of s.records) {
      for (const n of [f.flightNumber, ...f.codeshareFlightNumbers]) {
        const k = `${n}|${f.date}`;
        m.set(k, [...(m.get(k) ?? []), f]);
      }
    }
    return m;
  });
  const flights = (index.get(`${fn}|${req.date}`) ?? []).filter((f) => matches(f, fn, req.date, origin));
  return { response: { flights, source: 'snapshot', cacheHit: true }, degraded: liveFailed };
}
