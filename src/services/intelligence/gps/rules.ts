import type { GpsjamCell } from '../../../sources/gpsjam/daily.js';

export const INTERFERENCE_LEVELS = [
  'INTERFERENCE_LEVEL_UNSPECIFIED',
  'INTERFERENCE_LEVEL_LOW',
  'INTERFERENCE_LEVEL_MEDIUM',
  'INTERFERENCE_LEVEL_HIGH',
] as const;
export type InterferenceLevel = (typeof INTERFERENCE_LEVELS)[number];

/** Fewer aircraft than this in a day say too little about a cell to rate it. */
export const MIN_AIRCRAFT = 3;
/** Bad share (percent of aircraft) above which a cell is HIGH, and from which it is MEDIUM: the published bands. */
export const HIGH_ABOVE_PCT = 10;
export const MEDIUM_FROM_PCT = 2;

/** Share of the cell's aircraft that reported degraded accuracy, percent; 0 for an empty cell. */
export function badSharePct(goodAircraft: number, badAircraft: number): number {
  const total = goodAircraft + badAircraft;
  return total > 0 ? (100 * badAircraft) / total : 0;
}

/** The band of a bad share: over 10 % HIGH, from 2 % MEDIUM, else LOW. */
export function interferenceLevel(badPct: number): InterferenceLevel {
  if (badPct > HIGH_ABOVE_PCT) return 'INTERFERENCE_LEVEL_HIGH';
  if (badPct >= MEDIUM_FROM_PCT) return 'INTERFERENCE_LEVEL_MEDIUM';
  return 'INTERFERENCE_LEVEL_LOW';
}

/**
 * gpsjam publishes counts, not the aircraft's navigation-precision values, so `npAvg` is the
 * published service's stand-in per band (lower means worse accuracy), kept so clients that colour
 * by it keep working.
 */
export function npAvgProxy(level: InterferenceLevel): number {
  if (level === 'INTERFERENCE_LEVEL_HIGH') return 0.3;
  if (level === 'INTERFERENCE_LEVEL_MEDIUM') return 0.8;
  return 1.5;
}

export const GPS_REGIONS = [
  'iran-iraq',
  'levant',
  'israel-sinai',
  'ukraine-russia',
  'russia-north',
  'turkey-caucasus',
  'afghanistan-pakistan',
  'yemen-horn',
  'east-africa',
  'sudan-sahel',
  'northern-europe',
  'western-europe',
  'southeast-asia',
  'east-asia',
  'north-america',
  'other',
] as const;
export type GpsRegion = (typeof GPS_REGIONS)[number];

type Box = readonly [south: number, north: number, west: number, east: number];

/**
 * The published service's region boxes (whole degrees, edges inclusive), in its order: the first
 * box holding the cell centre names the region, so where boxes overlap the earlier one wins (Tbilisi
 * falls in `iran-iraq`, Jerusalem in `levant`). They are coarse on purpose and leave gaps (Nicosia,
 * Minsk, the southern Gulf are `other`); keeping them as published keeps the labels and the
 * per-region stats comparable with the published service's.
 */
const REGION_BOXES: readonly (readonly [GpsRegion, Box])[] = [
  ['iran-iraq', [29, 42, 43, 63]],
  ['levant', [31, 37, 35, 43]],
  ['israel-sinai', [28, 34, 29, 36]],
  ['ukraine-russia', [44, 53, 22, 41]],
  ['russia-north', [54, 70, 27, 60]],
  ['turkey-caucasus', [36, 42, 26, 45]],
  ['afghanistan-pakistan', [32, 38, 63, 75]],
  ['yemen-horn', [10, 20, 42, 55]],
  ['east-africa', [0, 12, 32, 48]],
  ['sudan-sahel', [15, 24, 25, 40]],
  ['northern-europe', [50, 72, -10, 25]],
  ['western-europe', [35, 50, -10, 25]],
  ['southeast-asia', [1, 8, 95, 108]],
  ['east-asia', [20, 45, 100, 145]],
  ['north-america', [25, 50, -125, -65]],
];

/** The region label of a point; `other` outside every box. */
export function classifyRegion(lat: number, lon: number): GpsRegion {
  for (const [region, [s, n, w, e]] of REGION_BOXES) if (lat >= s && lat <= n && lon >= w && lon <= e) return region;
  return 'other';
}

export interface GpsHex {
  h3: string;
  lat: number;
  lon: number;
  level: InterferenceLevel;
  npAvg: number;
  /** Aircraft that reported degraded accuracy. */
  sampleCount: number;
  /** All aircraft seen in the cell that day. */
  aircraftCount: number;
  /** Bad share, percent, 2 decimals (kept for ordering and the region counts). */
  badPct: number;
  region: GpsRegion;
}

/**
 * The day's cells -> the interfered ones: cells with at least MIN_AIRCRAFT aircraft whose bad
 * share reaches MEDIUM, HIGH first, then by bad share, then by cell id so the order is stable.
 */
export function interferedHexes(cells: readonly GpsjamCell[]): GpsHex[] {
  const out: GpsHex[] = [];
  for (const c of cells) {
    const aircraftCount = c.goodAircraft + c.badAircraft;
    if (aircraftCount < MIN_AIRCRAFT) continue;
    const pct = badSharePct(c.goodAircraft, c.badAircraft);
    const level = interferenceLevel(pct);
    if (level === 'INTERFERENCE_LEVEL_LOW') continue;
    out.push({
      h3: c.h3,
      lat: c.lat,
      lon: c.lon,
      level,
      npAvg: npAvgProxy(level),
      sampleCount: c.badAircraft,
      aircraftCount,
      badPct: Math.round(pct * 100) / 100,
      region: classifyRegion(c.lat, c.lon),
    });
  }
  const rank = (h: GpsHex) => (h.level === 'INTERFERENCE_LEVEL_HIGH' ? 0 : 1);
  return out.sort((a, b) => rank(a) - rank(b) || b.badPct - a.badPct || a.h3.localeCompare(b.h3));
}

/** Cells of the day per region (every valid cell, interfered or not): the denominator of the stats. */
export function cellsPerRegion(cells: readonly GpsjamCell[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of cells) {
    const r = classifyRegion(c.lat, c.lon);
    out[r] = (out[r] ?? 0) + 1;
  }
  return out;
}
