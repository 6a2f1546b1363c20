import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { zipSync } from 'fflate';
import { FormatError, isObject } from './errors.js';
import { unzipEntries } from './zip.js';

export type XlsxCell = string | number | null;

export interface XlsxSheet {
  name: string;
  /** Row-major; a gap in the sheet reads as null cells / empty rows. */
  rows: XlsxCell[][];
}

const F = 'XLSX';
type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => ['sheet', 'Relationship', 'si', 'r', 'row', 'c'].includes(name),
});

function xml(entries: Map<string, Buffer>, path: string, required: boolean): Node | undefined {
  const data = entries.get(path);
  if (!data) {
    if (required) throw new FormatError(F, `workbook part ${path} is missing`);
    return undefined;
  }
  const text = data.toString('utf8');
  const check = XMLValidator.validate(text);
  if (check !== true) throw new FormatError(F, `${path} is not readable XML: line ${check.err.line}: ${check.err.msg}`);
  try {
    return parser.parse(text) as Node;
  } catch (err) {
    throw new FormatError(F, `${path} is not readable XML: ${(err as Error).message}`, { cause: err });
  }
}

const list = (v: unknown): Node[] =>
  (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]).filter(isObject) as Node[];

/** Text content of a `<t>` (or a node holding one), whitespace as written. */
function tText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (isObject(v)) return '#text' in v ? String(v['#text']) : '';
  return '';
}

/** A shared string or inline string: plain `<t>` or rich-text runs `<r><t>`. */
function richText(si: Node): string {
  if (si.t !== undefined) return tText(si.t);
  return list(si.r)
    .map((r) => tText(r.t))
    .join('');
}

/** "BC12" -> column index 54 (0-based). */
function columnOf(ref: string): number {
  const m = /^([A-Z]+)\d+$/.exec(ref);
  if (!m) return -1;
  let n = 0;
  for (const ch of m[1]) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** A relationship target resolved against xl/. */
function partPath(target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = ['xl'];
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/');
}

function cellValue(c: Node, shared: string[], where: string): XlsxCell {
  const t = c['@_t'] ?? 'n';
  const v = c.v === undefined ? undefined : tText(c.v);
  switch (t) {
    case 's': {
      if (v === undefined) return null;
      const s = shared[Number(v)];
      if (s === undefined)
        throw new FormatError(F, `${where} refers to shared string ${v}, table has ${shared.length}`);
      return s;
    }
    case 'inlineStr':
      return isObject(c.is) ? richText(c.is) : '';
    case 'str':
      return v ?? '';
    case 'b':
      return v === undefined ? null : v === '1' ? 'TRUE' : 'FALSE';
    case 'e':
      return null; // #N/A, #DIV/0! and friends: no value
    default: {
      if (v === undefined || v.trim() === '') return null;
      const n = Number(v);
      if (!Number.isFinite(n)) throw new FormatError(F, `${where} holds "${v}", not a number`);
      return n;
    }
  }
}

/**
 * An XLSX workbook -> one entry per sheet in workbook order with its cells: shared and inline
 * strings resolved, numbers as numbers (dates stay Excel serial numbers, see `excelSerialToMs`),
 * booleans as "TRUE"/"FALSE", error cells as null.
 */
export function readXlsx(input: Buffer | string): XlsxSheet[] {
  let entries: Map<string, Buffer>;
  try {
    entries = unzipEntries(input);
  } catch (err) {
    throw new FormatError(F, `not a workbook: ${(err as Error).message}`, { cause: err });
  }
  const workbook = xml(entries, 'xl/workbook.xml', true)!;
  const rels = xml(entries, 'xl/_rels/workbook.xml.rels', true)!;
  const targets = new Map<string, string>();
  for (const r of list((rels.Relationships as Node | undefined)?.Relationship))
    targets.set(String(r['@_Id']), partPath(String(r['@_Target'])));
  const sst = xml(entries, 'xl/sharedStrings.xml', false);
  const shared = list((sst?.sst as Node | undefined)?.si).map(richText);
  const sheets = list(((workbook.workbook as Node | undefined)?.sheets as Node | undefined)?.sheet);
  if (sheets.length === 0) throw new FormatError(F, 'workbook lists no sheets');
  return sheets.map((s) => {
    const name = String(s['@_name'] ?? '');
    const path = targets.get(String(s['@_id']));
    if (!path) throw new FormatError(F, `sheet "${name}" has no relationship target`);
    const ws = xml(entries, path, true)!;
    const data = ((ws.worksheet as Node | undefined)?.sheetData ?? {}) as Node;
    const rows: XlsxCell[][] = [];
    let nextRow = 0;
    for (const row of list(data.row)) {
      const r = row['@_r'] !== undefined ? Number(row['@_r']) - 1 : nextRow;
      if (!Number.isInteger(r) || r < 0)
        throw new FormatError(F, `sheet "${name}" has row number ${String(row['@_r'])}`);
      nextRow = r + 1;
      while (rows.length < r) rows.push([]);
      const cells: XlsxCell[] = [];
      let nextCol = 0;
      for (const c of list(row.c)) {
        const ref = c['@_r'] !== undefined ? String(c['@_r']) : '';
        const col = ref ? columnOf(ref) : nextCol;
        if (col < 0) throw new FormatError(F, `sheet "${name}" has cell reference "${ref}"`);
        nextCol = col + 1;
        while (cells.length < col) cells.push(null);
        cells[col] = cellValue(c, shared, `sheet "${name}" cell ${ref || `${r + 1}:${col + 1}`}`);
      }
      while (cells.length && cells[cells.length - 1] === null) cells.pop();
      rows[r] = cells;
    }
    return { name, rows };
  });
}

/** An Excel date serial (1900 date system, days since 1899-12-30) as epoch ms. */
export function excelSerialToMs(serial: number): number {
  return Math.round((serial - 25569) * 86_400_000);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/**
 * A minimal valid workbook for samples and tests: strings go to the shared-string table (or
 * inline with `{ inlineStrings: true }`), numbers as numbers, null as an absent cell.
 */
export function writeXlsx(sheets: XlsxSheet[], opts: { inlineStrings?: boolean } = {}): Buffer {
  const header = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const relNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const shared: string[] = [];
  const sharedAt = new Map<string, number>();
  const files: Record<string, Uint8Array> = {};
  const put = (path: string, text: string) => (files[path] = Buffer.from(header + text, 'utf8'));
  sheets.forEach((sheet, si) => {
    const rows = sheet.rows
      .map((row, r) => {
        const cells = row
          .map((v, c) => {
            const ref = `${columnName(c)}${r + 1}`;
            if (v === null || v === undefined) return '';
            if (typeof v === 'number') return `<c r="${ref}"><v>${v}</v></c>`;
            if (opts.inlineStrings)
              return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${esc(v)}</t></is></c>`;
            let idx = sharedAt.get(v);
            if (idx === undefined) {
              idx = shared.push(v) - 1;
              sharedAt.set(v, idx);
            }
            return `<c r="${ref}" t="s"><v>${idx}</v></c>`;
          })
          .join('');
        return `<row r="${r + 1}">${cells}</row>`;
      })
      .join('');
    put(`xl/worksheets/sheet${si + 1}.xml`, `<worksheet xmlns="${main}"><sheetData>${rows}</sheetData></worksheet>`);
  });
  put(
    '[Content_Types].xml',
    `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
  );
  put(
    '_rels/.rels',
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relNs}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  put(
    'xl/workbook.xml',
    `<workbook xmlns="${main}" xmlns:r="${relNs}"><sheets>${sheets.map((s, i) => `<sheet name="${esc(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
  );
  put(
    'xl/_rels/workbook.xml.rels',
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${relNs}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}<Relationship Id="rId${sheets.length + 1}" Type="${relNs}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  );
  put(
    'xl/sharedStrings.xml',
    `<sst xmlns="${main}" count="${shared.length}" uniqueCount="${shared.length}">${shared.map((s) => `<si><t xml:space="preserve">${esc(s)}</t></si>`).join('')}</sst>`,
  );
  return Buffer.from(zipSync(files));
}
