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
 * Coarse latitude/longitude boxes of the region labels the published service uses; first match
 * wins, so the small, contested areas come before the large ones around them. Cells are ~45 km
 * across, so a box edge a few km off a border changes nothing a reader would notice.
 */
const REGION_BOXES: readonly [GpsRegion, readonly Box[]][] = [
  ['israel-sinai', [[27.5, 33.4, 32, 35.7]]],
  // Lebanon, Syria, Jordan, and the sea off them with Cyprus.
  ['levant', [[29, 36.8, 32, 41.5]]],
  // Russia's north-west from Pskov and St Petersburg to Murmansk, east of the Baltic states and Finland.
  [
    'russia-north',
    [
      [56, 60.5, 28.2, 60],
      [60.5, 72, 31.6, 60],
    ],
  ],
  [
    'turkey-caucasus',
    [
      [36.9, 42.2, 25.5, 45],
      [35.8, 36.9, 25.5, 36.5],
      [41, 43.7, 39.5, 50.5],
      [38.3, 41, 45, 50.5],
    ],
  ],
  // Ukraine, Moldova, Belarus, western Russia and the northern Black Sea.
  [
    'ukraine-russia',
    [
      [43.5, 56, 28.6, 50],
      [42.2, 43.5, 29.5, 39.5],
      [45.5, 52.5, 22, 28.6],
      [51.3, 54, 23.2, 28.6],
    ],
  ],
  ['afghanistan-pakistan', [[23.5, 38.5, 60.5, 75.5]]],
  // Iraq, Iran and the Gulf states.
  ['iran-iraq', [[23.5, 40, 38.8, 60.5]]],
  // Yemen, the southern Red Sea, the Gulf of Aden, Eritrea, Djibouti and Somalia.
  [
    'yemen-horn',
    [
      [10, 19, 36.5, 54.5],
      [-2, 12, 41, 52],
    ],
  ],
  [
    'east-africa',
    [
      [-12, 8, 28, 42],
      [8, 15, 33, 42],
    ],
  ],
  ['sudan-sahel', [[8, 23.5, -17.5, 38.5]]],
  // The Nordic and Baltic countries, Kaliningrad, the Baltic Sea and Iceland.
  [
    'northern-europe',
    [
      [53.5, 72, 4, 31.6],
      [60, 72, -25, 4],
    ],
  ],
  [
    'western-europe',
    [
      [36.5, 61, -25, 30],
      [34.5, 36.5, 19, 30],
    ],
  ],
  [
    'southeast-asia',
    [
      [-11, 22, 92, 141],
      [22, 28.5, 92, 98],
    ],
  ],
  [
    'east-asia',
    [
      [18, 55, 97, 150],
      [35, 55, 73, 97],
    ],
  ],
  ['north-america', [[14, 72, -170, -50]]],
];

/** The region label of a point; `other` outside every box. */
export function classifyRegion(lat: number, lon: number): GpsRegion {
  for (const [region, boxes] of REGION_BOXES) {
    if (boxes.some(([s, n, w, e]) => lat >= s && lat <= n && lon >= w && lon <= e)) return region;
  }
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
