import { excelSerialToMs, readXlsx, type XlsxCell } from '../formats/xlsx.js';

/** SPDR Gold Shares' historical archive workbook (GLD, NYSE). The API wants a browser-like Origin and Referer. */
export const GLD_ARCHIVE_URL =
  'https://api.spdrgoldshares.com/api/v1/historical-archive?product=gld&exchange=NYSE&lang=en';
export const GLD_HEADERS = {
  accept: '*/*',
  origin: 'https://www.spdrgoldshares.com',
  referer: 'https://www.spdrgoldshares.com/',
};

export interface GldDay {
  /** YYYY-MM-DD. */
  date: string;
  tonnes: number;
  nav: number;
  aumUsd: number;
}

const DATE = /^date$/i;
const TONNES = /tonnes/i;
const NAV = /^nav$/i;
const AUM = /^total net asset value in the trust$/i;

function dateOf(cell: XlsxCell): string | undefined {
  if (typeof cell === 'number') return new Date(excelSerialToMs(cell)).toISOString().slice(0, 10);
  if (typeof cell === 'string' && cell.trim()) {
    const t = Date.parse(`${cell.trim()} UTC`);
    return Number.isNaN(t) ? undefined : new Date(t).toISOString().slice(0, 10);
  }
  return undefined;
}

/**
 * The trust's daily holdings, oldest first: the sheet whose header row has Date, NAV, the tonnes
 * column and the total net asset value; rows without a date or tonnage are skipped.
 */
export function parseGldArchive(input: Buffer | string): GldDay[] {
  for (const sheet of readXlsx(input)) {
    const headerAt = sheet.rows.findIndex(
      (r) =>
        r.some((c) => typeof c === 'string' && DATE.test(c.trim())) &&
        r.some((c) => typeof c === 'string' && TONNES.test(c)),
    );
    if (headerAt < 0) continue;
    const header = sheet.rows[headerAt].map((c) => (typeof c === 'string' ? c.trim() : ''));
    const col = (re: RegExp) => header.findIndex((h) => re.test(h));
    const [d, t, n, a] = [col(DATE), col(TONNES), col(NAV), col(AUM)];
    const out: GldDay[] = [];
    for (const row of sheet.rows.slice(headerAt + 1)) {
      const date = dateOf(row[d] ?? null);
      const tonnes = Number(row[t]);
      if (!date || !Number.isFinite(tonnes) || tonnes <= 0) continue;
      out.push({ date, tonnes, nav: n >= 0 ? Number(row[n]) || 0 : 0, aumUsd: a >= 0 ? Number(row[a]) || 0 : 0 });
    }
    if (out.length) return out.sort((x, y) => x.date.localeCompare(y.date));
  }
  throw new Error('SPDR GLD archive has no sheet with Date and tonnes columns');
}
