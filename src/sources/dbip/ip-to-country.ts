import { gunzipSync } from 'node:zlib';
import { parseCsvRows } from '../formats/csv.js';

/**
 * DB-IP "IP to Country Lite" (CC BY 4.0): a CSV of `first address,last address,country code` rows,
 * IPv4 and IPv6 together, no header, published monthly (gzip). `ZZ` marks reserved space.
 */
export function dbipCountryLiteUrl(now: number): string {
  const d = new Date(now);
  return `https://download.db-ip.com/free/dbip-country-lite-${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}.csv.gz`;
}

export interface IpRange {
  start: string;
  end: string;
  country: string;
}

/** Parses the CSV (gunzipping it first when it is gzip). Rows that are not three cells are refused. */
export function parseIpCountryCsv(input: Buffer | string): IpRange[] {
  const buf = typeof input === 'string' ? Buffer.from(input) : input;
  const rows = parseCsvRows(buf[0] === 0x1f && buf[1] === 0x8b ? gunzipSync(buf) : buf, {
    relaxColumnCount: true,
    trim: true,
  });
  const out: IpRange[] = [];
  for (const [i, cells] of rows.entries()) {
    if (cells.length !== 3 || !/^[A-Z]{2}$/i.test(cells[2]))
      throw new Error(
        `IP-to-country CSV row ${i + 1}: expected "first,last,CC", got "${cells.join(',').slice(0, 80)}"`,
      );
    out.push({ start: cells[0], end: cells[1], country: cells[2].toUpperCase() });
  }
  return out;
}
