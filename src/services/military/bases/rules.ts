/** Zoom-dependent rules of the military bases map: which tiers show, how many hits, how they cluster. */

export const BASE_TYPES = [
  'us-nato',
  'china',
  'russia',
  'uk',
  'france',
  'india',
  'italy',
  'uae',
  'turkey',
  'japan',
  'other',
] as const;
export const BASE_KINDS = [
  'base',
  'airfield',
  'naval_base',
  'military',
  'barracks',
  'bunker',
  'trench',
  'training_area',
  'checkpoint',
  'shelter',
  'ammunition',
  'office',
  'obstacle_course',
  'nuclear_explosion_site',
  'range',
] as const;

export interface BaseRecord {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  kind: string;
  countryIso2: string;
  type: string;
  tier: number;
  catAirforce: boolean;
  catNaval: boolean;
  catNuclear: boolean;
  catSpace: boolean;
  catTraining: boolean;
  branch: string;
  status: string;
}

export interface BaseCluster {
  latitude: number;
  longitude: number;
  count: number;
  dominantType: string;
  expansionZoom: number;
}

export const DEFAULT_ZOOM = 3;
/** Above this many bases in view the answer is clustered. */
export const CLUSTER_THRESHOLD = 200;

/** Zoomed out only tier-1 installations show; at regional zoom tiers 1-2; from zoom 8 everything. */
export function tierVisible(zoom: number, tier: number): boolean {
  if (zoom < 5) return tier <= 1;
  if (zoom <= 7) return tier <= 2;
  return true;
}

/** Most bases one answer lists before it reports itself truncated. */
export function hitCap(zoom: number): number {
  return zoom < 5 ? 2000 : zoom <= 7 ? 5000 : 10000;
}

/** Cluster cell size in degrees; 0 = no clustering at this zoom. */
export function clusterCellDegrees(zoom: number): number {
  if (zoom < 4) return 5;
  if (zoom < 6) return 2;
  if (zoom < 8) return 0.5;
  return 0;
}

/**
 * Groups bases on a grid when there are more than CLUSTER_THRESHOLD of them: a cell holding one base
 * keeps it as a base, a fuller cell becomes a cluster at its members' mean position, labelled with
 * the most common type (ties: alphabetical) and the zoom at which it opens up.
 */
export function clusterBases(
  bases: readonly BaseRecord[],
  zoom: number,
): { bases: BaseRecord[]; clusters: BaseCluster[] } {
  const cell = clusterCellDegrees(zoom);
  if (bases.length <= CLUSTER_THRESHOLD || cell === 0) return { bases: [...bases], clusters: [] };
  const cells = new Map<string, BaseRecord[]>();
  for (const b of bases) {
    const key = `${Math.floor(b.latitude / cell)}:${Math.floor(b.longitude / cell)}`;
    const list = cells.get(key);
    if (list) list.push(b);
    else cells.set(key, [b]);
  }
  const singles: BaseRecord[] = [];
  const clusters: BaseCluster[] = [];
  for (const members of cells.values()) {
    if (members.length === 1) {
      singles.push(members[0]!);
      continue;
    }
    const counts = new Map<string, number>();
    for (const m of members) counts.set(m.type, (counts.get(m.type) ?? 0) + 1);
    const dominantType = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
    const mean = (f: (m: BaseRecord) => number) =>
      Math.round((members.reduce((s, m) => s + f(m), 0) / members.length) * 1e4) / 1e4;
    clusters.push({
      latitude: mean((m) => m.latitude),
      longitude: mean((m) => m.longitude),
      count: members.length,
      dominantType,
      expansionZoom: cell >= 2 ? 6 : 8,
    });
  }
  clusters.sort((a, b) => b.count - a.count || a.latitude - b.latitude || a.longitude - b.longitude);
  return { bases: singles, clusters };
}

/** Great-circle distance in km, to order hits from the centre of the view outwards. */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * r) / 2) ** 2 +
    Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}
