import { FormatError, isObject, parseJsonText } from '../formats/errors.js';

/**
 * UN World Population Prospects Data Portal, the keyless API its own pages read (`uiapi`): address
 * building and the one reader of its JSON. A query names indicators, locations (UN M49 codes),
 * years, the projection variant, age groups, sexes and categories as path segments; the answer is a
 * JSON array of rows, one per location, indicator, year, variant, age group and sex.
 */
export const WPP_DATA_PORTAL = 'https://population.un.org/dataportalapi/uiapi/v1/data';

/** Ids the portal uses: variant 4 is the median projection, sex 3 is both sexes, category 0 none. */
export const WPP_MEDIAN_VARIANT = 4;
export const WPP_BOTH_SEXES = 3;

export function wppDataUrl(q: {
  indicators: readonly number[];
  locations: readonly number[];
  years: readonly number[];
  ages: readonly number[];
  variant?: number;
  sex?: number;
}): string {
  const list = (xs: readonly number[]) => xs.join(',');
  return (
    `${WPP_DATA_PORTAL}/indicators/${list(q.indicators)}/locations/${list(q.locations)}/years/${list(q.years)}` +
    `/vars/${q.variant ?? WPP_MEDIAN_VARIANT}/ages/${list(q.ages)}/sexes/${q.sex ?? WPP_BOTH_SEXES}/cats/0`
  );
}

/** One value of one indicator for one location (UN M49), year, variant, age group and sex. */
export interface WppRow {
  locationId: number;
  indicatorId: number;
  variantId: number;
  sexId: number;
  ageId: number;
  /** The year the value describes (`timeLabel`). */
  year: number;
  value: number;
}

const num = (v: unknown): number | undefined => {
  if (v === null || v === undefined || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};

/**
 * The portal's JSON array -> rows. Rows missing an id, a four-digit `timeLabel` or a finite value
 * are skipped; anything but an array is a FormatError.
 */
export function parseWppRows(input: Buffer | string): WppRow[] {
  const doc = parseJsonText('UN WPP', input);
  if (!Array.isArray(doc)) throw new FormatError('UN WPP', 'expected an array of rows');
  const out: WppRow[] = [];
  for (const r of doc as unknown[]) {
    if (!isObject(r)) continue;
    const [locationId, indicatorId, variantId, sexId, ageId, value] = [
      r.locationId,
      r.indicatorId,
      r.variantId,
      r.sexId,
      r.ageId,
      r.value,
    ].map(num);
    const year = /^\d{4}$/.test(String(r.timeLabel ?? '')) ? Number(r.timeLabel) : undefined;
    if ([locationId, indicatorId, variantId, sexId, ageId, value, year].some((x) => x === undefined)) continue;
    out.push({
      locationId: locationId!,
      indicatorId: indicatorId!,
      variantId: variantId!,
      sexId: sexId!,
      ageId: ageId!,
      year: year!,
      value: value!,
    });
  }
  return out;
}
