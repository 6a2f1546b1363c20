import { parseCsv } from '../formats/csv.js';

/**
 * The Economist's Big Mac index, published as open data on GitHub (TheEconomist/big-mac-data).
 * The raw index CSV has one row per country and survey (January and July): local price, dollar
 * exchange rate (local units per US dollar) and the dollar price. No credential.
 */
export const BIGMAC_RAW_INDEX_URL =
  'https://raw.githubusercontent.com/TheEconomist/big-mac-data/master/output-data/big-mac-raw-index.csv';

export interface BigMacObservation {
  /** Survey date, YYYY-MM-DD. */
  date: string;
  iso3: string;
  currency: string;
  name: string;
  localPrice: number;
  /** Local currency units per US dollar. */
  dollarEx: number;
}

/** Rows with a date, a country code, a positive price and rate; refuses a file without its columns. */
export function parseBigMacCsv(input: Buffer | string): BigMacObservation[] {
  const rows = parseCsv(input, { trim: true });
  const need = ['date', 'iso_a3', 'currency_code', 'name', 'local_price', 'dollar_ex'];
  if (rows.length === 0 || need.some((k) => !(k in rows[0])))
    throw new Error(`Big Mac CSV: header lacks ${need.join(', ')}`);
  const out: BigMacObservation[] = [];
  for (const r of rows) {
    const localPrice = Number(r.local_price);
    const dollarEx = Number(r.dollar_ex);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(r.date) || !/^[A-Z]{3}$/.test(r.iso_a3)) continue;
    if (!(localPrice > 0) || !(dollarEx > 0)) continue;
    out.push({ date: r.date, iso3: r.iso_a3, currency: r.currency_code, name: r.name, localPrice, dollarEx });
  }
  return out;
}
