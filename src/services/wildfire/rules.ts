import type { FireConfidence, FireDetection } from './schemas.js';

/** Regions the fire dataset watches, as FIRMS bounding boxes [west, south, east, north]; first match names a point. */
export const FIRE_REGIONS: readonly {
  name: string;
  countryCode: string;
  bbox: readonly [number, number, number, number];
}[] = [
  // Russia first: its box starts north of Kharkiv, so the Belgorod and Kursk border areas are not counted as Ukraine.
  { name: 'Russia', countryCode: 'RU', bbox: [35.5, 50.45, 60, 62] },
  { name: 'Ukraine', countryCode: 'UA', bbox: [22, 44, 40.5, 52.5] },
  { name: 'Israel/Gaza', countryCode: 'IL', bbox: [34, 29.4, 35.9, 33.4] },
  { name: 'Syria', countryCode: 'SY', bbox: [35.5, 32.3, 42.4, 37.4] },
  // Saudi Arabia before Iran, cut at 28.5N, so the Gulf coast (Abqaiq, Ras Tanura) is not counted as Iran.
  { name: 'Saudi Arabia', countryCode: 'SA', bbox: [34.5, 16, 55.7, 28.5] },
  { name: 'Iran', countryCode: 'IR', bbox: [44, 25, 63.5, 40] },
  { name: 'Turkey', countryCode: 'TR', bbox: [26, 35.8, 45, 42.1] },
  { name: 'Taiwan', countryCode: 'TW', bbox: [119.3, 21.8, 122.1, 25.4] },
  { name: 'North Korea', countryCode: 'KP', bbox: [124, 37.6, 130.7, 43] },
];

export function regionOf(lat: number, lon: number): string {
  return FIRE_REGIONS.find(({ bbox: [w, s, e, n] }) => lon >= w && lon <= e && lat >= s && lat <= n)?.name ?? '';
}

/** VIIRS grades l/n/h; MODIS gives 0-100 (below 30 low, 80 and up high). */
export function fireConfidence(raw: string): FireConfidence {
  const v = raw.trim().toLowerCase();
  if (v === 'h' || v === 'high') return 'FIRE_CONFIDENCE_HIGH';
  if (v === 'n' || v === 'nominal') return 'FIRE_CONFIDENCE_NOMINAL';
  if (v === 'l' || v === 'low') return 'FIRE_CONFIDENCE_LOW';
  const pct = /^\d+$/.test(v) ? Number(v) : NaN;
  if (Number.isFinite(pct))
    return pct >= 80 ? 'FIRE_CONFIDENCE_HIGH' : pct >= 30 ? 'FIRE_CONFIDENCE_NOMINAL' : 'FIRE_CONFIDENCE_LOW';
  return 'FIRE_CONFIDENCE_UNSPECIFIED';
}

/** A very hot, very intense pixel: the signature of strikes and explosions rather than vegetation fires. */
export function isPossibleExplosion(frp: number, brightnessK: number): boolean {
  return frp > 80 && brightnessK > 380;
}

const SATELLITES: Record<string, string> = {
  N: 'Suomi NPP',
  N20: 'NOAA-20',
  N21: 'NOAA-21',
  '1': 'NOAA-20',
  '2': 'NOAA-21',
  T: 'Terra',
  A: 'Aqua',
};
export function satelliteName(code: string): string {
  return SATELLITES[code.trim().toUpperCase()] ?? code.trim();
}

const CONFIDENCE_RANK: Record<FireConfidence, number> = {
  FIRE_CONFIDENCE_HIGH: 3,
  FIRE_CONFIDENCE_NOMINAL: 2,
  FIRE_CONFIDENCE_LOW: 1,
  FIRE_CONFIDENCE_UNSPECIFIED: 0,
};

/** Most significant first: possible explosions, confidence, brightness, FRP, newest, then id for a total order. */
export function compareSignificance(a: FireDetection, b: FireDetection): number {
  return (
    Number(b.possibleExplosion) - Number(a.possibleExplosion) ||
    CONFIDENCE_RANK[b.confidence] - CONFIDENCE_RANK[a.confidence] ||
    b.brightness - a.brightness ||
    b.frp - a.frp ||
    b.detectedAt - a.detectedAt ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** Inside a box given by its south-west and north-east corners; a west edge east of the east edge wraps the antimeridian. */
export function inBox(
  lat: number,
  lon: number,
  box: { swLat: number; swLon: number; neLat: number; neLon: number },
): boolean {
  if (lat < box.swLat || lat > box.neLat) return false;
  return box.swLon <= box.neLon ? lon >= box.swLon && lon <= box.neLon : lon >= box.swLon || lon <= box.neLon;
}
