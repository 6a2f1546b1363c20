/**
 * What the `mds` commands print, and what the HTTP exports (CSV, NDJSON) write, of stored or remote
 * text passes through here. Stored rows come from the public API (lead forms, webhook registrations,
 * upstream error messages) and from upstreams, so a field may hold terminal escape sequences or a
 * spreadsheet formula meant for whoever views it:
 *
 * - human-readable output (tables, lists, messages): every control character is shown as an escape
 *   (`\x1b`, `\u202e`) instead of being written, so nothing a row holds can move the cursor, recolour,
 *   retitle the terminal, hide text or split a row into two;
 * - CSV: the same, except for the newline a quoted field may hold (RFC 4180), and a cell that a
 *   spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a leading `'`;
 * - JSON lines: JSON escapes C0 controls itself; DEL, C1 and the other characters below are escaped
 *   too (`\u009b`), which parses back to the same value.
 */

/**
 * C0 (U+0000-001F, ESC among them), DEL, C1 (U+0080-009F, CSI among them), the bidirectional
 * embeddings, overrides and isolates (which reorder what a line shows), and the line and paragraph
 * separators.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this module's purpose
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same, but the newline stays (a quoted CSV field may hold it). */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** Beyond C0 and C1, the characters JSON.stringify leaves as they are but a terminal would act on. */
const JSON_UNESCAPED = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** How a control character is shown: `\x1b` up to U+00FF, `\u202e` above. */
function shown(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** A value as human-readable text: no control character (newline and tab included) is left. */
export function text(value: unknown): string {
  const s = value === null || value === undefined ? '' : String(value);
  return s.replace(CONTROL, shown);
}

/** One tab-separated row of `text` fields, newline-terminated. */
export function tableRow(values: readonly unknown[]): string {
  return `${values.map(text).join('\t')}\n`;
}

/** A cell a spreadsheet would evaluate: a formula sign first (full-width ones too), or tab or CR. */
const FORMULA = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;
/** After leading spaces and shown controls: some spreadsheets trim those before they look. */
const FORMULA_AFTER_SPACE = /^(?:\s|\\x[0-9a-f]{2})*[=+\-@\uff1d\uff0b\uff0d\uff20]/;

/**
 * One CSV cell: a formula is neutralised with a leading `'`, controls are shown as escapes (a CRLF or
 * lone CR in the value becomes a newline, which stays), and the cell is quoted when it holds a comma,
 * a quote or a newline (RFC 4180).
 */
export function csvCell(value: unknown): string {
  const raw = value === null || value === undefined ? '' : String(value);
  let s = raw.replace(/\r\n?/g, '\n').replace(CONTROL_BUT_NEWLINE, shown);
  if (FORMULA.test(raw) || FORMULA_AFTER_SPACE.test(s)) s = `'${s}`;
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV record of `csvCell` cells, newline-terminated. */
export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\n`;
}

/**
 * A value as JSON (one line unless `indent` is given) with every character a terminal would act on
 * escaped: those JSON leaves raw can only stand inside strings, where `\uXXXX` means the same.
 */
export function jsonText(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(
    JSON_UNESCAPED,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
