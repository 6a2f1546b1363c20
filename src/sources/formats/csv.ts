import { CsvError, parse } from 'csv-parse/sync';
import { decodeText, FormatError, headOf } from './errors.js';

export interface CsvOptions {
  /** Field separator; `,` unless told. */
  delimiter?: string;
  /** Lines to drop before the first row (title lines some statistics offices put above the header). */
  skipLines?: number;
  /** Accept rows with more or fewer cells than the header (missing cells read as ''). */
  relaxColumnCount?: boolean;
  /** Lines starting with this character are comments and skipped. */
  comment?: string;
  /** Trim white space around every cell (header names are always trimmed). */
  trim?: boolean;
}

/**
 * CSV text -> rows of cells, with RFC 4180 quoting (quoted separators, `""` escapes, embedded
 * newlines), a BOM and CRLF line ends handled by csv-parse. Blank lines are skipped.
 */
export function parseCsvRows(input: Buffer | string, opts: CsvOptions = {}): string[][] {
  const text = decodeText(input);
  // An HTML error page served with 200 would otherwise read as a one-column table.
  if (/^\s*<(!doctype html|html)[\s>]/i.test(text))
    throw new FormatError('CSV', `expected CSV, got an HTML page ("${headOf(text)}")`);
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter: opts.delimiter ?? ',',
      from_line: (opts.skipLines ?? 0) + 1,
      relax_column_count: opts.relaxColumnCount ?? false,
      ...(opts.comment ? { comment: opts.comment } : {}),
      skip_empty_lines: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      bom: true,
    }) as string[][];
  } catch (err) {
    if (err instanceof CsvError) throw new FormatError('CSV', err.message, { cause: err });
    throw err;
  }
  return opts.trim ? rows.map((r) => r.map((c) => c.trim())) : rows;
}

/**
 * CSV text whose first row (after `skipLines`) is the header -> one record per data row keyed by
 * header name. A document without a header row or with a repeated column name is refused.
 */
export function parseCsv(input: Buffer | string, opts: CsvOptions = {}): Record<string, string>[] {
  const rows = parseCsvRows(input, opts);
  if (rows.length === 0) throw new FormatError('CSV', 'empty document, expected a header row');
  const header = rows[0].map((h) => h.trim());
  const seen = new Set<string>();
  for (const h of header) {
    if (h !== '' && seen.has(h)) throw new FormatError('CSV', `column "${h}" appears twice in the header`);
    seen.add(h);
  }
  const out: Record<string, string>[] = [];
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i];
    const rec: Record<string, string> = {};
    header.forEach((h, j) => {
      if (h !== '' || !(h in rec)) rec[h] = row[j] ?? '';
    });
    out.push(rec);
  }
  return out;
}
