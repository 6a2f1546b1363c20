import { splitCsvLine } from '../../platform/csv.js';

/**
 * The Economist's Big Mac index, published as open data on GitHub (TheEconomist/big-mac-data).
 * The raw index CSV has one row per country and survey (January and July): local price, dollar
 * exchange rate (local units per US dollar) and the dollar price. No credential.
 */
export const BIGMAC_RAW_INDEX_URL = 'https://raw.githubusercontent.com/TheEconomist/big-mac-data/master/output-data/big-mac-raw-index.csv';

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
  const text = (typeof input === 'string' ? input : input.toString('utf8')).replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = splitCsvLine(lines[0] ?? '');
  const col = (name: string) => header.indexOf(name);
  const cols = { date: col('date'), iso3: col('iso_a3'), currency: col('currency_code'), name: col('name'), local: col('local_price'), ex: col('dollar_ex') };
  if (Object.values(cols).some((i) => i < 0)) throw new Error('Big Mac CSV: header lacks date, iso_a3, currency_code, name, local_price or dollar_ex');
  const out: BigMacObservation[] = [];
  for (const line of lines.slice(1)) {
    const c = splitCsvLine(line);
    const localPrice = Number(c[cols.local]);
    const dollarEx = Number(c[cols.ex]);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(c[cols.date] ?? '') || !/^[A-Z]{3}$/.test(c[cols.iso3] ?? '')) continue;
    if (!(localPrice > 0) || !(dollarEx > 0)) continue;
    out.push({ date: c[cols.date], iso3: c[cols.iso3], currency: c[cols.currency] ?? '', name: c[cols.name] ?? '', localPrice, dollarEx });
  }
  return out;
}
