import { parseCsvRows } from '../formats/csv.js';

/** NSIDC Sea Ice Index v4 (G02135): daily Arctic extent and the 1981-2010 climatology, CSV, no key. */
export const NSIDC_DAILY_URL =
  'https://noaadata.apps.nsidc.org/NOAA/G02135/north/daily/data/N_seaice_extent_daily_v4.0.csv';
export const NSIDC_CLIMATOLOGY_URL =
  'https://noaadata.apps.nsidc.org/NOAA/G02135/north/daily/data/N_seaice_extent_climatology_1981-2010_v4.0.csv';

/** Rows whose first cell is not a number (the two header lines) are skipped. */
function numericRows(input: Buffer | string, what: string): string[][] {
  const rows = parseCsvRows(input, { relaxColumnCount: true, trim: true }).filter((c) => /^\d+$/.test(c[0] ?? ''));
  if (rows.length === 0) throw new Error(`NSIDC ${what}: no data rows`);
  return rows;
}

/** Daily extent in million km², oldest first; -9999 (missing) rows are dropped. */
export function parseDailyExtent(input: Buffer | string): { at: number; extent: number }[] {
  return numericRows(input, 'daily extent')
    .map((c) => ({ at: Date.UTC(Number(c[0]), Number(c[1]) - 1, Number(c[2])), extent: Number(c[3]) }))
    .filter((r) => Number.isFinite(r.at) && Number.isFinite(r.extent) && r.extent > 0)
    .sort((a, b) => a.at - b.at);
}

/** Median (50th percentile) extent per day of year, 1981-2010. */
export function parseClimatologyMedian(input: Buffer | string): Map<number, number> {
  const out = new Map<number, number>();
  for (const c of numericRows(input, 'climatology')) {
    const median = Number(c[5]);
    if (Number.isFinite(median)) out.set(Number(c[0]), median);
  }
  return out;
}
