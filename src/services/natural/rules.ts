import { haversineKm } from '../../platform/geo.js';

/** Saffir–Simpson category from maximum sustained wind in knots; 0 below hurricane strength. */
export function saffirSimpson(windKt: number): number {
  if (windKt >= 137) return 5;
  if (windKt >= 113) return 4;
  if (windKt >= 96) return 3;
  if (windKt >= 83) return 2;
  if (windKt >= 64) return 1;
  return 0;
}

/** Tropical cyclone basin from a position (JTWC conventions, simplified to longitude bands). */
export function basinOf(lat: number, lon: number): string {
  if (lat < 0) return lon >= 20 && lon < 135 ? 'SI' : 'SP';
  if (lon >= 100 || lon < -180) return 'WP';
  if (lon >= 40) return 'NI';
  if (lon >= -100 && lon < 0 && !(lon < -80 && lat < 15)) return 'AL';
  return lon < 0 ? 'EP' : 'AL';
}

/** Storm class by wind; the western Pacific calls hurricanes typhoons and 130 kt and up super typhoons. */
export function stormClass(windKt: number, basin: string): string {
  if (windKt < 34) return 'TD';
  if (windKt < 64) return 'TS';
  if (basin === 'WP') return windKt >= 130 ? 'STY' : 'TY';
  return basin === 'AL' || basin === 'EP' ? 'HU' : 'TC';
}

/** Initial great-circle bearing from one position to the next, degrees 0-359. */
export function bearingDeg(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const y = Math.sin((lon2 - lon1) * r) * Math.cos(lat2 * r);
  const x =
    Math.cos(lat1 * r) * Math.sin(lat2 * r) - Math.sin(lat1 * r) * Math.cos(lat2 * r) * Math.cos((lon2 - lon1) * r);
  return Math.round((Math.atan2(y, x) / r + 360) % 360) % 360;
}

/** Speed between two fixes in knots; 0 when they share a time. */
export function speedKt(lat1: number, lon1: number, t1: number, lat2: number, lon2: number, t2: number): number {
  const hours = (t2 - t1) / 3_600_000;
  return hours > 0 ? Math.round(haversineKm(lat1, lon1, lat2, lon2) / 1.852 / hours) : 0;
}

const CLASS_WORDS =
  /^(super\s+typhoon|typhoon|hurricane|tropical\s+(storm|depression|cyclone)|cyclone|severe\s+tropical\s+storm|subtropical\s+storm)\s+/i;

/** `Typhoon Fung-wong` -> `Fung-wong`. */
export function stormNameOf(title: string): string {
  return title.replace(CLASS_WORDS, '').trim();
}

/** Agencies whose advisories use 1-minute sustained winds; the WMO centres use 10 minutes. */
export function averagingMinutes(agency: string): number {
  const a = agency.toUpperCase();
  if (a === 'JTWC' || a === 'NHC' || a === 'CPHC') return 1;
  if (a === 'JMA' || a === 'IMD' || a === 'BOM' || a === 'RSMC' || a === 'MFR') return 10;
  return 0;
}
