import { paginate } from '../../../platform/paging.js';
import type { Snapshot, SnapshotStore } from '../../../platform/snapshots/store.js';
import { MONITORED_AIRPORTS, type MonitoredAirport } from './airports.js';
import { FAA_STATUS, type FaaDelay, type FaaStatusInfo } from './datasets/faa-status.js';
import { FLIGHTS, type FlightsInfo } from '../flights/datasets/flights.js';
import type { FlightInstance } from '../flights/schemas.js';
import { hubDelayStats, meetsMinSeverity, severityRank, type HubDelayStats } from './rules.js';
import type { AirportDelayAlert, ListAirportDelaysRequest, ListAirportDelaysResponse } from './schemas.js';

/** A handler answer plus whether it is a fallback that must not be cached (the contract has no flag). */
export interface Answer<T> {
  response: T;
  degraded: boolean;
}

function base(a: MonitoredAirport) {
  return {
    iata: a.iata,
    icao: a.icao,
    name: a.name,
    city: a.city,
    country: a.country,
    location: { latitude: a.lat, longitude: a.lon },
    region: a.region,
  };
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
  const common = {
    ...base(a),
    delayedFlightsPct: 0,
    cancelledFlights: 0,
    totalFlights: 0,
    source: 'FLIGHT_DELAY_SOURCE_FAA' as const,
    updatedAt,
  };
  if (!d)
    return {
      id: `status-${a.iata}`,
      ...common,
      delayType: 'FLIGHT_DELAY_TYPE_UNSPECIFIED',
      severity: 'FLIGHT_DELAY_SEVERITY_NORMAL',
      avgDelayMinutes: 0,
      reason: 'Normal operations',
    };
  return {
    id: `faa-${a.iata}`,
    ...common,
    delayType: d.delayType,
    severity: d.severity,
    avgDelayMinutes: d.avgDelayMinutes,
    reason: d.reason,
  };
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

/** Delay statistics per departure hub, once per flights snapshot. */
export function hubStatsOf(flights: Snapshot<FlightInstance, FlightsInfo>): Map<string, HubDelayStats> {
  return flights.derive('hubStats', (s) => {
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
}

/**
 * Every monitored airport exactly once: US airports from the FAA feed (listed -> its delay, not
 * listed -> normal), others from departures in the flights feed, UNKNOWN where the covering feed is
 * missing or too thin. A missing snapshot degrades the answer.
 */
export function listAirportDelays(
  store: SnapshotStore,
  req: ListAirportDelaysRequest,
): Answer<ListAirportDelaysResponse> {
  const faa = store.read<FaaDelay, FaaStatusInfo>(FAA_STATUS);
  const flights = store.read<FlightInstance, FlightsInfo>(FLIGHTS);
  const faaByIata = faa?.derive('byIata', (s) => new Map(s.records.map((d) => [d.iata, d])));
  const hubs = flights && hubStatsOf(flights);
  const alerts: AirportDelayAlert[] = [];
  for (const a of MONITORED_AIRPORTS) {
    if (req.region && a.region !== req.region) continue;
    let alert: AirportDelayAlert;
    if (a.faa) alert = faa ? fromFaa(a, faaByIata!.get(a.iata), faa.info.updatedAt || faa.capturedAt) : unknown(a);
    else {
      const stats = hubs?.get(a.iata);
      alert = stats ? fromFlights(a, stats, flights!.info.readAt || flights!.capturedAt) : unknown(a);
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
