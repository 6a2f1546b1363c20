import { parseCsvRows } from '../formats/csv.js';

/** EPA RadNet fixed monitors: one CSV per year, state and city, hourly gamma dose rates. No key. */
export function radnetCsvUrl(year: number, state: string, city: string): string {
  return `https://radnet.epa.gov/cdx-radnet-rest/api/rest/csv/${year}/fixed/${encodeURIComponent(state)}/${encodeURIComponent(city)}`;
}

export interface RadnetReading {
  location: string;
  /** Collection time, Unix epoch milliseconds (RadNet reports UTC as MM/DD/YYYY HH:MM:SS). */
  at: number;
  /** Dose equivalent rate, nSv/h. */
  nsvPerHour: number;
  status: string;
}

const DOSE = 'DOSE EQUIVALENT RATE (nSv/h)';

function parseTime(text: string): number {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  return m ? Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2]), Number(m[4]), Number(m[5]), Number(m[6])) : NaN;
}

/**
 * Parses a RadNet CSV export. Only APPROVED rows are kept (PRELIMINARY ones may still be revised),
 * oldest first; rows with an unreadable time or dose are skipped. A body without the dose column is refused.
 */
export function parseRadnetCsv(input: Buffer | string): RadnetReading[] {
  const rows = parseCsvRows(input, { relaxColumnCount: true, trim: true });
  if (rows.length === 0) throw new Error('RadNet CSV is empty');
  const header = rows[0];
  const col = (name: string) => header.indexOf(name);
  const [loc, time, dose, status] = [col('LOCATION_NAME'), col('SAMPLE COLLECTION TIME'), col(DOSE), col('STATUS')];
  if (loc < 0 || time < 0 || dose < 0)
    throw new Error(
      `RadNet CSV header lacks ${[loc < 0 && 'LOCATION_NAME', time < 0 && 'SAMPLE COLLECTION TIME', dose < 0 && DOSE].filter(Boolean).join(', ')}`,
    );
  const out: RadnetReading[] = [];
  for (const cells of rows.slice(1)) {
    const st = status >= 0 ? (cells[status] ?? '').toUpperCase() : 'APPROVED';
    if (st !== 'APPROVED') continue;
    const at = parseTime(cells[time] ?? '');
    const value = Number(cells[dose]);
    if (!Number.isFinite(at) || cells[dose] === '' || !Number.isFinite(value) || value < 0) continue;
    out.push({ location: cells[loc], at, nsvPerHour: value, status: st });
  }
  return out.sort((a, b) => a.at - b.at);
}
