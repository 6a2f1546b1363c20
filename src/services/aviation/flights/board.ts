import { ServiceError } from '../../../platform/errors.js';
import type { AppDeps } from '../../../trpc/context.js';
import { MONITORED_AIRPORTS } from '../delays/airports.js';
import { FLIGHTS, type FlightsInfo } from './datasets/flights.js';
import { BOARD_TTL_MS, liveBoard } from './provider.js';
import { carrierOps } from './rules.js';
import type {
  FlightInstance,
  GetCarrierOpsRequest,
  GetCarrierOpsResponse,
  ListAirportFlightsRequest,
  ListAirportFlightsResponse,
} from './schemas.js';

const DEFAULT_LIMIT = 30;
const DEFAULT_CARRIER_AIRPORTS = ['IST', 'LHR', 'FRA'];
const MAX_CARRIER_AIRPORTS = 6;
const DEFAULT_MIN_FLIGHTS = 3;
const IATA_OF_ICAO = new Map(MONITORED_AIRPORTS.map((a) => [a.icao, a.iata]));

type Side = 'dep' | 'arr';
interface Board {
  flights: FlightInstance[];
  source: 'aviationstack' | 'snapshot' | 'unavailable';
  updatedAt: number;
  /** A live call failed and the snapshot answered, or nothing did. */
  degraded: boolean;
}

const boardCaches = new WeakMap<AppDeps, Map<string, { at: number; flights: FlightInstance[] }>>();

function configured(deps: AppDeps): boolean {
  return !!(deps.config as { AVIATIONSTACK_API_KEY?: string }).AVIATIONSTACK_API_KEY;
}

/**
 * One side of an airport's board: live from AviationStack when configured (reused for 5 minutes),
 * otherwise, or when the live call fails, the stored flights feed as of its read time.
 */
async function boardOf(deps: AppDeps, iata: string, side: Side): Promise<Board> {
  let degraded = false;
  if (configured(deps)) {
    let cache = boardCaches.get(deps);
    if (!cache) boardCaches.set(deps, (cache = new Map()));
    const key = `${iata}|${side}`;
    const now = deps.clock.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < BOARD_TTL_MS)
      return { flights: hit.flights, source: 'aviationstack', updatedAt: hit.at, degraded: false };
    try {
      const flights = (await liveBoard(deps.config, iata, side, now)).filter(
        (f) => (side === 'dep' ? f.origin.iata : f.destination.iata) === iata,
      );
      cache.set(key, { at: now, flights });
      return { flights, source: 'aviationstack', updatedAt: now, degraded: false };
    } catch (err) {
      deps.logger.warn(
        { err: (err as Error).message, airport: iata },
        'live airport board failed; answering from the snapshot',
      );
      degraded = true;
    }
  }
  const snap = deps.store.read<FlightInstance, FlightsInfo>(FLIGHTS);
  if (!snap) return { flights: [], source: 'unavailable', updatedAt: 0, degraded: true };
  const index = snap.derive('boards', (s) => {
    const m = new Map<string, FlightInstance[]>();
    for (const f of s.records) {
      for (const k of [`${f.origin.iata}|dep`, `${f.destination.iata}|arr`]) m.set(k, [...(m.get(k) ?? []), f]);
    }
    return m;
  });
  return {
    flights: index.get(`${iata}|${side}`) ?? [],
    source: 'snapshot',
    updatedAt: snap.info.readAt || snap.capturedAt,
    degraded,
  };
}

function iataOf(code: string): string {
  const c = code.trim().toUpperCase();
  if (c.length === 3) return c;
  const iata = IATA_OF_ICAO.get(c);
  if (!iata)
    throw ServiceError.validation([
      { field: 'airport', description: `${c} is not the ICAO code of a monitored airport; use its IATA code` },
    ]);
  return iata;
}

export async function listAirportFlights(
  deps: AppDeps,
  req: ListAirportFlightsRequest,
): Promise<{ response: ListAirportFlightsResponse; degraded: boolean }> {
  const iata = iataOf(req.airport);
  const sides: Side[] =
    req.direction === 'FLIGHT_DIRECTION_ARRIVAL'
      ? ['arr']
      : req.direction === 'FLIGHT_DIRECTION_BOTH'
        ? ['dep', 'arr']
        : ['dep'];
  const boards = await Promise.all(sides.map((s) => boardOf(deps, iata, s)));
  const timeOf = (f: FlightInstance) => (f.origin.iata === iata ? f.scheduledDeparture : f.scheduledArrival);
  const flights = boards
    .flatMap((b) => b.flights)
    .sort((a, b) => timeOf(a) - timeOf(b) || (a.flightNumber < b.flightNumber ? -1 : 1));
  const source = boards.every((b) => b.source === boards[0]!.source) ? boards[0]!.source : 'snapshot';
  return {
    response: {
      flights: flights.slice(0, req.limit || DEFAULT_LIMIT),
      totalAvailable: flights.length,
      source,
      updatedAt: Math.min(...boards.map((b) => b.updatedAt)),
    },
    degraded: boards.some((b) => b.degraded),
  };
}

export async function getCarrierOps(
  deps: AppDeps,
  req: GetCarrierOpsRequest,
): Promise<{ response: GetCarrierOpsResponse; degraded: boolean }> {
  const codes = [...new Set((req.airports ?? []).map((c) => c.trim().toUpperCase()).filter(Boolean))];
  if (codes.length > MAX_CARRIER_AIRPORTS)
    throw ServiceError.validation([{ field: 'airports', description: `at most ${MAX_CARRIER_AIRPORTS} airports` }]);
  const bad = codes.find((c) => !/^[A-Z]{3}$/.test(c));
  if (bad) throw ServiceError.validation([{ field: 'airports', description: `${bad} is not a 3-letter IATA code` }]);
  const airports = codes.length ? codes : DEFAULT_CARRIER_AIRPORTS;
  const minFlights = req.min_flights ?? DEFAULT_MIN_FLIGHTS;
  const boards = await Promise.all(airports.map((a) => boardOf(deps, a, 'dep')));
  const carriers = airports.flatMap((airport, i) => {
    const b = boards[i]!;
    return carrierOps(
      b.flights.map((f) => ({ carrier: f.operatingCarrier, delayMinutes: f.delayMinutes, cancelled: f.cancelled })),
      minFlights,
    ).map((c) => ({ ...c, airport, updatedAt: b.updatedAt }));
  });
  carriers.sort(
    (a, b) =>
      b.cancellationRate - a.cancellationRate ||
      b.delayPct - a.delayPct ||
      (a.airport < b.airport ? -1 : a.airport > b.airport ? 1 : 0),
  );
  const sources = new Set(boards.map((b) => b.source));
  const source = sources.size === 1 ? boards[0]!.source : sources.has('unavailable') ? 'partial' : 'snapshot';
  return {
    response: { carriers, source, updatedAt: Math.min(...boards.map((b) => b.updatedAt)) },
    degraded: boards.some((b) => b.degraded),
  };
}
