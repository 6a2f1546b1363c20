/**
 * Barchart's end-of-day time series (`/proxies/timeseries/queryeod.ashx`): plain text, one line per
 * session, `symbol,YYYY-MM-DD,open,high,low,close,volume`, oldest first, no header.
 */

export const BARCHART_ORIGIN = 'https://www.barchart.com';

/** Daily closes of a symbol (index symbols keep their `$`), the newest `maxRecords` sessions. */
export function eodUrl(symbol: string, maxRecords = 260): string {
  return `${BARCHART_ORIGIN}/proxies/timeseries/queryeod.ashx?symbol=${encodeURIComponent(symbol)}&data=daily&maxrecords=${maxRecords}&volume=contract&order=asc&dividends=false&backadjust=false`;
}

export interface EodClose {
  symbol: string;
  /** YYYY-MM-DD. */
  date: string;
  close: number;
}

/** Reads the series; blank lines are skipped, any other line that is not a session is an error. */
export function parseBarchartEod(input: Buffer | string): EodClose[] {
  const out: EodClose[] = [];
  for (const raw of input.toString().split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const cells = line.split(',');
    const close = Number(cells[5]);
    if (cells.length < 6 || !/^\d{4}-\d{2}-\d{2}$/.test(cells[1]) || cells[5] === '' || !Number.isFinite(close)) {
      throw new Error(`Barchart EOD line is not symbol,date,open,high,low,close,volume: ${line.slice(0, 60)}`);
    }
    out.push({ symbol: cells[0], date: cells[1], close });
  }
  if (out.length === 0) throw new Error('Barchart EOD answer has no sessions');
  return out;
}
