import { cellToLatLng, getResolution, isValidCell } from 'h3-js';
import { parseCsv, parseCsvRows } from '../formats/csv.js';
import { FormatError } from '../formats/errors.js';

/**
 * gpsjam.org: a daily map of aircraft reporting degraded GPS accuracy in their ADS-B messages,
 * aggregated into H3 cells (resolution 4). The manifest lists the published days, newest last;
 * each day is one CSV file. No key.
 */
export const GPSJAM_MANIFEST_URL = 'https://gpsjam.org/data/manifest.csv';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The H3 cell file of one day (`YYYY-MM-DD`). */
export function gpsjamDailyUrl(date: string): string {
  if (!DATE.test(date)) throw new Error(`gpsjam day must be YYYY-MM-DD, got "${date}"`);
  return `https://gpsjam.org/data/${date}-h3_4.csv`;
}

export interface GpsjamDay {
  date: string;
  /** gpsjam's own flag for a day whose data looks anomalous. */
  suspect: boolean;
}

/** The manifest CSV -> published days in file order; a manifest without dated rows is a FormatError. */
export function parseGpsjamManifest(input: Buffer | string): GpsjamDay[] {
  const rows = parseCsv(input, { trim: true, relaxColumnCount: true });
  const days = rows
    .filter((r) => DATE.test(r.date ?? ''))
    .map((r) => ({ date: r.date, suspect: /^(true|1)$/i.test(r.suspect ?? '') }));
  if (days.length === 0)
    throw new FormatError('gpsjam manifest', 'no dated rows (expected a `date` column of YYYY-MM-DD values)');
  return days;
}

/** The newest day of the manifest: its last row. */
export function latestGpsjamDay(input: Buffer | string): GpsjamDay {
  const days = parseGpsjamManifest(input);
  return days[days.length - 1];
}

export interface GpsjamCell {
  h3: string;
  /** Cell centre, degrees, 5 decimals (about a metre; the cells are ~45 km across). */
  lat: number;
  lon: number;
  resolution: number;
  goodAircraft: number;
  badAircraft: number;
}

export interface GpsjamCells {
  cells: GpsjamCell[];
  /** Rows whose `hex` is not a valid H3 cell index: dropped. */
  invalidCells: number;
  /** Rows whose aircraft counts are not non-negative integers: dropped. */
  malformedRows: number;
}

const COLUMNS = ['hex', 'count_good_aircraft', 'count_bad_aircraft'] as const;
const COUNT = /^\d+$/;
const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

/**
 * A day's CSV (`hex,count_good_aircraft,count_bad_aircraft`) -> cells with their centres. Single bad
 * rows are dropped and counted rather than failing the day; a file without those columns, or one
 * where no row survives, is a FormatError (that is a broken feed, not a quiet day).
 */
export function parseGpsjamCells(input: Buffer | string): GpsjamCells {
  const [header = [], ...rows] = parseCsvRows(input, { trim: true, relaxColumnCount: true });
  const missing = COLUMNS.filter((c) => !header.includes(c));
  if (missing.length)
    throw new FormatError('gpsjam CSV', `missing column(s) ${missing.join(', ')} in header "${header.join(',')}"`);
  const [hexAt, goodAt, badAt] = COLUMNS.map((c) => header.indexOf(c));
  const cells: GpsjamCell[] = [];
  let invalidCells = 0;
  let malformedRows = 0;
  for (const r of rows) {
    const good = r[goodAt] ?? '';
    const bad = r[badAt] ?? '';
    if (!COUNT.test(good) || !COUNT.test(bad)) {
      malformedRows++;
      continue;
    }
    const h3 = (r[hexAt] ?? '').toLowerCase();
    if (!isValidCell(h3)) {
      invalidCells++;
      continue;
    }
    const [lat, lon] = cellToLatLng(h3);
    cells.push({
      h3,
      lat: round5(lat),
      lon: round5(lon),
      resolution: getResolution(h3),
      goodAircraft: Number(good),
      badAircraft: Number(bad),
    });
  }
  if (rows.length > 0 && cells.length === 0)
    throw new FormatError('gpsjam CSV', `none of ${rows.length} rows is a valid cell with aircraft counts`);
  return { cells, invalidCells, malformedRows };
}
