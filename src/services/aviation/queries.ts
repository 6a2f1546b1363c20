import { paginate } from '../../platform/paging.js';
import type { SnapshotStore } from '../../platform/snapshots/store.js';
import type { AppDeps } from '../../trpc/context.js';
import { MONITORED_AIRPORTS, type MonitoredAirport } from './airports.js';
import { FAA_STATUS, type FaaDelay, type FaaStatusInfo } from './datasets/faa-status.js';
import { FLIGHTS, type FlightsInfo } from './datasets/flights.js';
import { LIVE_TTL_MS, liveProviderFor } from './flight-provider.js';
import { hubDelayStats, meetsMinSeverity, normaliseFlightNumber, severityRank, type HubDelayStats } from './rules.js';
import type { AirportDelayAlert, FlightInstance, GetFlightStatusRequest, GetFlightStatusResponse, ListAirportDelaysRequest, ListAirportDelaysResponse } from './schemas.js';

/** A handler answer plus whether it is a fallback that must not be cached (the contract has no flag). */
export interface Answer<T> {
  response: T;
  degraded: boolean;
}

function base(a: MonitoredAirport) {
  return { iata: a.iata, icao: a.icao, name: a.name, city: a.city, country: a.country, location: { latitude: a.lat, longitude: a.lon }, region: a.region };
}

function unknown(a: MonitoredAirport): AirportDelayAlert {
  return {
    id: `unknown-${a.iata}`,
    ...base(a),
    delayType: 'FLIGHT_DELAY_TYPE_UNSPECIFIED',
    severity: 'FLIGHT_DELAY_SEVERITY_UNKNOWN',
    avgDelayMinutes: 0,
    delayedFlightsPct: 0,
    cancelledFlights: 0,
    totalFlights: 0,
    reason: 'Coverage unavailable',
    source: 'FLIGHT_DELAY_SOURCE_UNSPECIFIED',
    updatedAt: 0,
  };
}

function fromFaa(a: MonitoredAirport, d: FaaDelay | undefined, updatedAt: number): AirportDelayAlert {
  const common = { ...base(a), delayedFlightsPct: 0, cancelledFlights: 0, totalFlights: 0, source: 'FLIGHT_DELAY_SOURCE_FAA' as const, updatedAt };
  if (!d) return { id: `status-${a.iata}`, ...common, delayType: 'FLIGHT_DELAY_TYPE_UNSPECIFIED', severity: 'FLIGHT_DELAY_SEVERITY_NORMAL', avgDelayMinutes: 0, reason: 'Normal operations' };
  return { id: `faa-${a.iata}`, ...common, delayType: d.delayType, severity: d.severity, avgDelayMinutes: d.avgDelayMinutes, reason: d.reason };
}

function fromFlights(a: MonitoredAirport, s: HubDelayStats, updatedAt: number): AirportDelayAlert {
  const normal = s.severity === 'FLIGHT_DELAY_SEVERITY_NORMAL';
  return {
    id: `${normal ? 'status' : 'aviationstack'}-${a.iata}`,
    ...base(a),
    delayType: normal ? 'FLIGHT_DELAY_TYPE_UNSPECIFIED' : 'FLIGHT_DELAY_TYPE_DEPARTURE_DELAY',
    severity: s.severity,
    avgDelayMinutes: s.avgDelayMinutes,
    delayedFlightsPct: s.delayedFlightsPct,
    cancelledFlights: s.cancelledFlights,
    totalFlights: s.totalFlights,
    reason: normal
      ? 'Normal operations'
      : `Average departure delay ${s.avgDelayMinutes} min; ${s.delayedFlightsPct}% of departures delayed 15+ min; ${s.cancelledFlights} of ${s.totalFlights} cancelled`,
    source: 'FLIGHT_DELAY_SOURCE_AVIATIONSTACK',
    updatedAt,
  };
}

/** Worst first; uncovered airports last; then by IATA code. */
function byConcern(x: AirportDelayAlert, y: AirportDelayAlert): number {
  return severityRank(y.severity) - severityRank(x.severity) || (x.iata < y.iata ? -1 : x.iata > y.iata ? 1 : 0);
}

/**
 * Every monitored airport exactly once: US airports from the FAA feed (listed -> its delay, not
 * listed -> normal), others from departures in the flights feed, UNKNOWN where the covering feed is
 * missing or too thin. A missing snapshot degrades the answer.
 */
export function listAirportDelays(store: SnapshotStore, req: ListAirportDelaysRequest): Answer<ListAirportDelaysResponse> {
  const faa = store.read<FaaDelay, FaaStatusInfo>(FAA_STATUS);
  const flights = store.read<FlightInstance, FlightsInfo>(FLIGHTS);
  const faaByIata = faa?.derive('byIata', (s) => new Map(s.records.map((d) => [d.iata, d])));
  const hubs = flights?.derive('hubStats', (s) => {
    const acc = new Map<string, { total: number; cancelled: number; delays: number[] }>();
    for (const f of s.records) {
      const h = acc.get(f.origin.iata) ?? { total: 0, cancelled: 0, delays: [] };
      h.total++;
      if (f.cancelled) h.cancelled++;
      else h.delays.push(f.delayMinutes);
      acc.set(f.origin.iata, h);
    }
    const out = new Map<string, HubDelayStats>();
    for (const [iata, d] of acc) {
      const stats = hubDelayStats(d);
      if (stats) out.set(iata, stats);
    }
    return out;
  });
  const alerts: AirportDelayAlert[] = [];
  for (const a of MONITORED_AIRPORTS) {
    if (req.region && a.region !== req.region) continue;
    let alert: AirportDelayAlert;
    if (a.faa) alert = faa ? fromFaa(a, faaByIata!.get(a.iata), faa.info.updatedAt || faa.fetchedAt) : unknown(a);
    else {
      const stats = hubs?.get(a.iata);
      alert = stats ? fromFlights(a, stats, flights!.info.readAt || flights!.fetchedAt) : unknown(a);
    }
    if (meetsMinSeverity(alert.severity, req.min_severity)) alerts.push(alert);
  }
  alerts.sort(byConcern);
  const page = paginate(alerts, (x) => x.id, req.page_size || alerts.length || 1, req.cursor || undefined);
  return {
    response: { alerts: page.items, pagination: { nextCursor: page.nextCursor, totalCount: page.totalCount } },
    degraded: !faa || !flights,
  };
}

/** Live answers reused for LIVE_TTL_MS, one cache per running app. */
const liveCaches = new WeakMap<AppDeps, Map<string, { at: number; flights: FlightInstance[] }>>();

function matches(f: FlightInstance, fn: string, date: string, origin: string | undefined): boolean {
  return f.date === date && (f.flightNumber === fn || f.codeshareFlightNumbers.includes(fn)) && (!origin || f.origin.iata === origin);
}

/**
 * Status of a flight on a date: from the live provider when one is configured (a failure there
 * falls back to the snapshot and is not cached), else from the flights snapshot. Codeshare numbers
 * find their operating flight.
 */
export async function getFlightStatus(deps: AppDeps, req: GetFlightStatusRequest): Promise<Answer<GetFlightStatusResponse>> {
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
    if (hit && now - hit.at < LIVE_TTL_MS) return { response: { flights: hit.flights, source: 'aviationstack', cacheHit: true }, degraded: false };
    try {
      const flights = (await provider.lookup(fn, req.date, origin)).filter((f) => matches(f, fn, req.date, origin));
      cache.set(key, { at: now, flights });
      return { response: { flights, source: 'aviationstack', cacheHit: false }, degraded: false };
    } catch (err) {
      deps.logger.warn({ err: (err as Error).message, flight: fn }, 'live flight status failed; answering from the snapshot');
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
