import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { FLIGHTS, type FlightsInfo } from '../flights/datasets/flights.js';
import type { FlightInstance } from '../flights/schemas.js';
import { MONITORED_AIRPORTS } from './airports.js';
import { FAA_STATUS, type FaaDelay, type FaaStatusInfo } from './datasets/faa-status.js';
import { NOTAMS } from './datasets/notams.js';
import { isInForce, notamFlag, notamReason, type NotamFlag, type NotamRecord } from './notam-rules.js';
import { hubStatsOf } from './queries.js';
import { worse, type Severity } from './rules.js';
import type { AirportOpsSummary, GetAirportOpsSummaryRequest, GetAirportOpsSummaryResponse } from './schemas.js';
import { ServiceError } from '../../../platform/errors.js';

export const DEFAULT_OPS_AIRPORTS = ['IST', 'LHR', 'FRA', 'CDG', 'AMS', 'DXB'];
const MAX_AIRPORTS = 20;
const BY_IATA = new Map(MONITORED_AIRPORTS.map((a) => [a.iata, a]));
const FLAG_ORDER: NotamFlag[] = ['CLOSED', 'RESTRICTED', 'NOTAM'];

/** The floor NOTAMs put under an airport's severity. */
export function notamFloor(flags: readonly NotamFlag[], totalFlights: number): Severity | undefined {
  if (flags.includes('CLOSED'))
    return totalFlights === 0 ? 'FLIGHT_DELAY_SEVERITY_SEVERE' : 'FLIGHT_DELAY_SEVERITY_MODERATE';
  if (flags.includes('RESTRICTED')) return 'FLIGHT_DELAY_SEVERITY_MINOR';
  return undefined;
}

/**
 * One summary per requested airport, in request order: delays from the FAA status (US airports) or
 * the departures in the flights feed, NOTAMs in force when the NOTAM snapshot was captured (the data's
 * time, so the answer is the same whenever it is asked), severity the worse of the two.
 */
export function getAirportOpsSummary(
  store: SnapshotStore,
  req: GetAirportOpsSummaryRequest,
): { response: GetAirportOpsSummaryResponse; degraded: boolean } {
  const codes = [...new Set((req.airports ?? []).map((c) => c.trim().toUpperCase()).filter(Boolean))];
  if (codes.length > MAX_AIRPORTS)
    throw ServiceError.validation([{ field: 'airports', description: `at most ${MAX_AIRPORTS} airports` }]);
  const wanted = codes.length ? codes : DEFAULT_OPS_AIRPORTS;
  const faa = store.read<FaaDelay, FaaStatusInfo>(FAA_STATUS);
  const flights = store.read<FlightInstance, FlightsInfo>(FLIGHTS);
  const notams = store.read<NotamRecord>(NOTAMS);
  const at = notams?.capturedAt ?? 0;
  const hubs = flights && hubStatsOf(flights);
  const zones = flights?.derive(
    'hubTimezones',
    (s) => new Map(s.records.map((f) => [f.origin.iata, f.origin.timezone])),
  );
  const faaByIata = faa?.derive('byIata', (s) => new Map(s.records.map((d) => [d.iata, d])));
  const notamsByIcao = notams?.derive('byIcao', (s) => {
    const m = new Map<string, NotamRecord[]>();
    for (const n of s.records) m.set(n.icao, [...(m.get(n.icao) ?? []), n]);
    return m;
  });
  const summaries = wanted.map((code): AirportOpsSummary => {
    const a = BY_IATA.get(code);
    if (!a) {
      return {
        iata: code,
        icao: '',
        name: code,
        timezone: 'UTC',
        delayPct: 0,
        avgDelayMinutes: 0,
        cancellationRate: 0,
        totalFlights: 0,
        closureStatus: false,
        notamFlags: [],
        severity: 'FLIGHT_DELAY_SEVERITY_UNKNOWN',
        topDelayReasons: [],
        source: 'unknown',
        updatedAt: 0,
      };
    }
    const inForce = (notamsByIcao?.get(a.icao) ?? []).filter((n) => isInForce(n, at));
    const flagged = inForce.map((n) => ({ n, flag: notamFlag(n) }));
    const flags = FLAG_ORDER.filter((f) => flagged.some((x) => x.flag === f));
    const notamReasons = flagged.filter((x) => x.flag !== 'NOTAM').map((x) => notamReason(x.n.text));
    const row = {
      iata: a.iata,
      icao: a.icao,
      name: a.name,
      timezone: zones?.get(a.iata) || 'UTC',
      closureStatus: flags.includes('CLOSED'),
      notamFlags: flags,
    };
    let base: Omit<AirportOpsSummary, keyof typeof row | 'topDelayReasons'> & { reason: string };
    const stats = hubs?.get(a.iata);
    const faaDelay = a.faa ? faaByIata?.get(a.iata) : undefined;
    if (a.faa && faa) {
      base = {
        delayPct: 0,
        avgDelayMinutes: faaDelay?.avgDelayMinutes ?? 0,
        cancellationRate: 0,
        totalFlights: 0,
        severity: faaDelay?.severity ?? 'FLIGHT_DELAY_SEVERITY_NORMAL',
        reason: faaDelay?.reason ?? '',
        source: 'faa',
        updatedAt: faa.info.updatedAt || faa.capturedAt,
      };
    } else if (stats) {
      base = {
        delayPct: stats.delayedFlightsPct,
        avgDelayMinutes: stats.avgDelayMinutes,
        cancellationRate: Math.round((stats.cancelledFlights / stats.totalFlights) * 1000) / 10,
        totalFlights: stats.totalFlights,
        severity: stats.severity,
        reason:
          stats.severity === 'FLIGHT_DELAY_SEVERITY_NORMAL'
            ? ''
            : `Average departure delay ${stats.avgDelayMinutes} min`,
        source: 'aviationstack',
        updatedAt: flights!.info.readAt || flights!.capturedAt,
      };
    } else {
      base = {
        delayPct: 0,
        avgDelayMinutes: 0,
        cancellationRate: 0,
        totalFlights: 0,
        severity: 'FLIGHT_DELAY_SEVERITY_UNKNOWN',
        reason: '',
        source: (a.faa ? faa : flights) ? 'unknown' : 'degraded',
        updatedAt: 0,
      };
    }
    const floor = notamFloor(flags, base.totalFlights);
    const severity = floor
      ? base.severity === 'FLIGHT_DELAY_SEVERITY_UNKNOWN'
        ? floor
        : worse(base.severity, floor)
      : base.severity;
    const { reason, ...fields } = base;
    return { ...row, ...fields, severity, topDelayReasons: [...(reason ? [reason] : []), ...notamReasons] };
  });
  return { response: { summaries, cacheHit: true }, degraded: !faa || !flights || !notams };
}
