/**
 * Helpers over SDMX-CSV rows (as `parseSdmxCsv` of the shared format parsers returns them), shared
 * by the BIS and ECB datasets.
 */

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
