import { parseCsvRows } from '../formats/csv.js';

/**
 * The New York Fed's Global Supply Chain Pressure Index, published as a CSV with a `Date,GSCPI`
 * header and one row per month, dated at month end as `31-Oct-2026` (ISO dates are accepted too).
 * No credential.
 */
export const GSCPI_CSV_URL =
  'https://www.newyorkfed.org/medialibrary/research/interactives/data/gscpi/gscpi_interactive_data.csv';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** `31-Oct-2026` or `2026-10-31` as the first day of its month (FRED dates monthly data that way). */
function monthStart(raw: string): string | undefined {
  const dmy = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(raw);
  if (dmy) {
    const m = MONTHS.indexOf(dmy[2].toUpperCase());
    return m < 0 ? undefined : `${dmy[3]}-${String(m + 1).padStart(2, '0')}-01`;
  }
  const iso = /^(\d{4})-(\d{2})-\d{2}$/.exec(raw);
  return iso && +iso[2] >= 1 && +iso[2] <= 12 ? `${iso[1]}-${iso[2]}-01` : undefined;
}

/** Monthly index values in date order; rows without a date or a number are skipped. */
export function parseGscpiCsv(input: Buffer | string): { date: string; value: number }[] {
  const rows = parseCsvRows(input, { relaxColumnCount: true, trim: true });
  const header = (rows[0] ?? []).map((h) => h.toUpperCase());
  const [dateCol, valueCol] = [header.indexOf('DATE'), header.indexOf('GSCPI')];
  if (dateCol < 0 || valueCol < 0) throw new Error('GSCPI CSV: header lacks Date or GSCPI');
  const out: { date: string; value: number }[] = [];
  for (const cells of rows.slice(1)) {
    const date = monthStart(cells[dateCol] ?? '');
    const value = Number(cells[valueCol]);
    if (date && cells[valueCol] && Number.isFinite(value)) out.push({ date, value });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
