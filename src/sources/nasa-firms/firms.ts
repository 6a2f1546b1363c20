import { parseCsvRows } from '../formats/csv.js';

/**
 * NASA FIRMS (Fire Information for Resource Management System) area API: active-fire hotspots as CSV,
 * `https://firms.modaps.eosdis.nasa.gov/api/area/csv/<MAP_KEY>/<source>/<west,south,east,north>/<days>`.
 * The MAP_KEY travels in the path, so the address is only built when the key is configured.
 */
export const FIRMS_ORIGIN = 'https://firms.modaps.eosdis.nasa.gov';

/** VIIRS near-real-time products on the three satellites that carry the instrument. */
export const FIRMS_VIIRS_SOURCES = ['VIIRS_SNPP_NRT', 'VIIRS_NOAA20_NRT', 'VIIRS_NOAA21_NRT'] as const;

export function firmsAreaUrl(
  mapKey: string,
  source: string,
  bbox: readonly [number, number, number, number],
  days: number,
): string {
  return `${FIRMS_ORIGIN}/api/area/csv/${encodeURIComponent(mapKey)}/${source}/${bbox.join(',')}/${days}`;
}

/** One hotspot as FIRMS reports it (VIIRS columns; MODIS files use `brightness`/`bright_t31`). */
export interface FirmsHotspot {
  latitude: number;
  longitude: number;
  /** Brightness temperature of the I-4 channel (or MODIS channel 21/22), kelvin. */
  brightness: number;
  /** Fire radiative power, megawatts. */
  frp: number;
  /** Acquisition instant, Unix epoch milliseconds (UTC date + HHMM). */
  acquiredAt: number;
  /** `N` (Suomi NPP), `N20` (NOAA-20), `N21` (NOAA-21), `T`/`A` (Terra/Aqua MODIS). */
  satellite: string;
  instrument: string;
  /** VIIRS: `l`, `n`, `h`; MODIS: 0-100 as text. */
  confidence: string;
  /** `D` or `N`. */
  daynight: string;
}

const REQUIRED = ['latitude', 'longitude', 'acq_date', 'acq_time', 'frp'] as const;

/**
 * Parses one or more concatenated FIRMS area CSV bodies (each starts with its header line, which may
 * repeat). Rows with unreadable coordinates or times are skipped; a body without the FIRMS header,
 * or the plain-text error FIRMS sends for a bad key, is refused.
 */
export function parseFirmsCsv(input: Buffer | string): FirmsHotspot[] {
  const rows = parseCsvRows(input, { relaxColumnCount: true, trim: true });
  let header: string[] | undefined;
  const out: FirmsHotspot[] = [];
  for (const cells of rows) {
    const line = cells.join(',');
    if (cells[0] === 'latitude') {
      header = cells;
      if (!REQUIRED.every((c) => header!.includes(c)))
        throw new Error(`FIRMS CSV header lacks ${REQUIRED.filter((c) => !header!.includes(c)).join(', ')}`);
      continue;
    }
    if (!header) throw new Error(`FIRMS CSV: expected a header line, got "${line.slice(0, 80)}"`);
    const row: Record<string, string> = {};
    header.forEach((h, i) => (row[h] = cells[i] ?? ''));
    const lat = Number(row.latitude);
    const lon = Number(row.longitude);
    const time = row.acq_time.padStart(4, '0');
    const acquiredAt = Date.parse(`${row.acq_date}T${time.slice(0, 2)}:${time.slice(2, 4)}:00Z`);
    if (
      !Number.isFinite(lat) ||
      !Number.isFinite(lon) ||
      Math.abs(lat) > 90 ||
      Math.abs(lon) > 180 ||
      !Number.isFinite(acquiredAt)
    )
      continue;
    out.push({
      latitude: lat,
      longitude: lon,
      brightness: Number(row.bright_ti4 ?? row.brightness) || 0,
      frp: Number(row.frp) || 0,
      acquiredAt,
      satellite: row.satellite ?? '',
      instrument: row.instrument ?? '',
      confidence: (row.confidence ?? '').trim(),
      daynight: (row.daynight ?? '').trim().toUpperCase(),
    });
  }
  return out;
}
