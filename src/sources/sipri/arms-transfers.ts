import { parseCsvRows } from '../formats/csv.js';

/**
 * SIPRI Arms Transfers Database TIV table export (recipients by supplier by year): a few title
 * lines, then `Recipient,Supplier,<year>...,Total`, then a trailing note.
 */
export const SIPRI_TIV_URL = 'https://atbackend.sipri.org/api/p/trades/import-export-csv-str';

export interface TivRow {
  recipient: string;
  supplier: string;
  /** TIV (millions) per year; empty cells are 0. */
  byYear: Map<number, number>;
}

export function parseTivTable(bytes: Buffer): { years: number[]; rows: TivRow[] } {
  // Title lines above the header and a note below the table have fewer cells than the rows.
  const lines = parseCsvRows(bytes, { relaxColumnCount: true, trim: true });
  const headerAt = lines.findIndex(
    (cells) => /^recipient$/i.test(cells[0] ?? '') && /^supplier$/i.test(cells[1] ?? ''),
  );
  if (headerAt < 0) throw new Error('SIPRI TIV table has no Recipient,Supplier header');
  const header = lines[headerAt]!;
  const yearCols = header.map((h, i) => [Number(h), i] as const).filter(([y]) => Number.isInteger(y) && y > 1900);
  if (yearCols.length === 0) throw new Error('SIPRI TIV table has no year columns');
  const rows: TivRow[] = [];
  for (const cells of lines.slice(headerAt + 1)) {
    if (cells.length < header.length || !cells[0] || !cells[1]) continue;
    const byYear = new Map<number, number>();
    for (const [year, i] of yearCols) {
      const v = cells[i] ? Number(cells[i]) : 0;
      if (!Number.isFinite(v))
        throw new Error(`SIPRI TIV table: "${cells[i]}" for ${cells[0]}/${cells[1]} ${year} is not a number`);
      byYear.set(year, v);
    }
    rows.push({ recipient: cells[0], supplier: cells[1], byYear });
  }
  return { years: yearCols.map(([y]) => y), rows };
}
