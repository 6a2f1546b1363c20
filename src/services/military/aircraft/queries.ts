import type { AircraftDetailsRecord } from '../../../sources/wingbits/client.js';
import type { AppDeps } from '../../../trpc/context.js';
import { MILITARY_FLIGHTS } from '../flights/datasets/military-flights.js';
import type { MilitaryFlight } from '../flights/schemas.js';
import { AIRCRAFT_REGISTRY } from './datasets/aircraft-registry.js';
import { wingbitsConfigured, wingbitsDetails, wingbitsPosition } from './provider.js';
import type {
  GetAircraftDetailsBatchResponse,
  GetAircraftDetailsResponse,
  GetWingbitsLiveFlightResponse,
  WingbitsLiveFlight,
} from './schemas.js';

/** Which source answered, sent as `X-Aircraft-Source`. */
export type DetailsSource = 'wingbits' | 'open-registry' | 'none';

export interface DetailsAnswer {
  details?: AircraftDetailsRecord;
  source: DetailsSource;
  /** A provider failed or a snapshot is missing: do not cache. */
  degraded: boolean;
}

function registryIndex(deps: AppDeps) {
  return deps.store
    .read<AircraftDetailsRecord>(AIRCRAFT_REGISTRY)
    ?.derive('byIcao', (s) => new Map(s.records.map((r) => [r.icao24, r])));
}

/** Wingbits first when configured; the open registry for what Wingbits does not know or when it fails. */
export async function lookupDetails(deps: AppDeps, icao24: string): Promise<DetailsAnswer> {
  let degraded = false;
  if (wingbitsConfigured(deps.config)) {
    const live = await wingbitsDetails(deps, icao24);
    if (live.kind === 'found') return { details: live.value, source: 'wingbits', degraded: false };
    if (live.kind === 'failed') {
      deps.logger.warn({ err: live.error, icao24 }, 'Wingbits details failed; answering from the open registry');
      degraded = true;
    }
  }
  const registry = registryIndex(deps);
  const details = registry?.get(icao24);
  return details ? { details, source: 'open-registry', degraded } : { source: 'none', degraded: degraded || !registry };
}

export async function getAircraftDetails(
  deps: AppDeps,
  icao24: string,
): Promise<{ response: GetAircraftDetailsResponse; source: DetailsSource; degraded: boolean }> {
  const a = await lookupDetails(deps, icao24.trim().toLowerCase());
  return {
    response: { ...(a.details ? { details: a.details } : {}), configured: wingbitsConfigured(deps.config) },
    source: a.source,
    degraded: a.degraded,
  };
}

/** Distinct non-blank addresses, lower-cased, looked up one after another (Wingbits is a metered API). */
export async function getAircraftDetailsBatch(
  deps: AppDeps,
  icao24s: readonly string[],
): Promise<{ response: GetAircraftDetailsBatchResponse; degraded: boolean }> {
  const ids = [...new Set(icao24s.map((s) => s.trim().toLowerCase()).filter(Boolean))].sort();
  const results: Record<string, AircraftDetailsRecord> = {};
  let degraded = false;
  for (const id of ids) {
    const a = await lookupDetails(deps, id);
    if (a.details) results[id] = a.details;
    degraded ||= a.degraded;
  }
  return {
    response: {
      results,
      fetched: Object.keys(results).length,
      requested: ids.length,
      configured: wingbitsConfigured(deps.config),
    },
    degraded,
  };
}

const NO_SCHEDULE = {
  depIata: '',
  arrIata: '',
  depTimeUtc: '',
  arrTimeUtc: '',
  depEstimatedUtc: '',
  arrEstimatedUtc: '',
  depDelayedMin: 0,
  arrDelayedMin: 0,
  flightDurationMin: 0,
  arrTerminal: '',
  photoUrl: '',
  photoLink: '',
  photoCredit: '',
  callsignIata: '',
  airlineName: '',
};

function fromSnapshot(f: MilitaryFlight): WingbitsLiveFlight {
  return {
    icao24: f.hexCode.toLowerCase(),
    callsign: f.callsign,
    lat: f.location.latitude,
    lon: f.location.longitude,
    altitude: f.altitude,
    speed: f.speed,
    heading: f.heading,
    verticalRate: f.verticalRate,
    registration: f.registration,
    model: f.aircraftModel,
    operator: f.enrichment?.operatorName || f.operator.replace('MILITARY_OPERATOR_', ''),
    onGround: f.onGround,
    lastSeen: String(Math.floor(f.lastSeenAt / 1000)),
    flightStatus: 'snapshot',
    ...NO_SCHEDULE,
  };
}

/**
 * Position of one aircraft: live from Wingbits when configured (a failure falls back to the
 * snapshot); without Wingbits, the last position the stored military ADS-B feed holds, labelled
 * `snapshot` with its time. Never a position that no source reported.
 */
export async function getLiveFlight(
  deps: AppDeps,
  icao24: string,
): Promise<{ response: GetWingbitsLiveFlightResponse; degraded: boolean }> {
  const id = icao24.trim().toLowerCase();
  if (!/^[0-9a-f]{6}$/.test(id)) return { response: {}, degraded: false };
  let degraded = false;
  if (wingbitsConfigured(deps.config)) {
    const live = await wingbitsPosition(deps, id);
    if (live.kind === 'not-found') return { response: {}, degraded: false };
    if (live.kind === 'found') {
      const p = live.value;
      const reg = registryIndex(deps)?.get(id);
      return {
        response: {
          flight: {
            ...p,
            registration: p.registration || reg?.registration || '',
            model: reg?.model ?? '',
            operator: reg?.operator ?? '',
            lastSeen: String(Math.floor(p.lastSeen)),
            flightStatus: 'live',
            ...NO_SCHEDULE,
          },
        },
        degraded: false,
      };
    }
    deps.logger.warn({ err: live.error, icao24: id }, 'Wingbits live position failed; answering from the snapshot');
    degraded = true;
  }
  const snap = deps.store.read<MilitaryFlight>(MILITARY_FLIGHTS);
  const f = snap?.derive('byId', (s) => new Map(s.records.map((r) => [r.id, r]))).get(id.toUpperCase());
  return { response: f ? { flight: fromSnapshot(f) } : {}, degraded: degraded || !snap };
}
