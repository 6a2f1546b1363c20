import { ServiceError } from '../../platform/errors.js';
import { LiveCache, relayConfigured, relayGet } from '../../sources/relay/client.js';
import type { AppDeps } from '../../trpc/context.js';
import { AIS_SNAPSHOT_PATH, parseAisSnapshot, VESSEL_SNAPSHOT } from './datasets/vessel-snapshot.js';
import type { GetVesselSnapshotRequest, GetVesselSnapshotResponse, VesselSnapshot } from './schemas.js';

const RELAY_TIMEOUT_MS = 10_000;
/** The plain aggregate changes slowly; a boxed or report-carrying one is reused for a minute. */
const PLAIN_TTL_MS = 300_000;
const DETAIL_TTL_MS = 60_000;
const MAX_SIDE_DEGREES = 10;

const caches = new WeakMap<AppDeps, { plain: LiveCache<VesselSnapshot>; detail: LiveCache<VesselSnapshot> }>();

interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** No box (all corners omitted or 0), or a valid one: south-west of north-east, sides of at most 10 degrees. */
export function boxOf(req: GetVesselSnapshotRequest): Box | undefined {
  const corners = [req.sw_lat, req.sw_lon, req.ne_lat, req.ne_lon];
  if (corners.every((c) => c === undefined || c === 0)) return undefined;
  const bad = (description: string) =>
    ServiceError.validation([{ field: 'sw_lat', description: `bbox invalid: ${description}` }]);
  if (corners.some((c) => c === undefined)) throw bad('give all four corners');
  const [south, west, north, east] = corners as number[];
  if (south! >= north! || west! >= east!)
    throw bad('the south-west corner must be south and west of the north-east corner');
  if (north! - south! > MAX_SIDE_DEGREES || east! - west! > MAX_SIDE_DEGREES)
    throw bad(`each side may span at most ${MAX_SIDE_DEGREES} degrees`);
  return { south: south!, west: west!, north: north!, east: east! };
}

const inside = (b: Box | undefined, lat: number, lon: number) =>
  !b || (lat >= b.south && lat <= b.north && lon >= b.west && lon <= b.east);

/** The aggregate narrowed to the box, with reports only when asked for. */
function narrow(s: VesselSnapshot, box: Box | undefined, req: GetVesselSnapshotRequest): VesselSnapshot {
  return {
    ...s,
    densityZones: s.densityZones.filter((z) => inside(box, z.location.latitude, z.location.longitude)),
    disruptions: s.disruptions.filter((d) => inside(box, d.location.latitude, d.location.longitude)),
    candidateReports: req.include_candidates ? s.candidateReports.filter((r) => inside(box, r.lat, r.lon)) : [],
    tankerReports: req.include_tankers ? s.tankerReports.filter((r) => inside(box, r.lat, r.lon)) : [],
  };
}

/**
 * The AIS aggregate: live from the relay when configured (10 s timeout, short reuse); when the relay
 * fails, its last ingested aggregate replayed with its own time and `connected: false`. Without a
 * relay the store withholds the dataset (even a loaded sample), so the answer is `dataAvailable: false`.
 */
export async function getVesselSnapshot(
  deps: AppDeps,
  req: GetVesselSnapshotRequest,
): Promise<{ response: GetVesselSnapshotResponse; degraded: boolean }> {
  const box = boxOf(req);
  let degraded = false;
  if (relayConfigured(deps.config)) {
    let c = caches.get(deps);
    if (!c) caches.set(deps, (c = { plain: new LiveCache(PLAIN_TTL_MS), detail: new LiveCache(DETAIL_TTL_MS) }));
    const detailed = !!(box || req.include_candidates || req.include_tankers);
    const cache = detailed ? c.detail : c.plain;
    const q: Record<string, string> = {
      candidates: String(!!req.include_candidates),
      tankers: String(!!req.include_tankers),
    };
    if (box) q.bbox = [box.south, box.west, box.north, box.east].map((v) => Math.floor(v)).join(',');
    const key = new URLSearchParams(q).toString();
    const now = deps.clock.now();
    let live = cache.get(key, now);
    if (!live) {
      try {
        live = {
          ...parseAisSnapshot(await relayGet(deps.config, AIS_SNAPSHOT_PATH, q, RELAY_TIMEOUT_MS)),
          snapshotAt: now,
        };
        cache.set(key, live, now);
      } catch (err) {
        deps.logger.warn(
          { err: (err as Error).message },
          'relay AIS snapshot failed; replaying the recorded aggregate',
        );
        degraded = true;
      }
    }
    if (live)
      return {
        response: { snapshot: narrow(live, box, req), fetchedAt: live.snapshotAt, dataAvailable: true },
        degraded: false,
      };
  }
  const stored = deps.store.read<VesselSnapshot>(VESSEL_SNAPSHOT)?.records[0];
  if (!stored) return { response: { fetchedAt: 0, dataAvailable: false }, degraded: true };
  const replay = { ...narrow(stored, box, req), status: { ...stored.status, connected: false } };
  return { response: { snapshot: replay, fetchedAt: stored.snapshotAt, dataAvailable: true }, degraded };
}
