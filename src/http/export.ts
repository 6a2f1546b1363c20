import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ServiceError } from '../platform/errors.js';
import { csvCell, jsonText } from '../platform/safe-text.js';
import { unwrapSchema } from '../platform/unknown-fields.js';
import type { WireResponse } from './wire.js';

/*
 * Exports of list operations as CSV or NDJSON.
 *
 * The rule: a list operation is a GET operation whose answer (its output schema) has exactly one
 * top-level array of objects: that array's items are its rows. Such an operation also answers
 * `Accept: text/csv` or `Accept: application/x-ndjson`, or `?format=csv|ndjson` (which wins over
 * Accept; `format=json` is the default). `jmespath` is applied first: when the projection is an
 * array, its items are the rows; when it is an object, its rows field is. The rows are written as
 * they are turned into text, chunk by chunk, with the socket's backpressure.
 */

export type ExportFormat = 'csv' | 'ndjson';

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8; header=present',
  ndjson: 'application/x-ndjson; charset=utf-8',
};

const FORMATS = ['json', 'csv', 'ndjson'] as const;
const MEDIA: Record<string, (typeof FORMATS)[number]> = {
  'application/json': 'json',
  'text/csv': 'csv',
  'application/x-ndjson': 'ndjson',
  'application/*': 'json',
  '*/*': 'json',
};

/** Rows written per chunk: large enough to keep writes few, small enough to start at once. */
const ROWS_PER_CHUNK = 256;

/** The rows field of an operation's output schema: its one top-level array of objects; undefined when it is not a list operation. */
export function rowsFieldOf(output: unknown): string | undefined {
  const def = unwrapSchema(output);
  if (def?.type !== 'object' || !def.shape) return undefined;
  const arrays = Object.entries(def.shape).filter(([, field]) => {
    const array = unwrapSchema(field);
    return array?.type === 'array' && unwrapSchema(array.element)?.type === 'object';
  });
  return arrays.length === 1 ? arrays[0][0] : undefined;
}

/** The format an Accept header prefers among JSON, CSV and NDJSON (highest q, then first listed); JSON when none is named. */
export function acceptedFormat(accept: string | undefined): ExportFormat | undefined {
  if (!accept) return undefined;
  let best: { format: (typeof FORMATS)[number]; q: number } | undefined;
  for (const part of accept.split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const format = MEDIA[type.trim()];
    if (!format) continue;
    const q = Number(
      params
        .map((p) => p.trim())
        .find((p) => p.startsWith('q='))
        ?.slice(2) ?? 1,
    );
    if (q > 0 && (!best || q > best.q)) best = { format, q };
  }
  return best && best.format !== 'json' ? best.format : undefined;
}

/**
 * The export a call asks for: `?format=` first, then Accept. A format that is not json, csv or ndjson,
 * a repeated one, or an export of an operation that is not a list (or inside a batch) is a 400 naming
 * `format`.
 */
export function requestedExport(
  search: URLSearchParams,
  accept: string | undefined,
  rowsField: string | undefined,
  batch = false,
): ExportFormat | undefined {
  const given = search.getAll('format').filter((v) => v !== '');
  const refuse = (description: string) => ServiceError.validation([{ field: 'format', description }]);
  if (given.length > 1) throw refuse('value must not be repeated');
  if (given.length && !(FORMATS as readonly string[]).includes(given[0]))
    throw refuse(`value must be one of: ${FORMATS.join(', ')}`);
  const format = given.length ? (given[0] as (typeof FORMATS)[number]) : acceptedFormat(accept);
  if (format === undefined || format === 'json') return undefined;
  if (batch) throw refuse('a batch operation answers JSON only; call the operation itself for CSV or NDJSON');
  if (rowsField === undefined)
    throw refuse('this operation is not a list operation (no single array of rows); it answers JSON only');
  return format;
}

/** The rows of an answer (after any projection): an array itself, or the object's rows field; otherwise none. */
export function rowsOf(value: unknown, rowsField: string): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') {
    const rows = (value as Record<string, unknown>)[rowsField];
    if (Array.isArray(rows)) return rows;
  }
  return undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** One CSV cell of an exported value: numbers and booleans as written, nested values as JSON, text through `csvCell`. */
export function exportCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') return csvCell(JSON.stringify(value));
  return csvCell(value);
}

/**
 * CSV text in chunks: a header of every field any row has (in the order first seen), then one record
 * per row. Rows that are not objects (a projection to plain values) are one `value` column.
 */
export function* csvChunks(rows: readonly unknown[]): Generator<string> {
  const columns: string[] = [];
  const seen = new Set<string>();
  let plain = false;
  for (const row of rows) {
    if (!isRecord(row)) plain = true;
    else
      for (const k of Object.keys(row))
        if (!seen.has(k)) {
          seen.add(k);
          columns.push(k);
        }
  }
  if (plain && !seen.has('value')) columns.push('value');
  yield `${columns.map(exportCell).join(',')}\r\n`;
  for (let i = 0; i < rows.length; i += ROWS_PER_CHUNK) {
    let chunk = '';
    for (const row of rows.slice(i, i + ROWS_PER_CHUNK)) {
      const record = isRecord(row) ? row : { value: row };
      chunk += `${columns.map((c) => exportCell(record[c])).join(',')}\r\n`;
    }
    yield chunk;
  }
}

/** NDJSON text in chunks: one JSON value per row and line (characters a terminal would act on escaped). */
export function* ndjsonChunks(rows: readonly unknown[]): Generator<string> {
  for (let i = 0; i < rows.length; i += ROWS_PER_CHUNK) {
    let chunk = '';
    for (const row of rows.slice(i, i + ROWS_PER_CHUNK)) chunk += `${jsonText(row ?? null)}\n`;
    yield chunk;
  }
}

/** A 200 answer of a list operation, written as its export: the rows of the (projected) JSON body, streamed. */
export async function sendExport(
  req: IncomingMessage,
  res: ServerResponse,
  out: WireResponse,
  format: ExportFormat,
  rowsField: string,
  name: string,
  isCurrent: (etag: string) => boolean,
): Promise<void> {
  // Each format is its own representation of the same answer: its own validator, derived from the JSON one.
  const etag = out.headers.etag ? `${out.headers.etag.slice(0, -1)}-${format}"` : undefined;
  for (const [k, v] of Object.entries(out.headers))
    if (k !== 'etag' && k !== 'content-length' && k !== 'content-type') res.setHeader(k, v);
  if (etag) res.setHeader('etag', etag);
  if (etag && isCurrent(etag)) {
    res.statusCode = 304;
    return void res.end();
  }
  res.statusCode = out.status;
  res.setHeader('content-type', EXPORT_TYPES[format]);
  res.setHeader('content-disposition', `inline; filename="${name}.${format === 'csv' ? 'csv' : 'ndjson'}"`);
  if (req.method === 'HEAD') return void res.end();
  const rows = rowsOf(JSON.parse(out.body), rowsField) ?? [];
  await pipeline(Readable.from(format === 'csv' ? csvChunks(rows) : ndjsonChunks(rows)), res);
}
