import { splitCsvLine } from '../../platform/csv.js';

/**
 * SDMX-CSV (as BIS and the ECB data portal serve it): a header row of dimension and attribute ids,
 * then one observation per row. Columns are keyed by id; a labelled header such as
 * `REF_AREA:Reference area` counts as `REF_AREA`. Throws when TIME_PERIOD or OBS_VALUE is absent.
 * Same contract as `parseSdmxCsv` of the shared format parsers, which replaces it once on main.
 */
export function readSdmxCsv(input: Buffer | string): Record<string, string>[] {
  const text = (typeof input === 'string' ? input : input.toString('utf8')).replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = splitCsvLine(lines[0] ?? '').map((h) => h.split(':')[0].toUpperCase());
  if (!header.includes('TIME_PERIOD') || !header.includes('OBS_VALUE')) {
    throw new Error('SDMX-CSV: header lacks TIME_PERIOD or OBS_VALUE columns');
  }
  return lines.slice(1).map((line) => {
    const cells = splitCsvLine(line);
    const row: Record<string, string> = {};
    header.forEach((h, i) => (row[h] = cells[i] ?? ''));
    return row;
  });
}

export interface Observation {
  period: string;
  value: number;
}

/** An SDMX OBS_VALUE as a number; blank and `NaN` cells are missing observations. */
export function obsValue(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '' || raw.toUpperCase() === 'NAN') return undefined;
  const v = Number(raw);
  return Number.isFinite(v) ? v : undefined;
}

/**
 * Numeric observations grouped by one dimension (REF_AREA, CURRENCY...), oldest first; rows without
 * a value are skipped. Keys are upper-cased.
 */
export function seriesBy(rows: readonly Record<string, string>[], dimension: string): Map<string, Observation[]> {
  const out = new Map<string, Observation[]>();
  for (const row of rows) {
    const value = obsValue(row.OBS_VALUE);
    if (value === undefined) continue;
    const key = (row[dimension] ?? '').toUpperCase();
    if (!out.has(key)) out.set(key, []);
    out.get(key)!.push({ period: row.TIME_PERIOD ?? '', value });
  }
  for (const obs of out.values()) obs.sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0));
  return out;
}
