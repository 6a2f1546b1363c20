import { orbitOf, type TleRecord } from '../../../sources/formats/tle.js';

export type SatelliteType = 'sar' | 'optical' | 'military';

/**
 * Name prefixes of the reconnaissance and earth-observation constellations worth tracking, with the
 * operating country (ISO 3166-1 alpha-2; `EU` for the Copernicus Sentinels, the one multinational
 * programme) and the sensor type. First match wins, so specific rules come before general ones.
 */
const RULES: readonly [RegExp, string, SatelliteType][] = [
  [/^YAOGAN\b/, 'CN', 'military'],
  [/^GAOFEN-3\b/, 'CN', 'sar'],
  [/^GAOFEN\b/, 'CN', 'optical'],
  [/^JILIN-1\b/, 'CN', 'optical'],
  [/^ZIYUAN\b/, 'CN', 'optical'],
  [/^COSMOS 2[4-9]\d\d\b/, 'RU', 'military'],
  [/^COSMO-SKYMED\b/, 'IT', 'sar'],
  [/^TERRASAR\b/, 'DE', 'sar'],
  [/^SAR-LUPE\b/, 'DE', 'sar'],
  [/^PAZ$/, 'ES', 'sar'],
  [/^WORLDVIEW\b/, 'US', 'optical'],
  [/^SKYSAT\b/, 'US', 'optical'],
  [/^USA \d+\b/, 'US', 'military'],
  [/^PRAETORIAN\b/, 'US', 'military'],
  [/^PLEIADES\b/, 'FR', 'optical'],
  [/^KOMPSAT-5\b/, 'KR', 'sar'],
  [/^KOMPSAT\b/, 'KR', 'optical'],
  [/^SAPPHIRE$/, 'CA', 'military'],
  [/^SENTINEL-1/, 'EU', 'sar'],
  [/^SENTINEL\b/, 'EU', 'optical'],
  [/^CARTOSAT\b/, 'IN', 'optical'],
  [/^GOKTURK\b/, 'TR', 'optical'],
  [/^RASAT$/, 'TR', 'optical'],
];

/** Operator country and sensor type from the object name; undefined for objects not tracked. */
export function classifySatellite(name: string): { country: string; type: SatelliteType } | undefined {
  const n = name.trim().toUpperCase();
  for (const [re, country, type] of RULES) if (re.test(n)) return { country, type };
  return undefined;
}

/** Mean altitude (km, 0.1), orbital speed (km/s, 0.001) and inclination (degrees) from the elements. */
export function orbitFigures(tle: TleRecord): { alt: number; velocity: number; inclination: number } {
  const o = orbitOf(tle);
  return {
    alt: Math.round(o.altitudeKm * 10) / 10,
    velocity: Math.round(o.velocityKmS * 1000) / 1000,
    inclination: tle.inclinationDeg,
  };
}
