import { paginate } from '../../../platform/paging.js';
import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { MILITARY_FLIGHTS, type MilitaryFlightsInfo } from './datasets/military-flights.js';
import { boxOf, inBox, theaterPosture, THEATERS, type AircraftTypeCode } from './rules.js';
import type {
  GetTheaterPostureRequest,
  GetTheaterPostureResponse,
  ListMilitaryFlightsRequest,
  ListMilitaryFlightsResponse,
  MilitaryFlight,
} from './schemas.js';

export interface Answer<T> {
  response: T;
  degraded: boolean;
}

const DEFAULT_PAGE = 100;

/** Interesting aircraft first, then by address: a stable order for paging. */
const byInterest = (a: MilitaryFlight, b: MilitaryFlight) =>
  Number(b.isInteresting) - Number(a.isInteresting) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Flights inside the box, filtered by operator and role, paged. A missing snapshot answers an empty, uncached page. */
export function listMilitaryFlights(
  store: SnapshotStore,
  req: ListMilitaryFlightsRequest,
): Answer<ListMilitaryFlightsResponse> {
  const snap = store.read<MilitaryFlight, MilitaryFlightsInfo>(MILITARY_FLIGHTS);
  if (!snap)
    return { response: { flights: [], clusters: [], pagination: { nextCursor: '', totalCount: 0 } }, degraded: true };
  const ordered = snap.derive('byInterest', (s) => [...s.records].sort(byInterest));
  const box = boxOf(req);
  const operator = req.operator && req.operator !== 'MILITARY_OPERATOR_UNSPECIFIED' ? req.operator : undefined;
  const type =
    req.aircraft_type && req.aircraft_type !== 'MILITARY_AIRCRAFT_TYPE_UNSPECIFIED' ? req.aircraft_type : undefined;
  const matching = ordered.filter(
    (f) =>
      inBox(box, f.location.latitude, f.location.longitude) &&
      (!operator || f.operator === operator) &&
      (!type || f.aircraftType === type),
  );
  const page = paginate(matching, (f) => f.id, req.page_size || DEFAULT_PAGE, req.cursor || undefined);
  return {
    response: {
      flights: page.items,
      clusters: [],
      pagination: { nextCursor: page.nextCursor, totalCount: page.totalCount },
    },
    degraded: false,
  };
}

/** Posture of every theater, computed once per flights snapshot; `theater` narrows to one. */
export function getTheaterPosture(
  store: SnapshotStore,
  req: GetTheaterPostureRequest,
): Answer<GetTheaterPostureResponse> {
  const snap = store.read<MilitaryFlight, MilitaryFlightsInfo>(MILITARY_FLIGHTS);
  if (!snap) return { response: { theaters: [] }, degraded: true };
  const all = snap.derive('theaterPosture', (s) => {
    const inputs = s.records.map((f) => ({
      lat: f.location.latitude,
      lon: f.location.longitude,
      onGround: f.onGround,
      aircraftType: f.aircraftType.replace('MILITARY_AIRCRAFT_TYPE_', '') as AircraftTypeCode,
    }));
    const assessedAt = s.info.feedTime || s.capturedAt;
    return THEATERS.map((th) => ({ ...theaterPosture(th, inputs), trackedVessels: 0, assessedAt }));
  });
  const wanted = req.theater?.trim().toLowerCase();
  return { response: { theaters: wanted ? all.filter((t) => t.theater === wanted) : all }, degraded: false };
}
