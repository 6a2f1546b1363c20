/**
 * A payload that does not have the shape its format promises (or an upstream error body in place
 * of data). The message starts with the format's name and says what is wrong, so an ingestion
 * failure reads as e.g. "SDMX-JSON: series key 0:7 names value 7 of dimension FREQ, which has 2".
 */
export class FormatError extends Error {
  /** Short format name as it appears at the start of the message, e.g. `CSV`, `TLE`. */
  readonly format: string;

  constructor(format: string, message: string, options?: { cause?: unknown }) {
    super(`${format}: ${message}`, options);
    this.name = 'FormatError';
    this.format = format;
  }
}

/** Bytes or text as text: UTF-8, without a leading byte-order mark. */
export function decodeText(input: Buffer | string | Uint8Array): string {
  const text =
    typeof input === 'string' ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** JSON text as a value; a syntax error or an empty body becomes a FormatError for `format`. */
export function parseJsonText(format: string, input: Buffer | string): unknown {
  const text = decodeText(input).trim();
  if (text === '') throw new FormatError(format, 'empty document, expected JSON');
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const head = text.slice(0, 40).replace(/\s+/g, ' ');
    throw new FormatError(format, `not valid JSON (${(err as Error).message}); document starts with "${head}"`, {
      cause: err,
    });
  }
}

/** A plain JSON object (not an array, not null). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The first characters of a text, for error messages. */
export function headOf(text: string, n = 40): string {
  return text.trimStart().slice(0, n).replace(/\s+/g, ' ');
}
