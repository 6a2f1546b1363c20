import { ServiceError } from '../../../platform/errors.js';
import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { GPS_INTERFERENCE, type GpsInterferenceInfo } from './datasets/gps-interference.js';
import { GPS_REGIONS, type GpsHex, type GpsRegion } from './rules.js';
import type { ListGpsInterferenceRequest, ListGpsInterferenceResponse } from './schemas.js';

type WireHex = ListGpsInterferenceResponse['hexes'][number];

const toWire = ({ h3, lat, lon, level, npAvg, sampleCount, aircraftCount }: GpsHex): WireHex => ({
  h3,
  lat,
  lon,
  level,
  npAvg,
  sampleCount,
  aircraftCount,
});

function view(hexes: readonly GpsHex[], totalHexes: number) {
  return {
    hexes: hexes.map(toWire),
    stats: {
      totalHexes,
      highCount: hexes.filter((h) => h.level === 'INTERFERENCE_LEVEL_HIGH').length,
      mediumCount: hexes.filter((h) => h.level === 'INTERFERENCE_LEVEL_MEDIUM').length,
    },
  };
}

/** The region label asked for, or a 400 naming the labels there are. */
function regionOf(raw: string | undefined): GpsRegion | undefined {
  const region = raw?.trim().toLowerCase();
  if (!region) return undefined;
  if (!(GPS_REGIONS as readonly string[]).includes(region)) {
    throw ServiceError.validation([
      { field: 'region', description: `region must be one of: ${GPS_REGIONS.join(', ')}` },
    ]);
  }
  return region as GpsRegion;
}

/** The latest day's interfered cells, of one region or all; `degraded` when no day is loaded yet. */
export function listGpsInterference(
  store: SnapshotStore,
  req: ListGpsInterferenceRequest,
): { response: ListGpsInterferenceResponse; degraded: boolean } {
  const region = regionOf(req.region);
  const snap = store.read<GpsHex, GpsInterferenceInfo>(GPS_INTERFERENCE);
  if (!snap)
    return {
      response: { hexes: [], stats: { totalHexes: 0, highCount: 0, mediumCount: 0 }, source: '', fetchedAt: 0 },
      degraded: true,
    };
  const views = snap.derive('gps-interference:views', (s) => {
    const byRegion = new Map<string, ReturnType<typeof view>>();
    for (const r of GPS_REGIONS)
      byRegion.set(
        r,
        view(
          s.records.filter((h) => h.region === r),
          s.info.cellsByRegion[r] ?? 0,
        ),
      );
    return { all: view(s.records, s.info.totalCells), byRegion };
  });
  const chosen = region ? views.byRegion.get(region)! : views.all;
  return {
    response: { ...chosen, source: `gpsjam.org ${snap.info.date}`, fetchedAt: snap.capturedAt },
    degraded: false,
  };
}
