/**
 * GeoNames gazetteer dumps (CC BY 4.0), e.g. `cities15000.zip` -> `cities15000.txt`: tab-separated,
 * no header, 19 columns (geonameid, name, asciiname, alternatenames, latitude, longitude, feature
 * class, feature code, country code, cc2, admin1..4, population, elevation, dem, timezone, modified).
 */
export const GEONAMES_CITIES_URL = 'https://download.geonames.org/export/dump/cities15000.zip';

export interface GeoNamesPlace {
  id: string;
  name: string;
  lat: number;
  lon: number;
  featureCode: string;
  countryCode: string;
  population: number;
}

/** Parses the tab-separated dump; lines with too few columns or unreadable coordinates are skipped. */
export function parseGeoNamesCities(input: Buffer | string): GeoNamesPlace[] {
  const text = typeof input === 'string' ? input : input.toString('utf8');
  const out: GeoNamesPlace[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.startsWith('#')) continue;
    const c = line.split('\t');
    if (c.length < 15) continue;
    const lat = Number(c[4]);
    const lon = Number(c[5]);
    if (
      !Number.isFinite(lat) ||
      !Number.isFinite(lon) ||
      Math.abs(lat) > 90 ||
      Math.abs(lon) > 180 ||
      !/^[A-Z]{2}$/.test(c[8])
    )
      continue;
    out.push({ id: c[0], name: c[1], lat, lon, featureCode: c[7], countryCode: c[8], population: Number(c[14]) || 0 });
  }
  if (out.length === 0 && text.trim())
    throw new Error('GeoNames dump: no readable place lines (expected 19 tab-separated columns)');
  return out;
}
