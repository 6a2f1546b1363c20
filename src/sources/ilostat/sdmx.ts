import { parseSdmxCsv } from '../formats/sdmx.js';

/**
 * ILOSTAT's SDMX REST API (keyless): data of one dataflow by series key, answered as SDMX-CSV when
 * asked with `format=csv`. Values are in the unit the row's UNIT_MEASURE names, times
 * 10^UNIT_MULT (ILOSTAT counts people in thousands: UNIT_MULT 3).
 */
export const ILOSTAT_SDMX = 'https://sdmx.ilo.org/rest';

/** `key` is the SDMX series key, dimensions separated by `.`, alternatives by `+`, empty for all. */
export function ilostatDataUrl(dataflow: string, key: string, startPeriod: number): string {
  return `${ILOSTAT_SDMX}/data/ILO,${dataflow}/${key}?startPeriod=${startPeriod}&format=csv`;
}

/** One annual observation, scaled to units. */
export interface IlostatObservation {
  /** ISO alpha-3 as ILOSTAT writes REF_AREA (regional aggregates have other codes). */
  refArea: string;
  /** The value of the row's classification column (e.g. `OCU_ISCO08_7` in OCU). */
  code: string;
  sex: string;
  unitMeasure: string;
  year: number;
  value: number;
}

/**
 * SDMX-CSV rows -> observations of the classification column `dimension`. Rows without a four-digit
 * TIME_PERIOD, a finite OBS_VALUE or an integer UNIT_MULT (-9..9) are skipped.
 */
export function parseIlostatCsv(input: Buffer | string, dimension: string): IlostatObservation[] {
  const out: IlostatObservation[] = [];
  for (const r of parseSdmxCsv(input, { requiredColumns: ['REF_AREA', dimension] })) {
    const year = /^\d{4}$/.test(r.TIME_PERIOD ?? '') ? Number(r.TIME_PERIOD) : undefined;
    const value = r.OBS_VALUE === '' || r.OBS_VALUE === undefined ? NaN : Number(r.OBS_VALUE);
    const mult = r.UNIT_MULT === undefined || r.UNIT_MULT === '' ? 0 : Number(r.UNIT_MULT);
    if (year === undefined || !Number.isFinite(value) || !Number.isInteger(mult) || Math.abs(mult) > 9) continue;
    out.push({
      refArea: (r.REF_AREA ?? '').toUpperCase(),
      code: r[dimension] ?? '',
      sex: r.SEX ?? '',
      unitMeasure: r.UNIT_MEASURE ?? '',
      year,
      // Rounded to 6 decimals so that thousands times 10^3 stay exact sums of each other.
      value: Math.round(value * 10 ** mult * 1e6) / 1e6,
    });
  }
  return out;
}
