import { parseCsvRows } from '../formats/csv.js';

/**
 * The FAO Food Price Index (2014-2016 = 100) as FAO publishes it for download: a CSV with a few
 * title lines, then one row per month `YYYY-MM,<food>,<meat>,<dairy>,<cereals>,<oils>,<sugar>`
 * and trailing notes. No credential.
 */
export const FAO_FFPI_CSV_URL =
  'https://www.fao.org/media/docs/worldfoodsituationlibraries/default-document-library/food_price_indices_data.csv';

export interface FoodPriceMonth {
  /** YYYY-MM */
  date: string;
  ffpi: number;
  meat: number;
  dairy: number;
  cereals: number;
  oils: number;
  sugar: number;
}

/** Monthly rows in date order; title, note and incomplete rows are skipped. */
export function parseFfpiCsv(input: Buffer | string): FoodPriceMonth[] {
  const out: FoodPriceMonth[] = [];
  for (const [date, ...cells] of parseCsvRows(input, { relaxColumnCount: true, trim: true })) {
    if (!/^\d{4}-\d{2}$/.test(date ?? '')) continue;
    const v = cells.slice(0, 6).map((c) => (c === '' ? NaN : Number(c)));
    if (v.length < 6 || v.some((x) => !Number.isFinite(x))) continue;
    out.push({ date, ffpi: v[0], meat: v[1], dairy: v[2], cereals: v[3], oils: v[4], sugar: v[5] });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
