/**
 * The climate zones watched, as the published service defines them (names and the point each is
 * read at): 18 regions of interest, then 7 climate-specific zones every publication must include.
 */
export interface ClimateZone {
  name: string;
  lat: number;
  lon: number;
}

export const CLIMATE_ZONES: readonly ClimateZone[] = [
  { name: 'Ukraine', lat: 48.4, lon: 31.2 },
  { name: 'Europe', lat: 51.0, lon: 10.0 },
  { name: 'East Asia', lat: 39.0, lon: 127.0 },
  { name: 'Middle East', lat: 33.0, lon: 44.0 },
  { name: 'Sahel', lat: 14.0, lon: 0.0 },
  { name: 'Horn of Africa', lat: 8.0, lon: 42.0 },
  { name: 'South Asia', lat: 25.0, lon: 78.0 },
  { name: 'California', lat: 36.8, lon: -119.4 },
  { name: 'Amazon', lat: -3.4, lon: -60.0 },
  { name: 'Australia', lat: -25.0, lon: 134.0 },
  { name: 'Mediterranean', lat: 38.0, lon: 20.0 },
  { name: 'Taiwan Strait', lat: 24.0, lon: 120.0 },
  { name: 'Myanmar', lat: 19.8, lon: 96.7 },
  { name: 'Central Africa', lat: 4.0, lon: 22.0 },
  { name: 'Southern Africa', lat: -25.0, lon: 28.0 },
  { name: 'Central Asia', lat: 42.0, lon: 65.0 },
  { name: 'Latin America', lat: 7.0, lon: -66.0 },
  { name: 'Caribbean', lat: 19.0, lon: -72.0 },
  { name: 'Arctic', lat: 70.0, lon: 0.0 },
  { name: 'Greenland', lat: 72.0, lon: -42.0 },
  { name: 'Western Antarctic Ice Sheet', lat: -78.0, lon: -100.0 },
  { name: 'Tibetan Plateau', lat: 31.0, lon: 91.0 },
  { name: 'Congo Basin', lat: -1.0, lon: 24.0 },
  { name: 'Coral Triangle', lat: -5.0, lon: 128.0 },
  { name: 'North Atlantic', lat: 55.0, lon: -30.0 },
];

/** Zones without which neither the normals nor the anomalies are published. */
export const REQUIRED_CLIMATE_ZONES: readonly string[] = [
  'Arctic',
  'Greenland',
  'Western Antarctic Ice Sheet',
  'Tibetan Plateau',
  'Congo Basin',
  'Coral Triangle',
  'North Atlantic',
];

/** Fewest zones a publication may have: two thirds of the list, rounded up (17 of 25). */
export const MIN_CLIMATE_ZONES = Math.ceil((CLIMATE_ZONES.length * 2) / 3);

/** Consecutive groups of `size` zones: one archive request each. */
export function zoneBatches(size: number): ClimateZone[][] {
  const out: ClimateZone[][] = [];
  for (let i = 0; i < CLIMATE_ZONES.length; i += size) out.push(CLIMATE_ZONES.slice(i, i + size));
  return out;
}

/** Refuses a publication with too few zones or without a required one (the previous snapshot stays). */
export function checkZoneCoverage(what: string, zones: readonly string[]): void {
  const present = new Set(zones);
  const missing = REQUIRED_CLIMATE_ZONES.filter((z) => !present.has(z));
  if (present.size < MIN_CLIMATE_ZONES)
    throw new Error(`${what}: only ${present.size} of ${CLIMATE_ZONES.length} zones (at least ${MIN_CLIMATE_ZONES})`);
  if (missing.length) throw new Error(`${what}: required zones missing (${missing.join(', ')})`);
}
