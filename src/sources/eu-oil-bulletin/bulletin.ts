import { readXlsx } from '../formats/xlsx.js';

/**
 * The European Commission's Weekly Oil Bulletin, "prices with taxes" workbook (XLSX): one row per
 * member state with consumer prices in euro per 1000 litres, Euro-super 95 and automotive gas oil
 * columns found by their header text; the price date is in a "Prices in force on dd/mm/yyyy" line.
 */
export const OIL_BULLETIN_URL = 'https://energy.ec.europa.eu/document/download/264c2d0f-f161-4ea3-a777-78faae59bea0_en';

export interface BulletinRow {
  country: string;
  /** Euro per litre. */
  gasoline?: number;
  diesel?: number;
}

export function parseOilBulletin(input: Buffer): { date: string; rows: BulletinRow[] } {
  const sheet = readXlsx(input)[0];
  if (!sheet) throw new Error('Oil Bulletin: workbook has no sheet');
  const text = (c: unknown) => (typeof c === 'string' ? c : '');
  const dateCell = sheet.rows
    .flat()
    .map(text)
    .find((c) => /in force on \d{2}\/\d{2}\/\d{4}/i.test(c));
  const dm = dateCell ? /(\d{2})\/(\d{2})\/(\d{4})/.exec(dateCell) : null;
  const headerAt = sheet.rows.findIndex(
    (r) =>
      r.some((c) => /euro-super 95/i.test(text(c))) &&
      r.some((c) => /gas oil automobile|automotive gas oil/i.test(text(c))),
  );
  if (headerAt < 0 || !dm) throw new Error('Oil Bulletin: no Euro-super 95 / automotive gas oil header or price date');
  const header = sheet.rows[headerAt].map(text);
  const g = header.findIndex((c) => /euro-super 95/i.test(c));
  const d = header.findIndex((c) => /gas oil automobile|automotive gas oil/i.test(c));
  const perLitre = (v: unknown) => (typeof v === 'number' && v > 0 ? v / 1000 : undefined);
  const rows: BulletinRow[] = [];
  for (const r of sheet.rows.slice(headerAt + 1)) {
    const country = text(r[0]).trim();
    if (!country || /average/i.test(country)) continue;
    const row = { country, gasoline: perLitre(r[g]), diesel: perLitre(r[d]) };
    if (row.gasoline !== undefined || row.diesel !== undefined) rows.push(row);
  }
  return { date: `${dm[3]}-${dm[2]}-${dm[1]}`, rows };
}
