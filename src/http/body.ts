import type { IncomingMessage } from 'node:http';
import { jsonError, type WireResponse } from './wire.js';

export const MAX_BODY_BYTES = 256 * 1024;

/**
 * Reads a JSON request body with a size cap, with or without Content-Length (chunked). Answers
 * the problems in the spec's shapes: 415 for another media type, 413 past the cap, 400 for
 * malformed JSON. Keys such as `__proto__` stay plain data: JSON.parse never touches prototypes.
 */
export async function readJsonBody(
  req: IncomingMessage,
  limit = MAX_BODY_BYTES,
): Promise<{ ok: true; value: unknown } | { ok: false; response: WireResponse }> {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (type !== 'application/json') {
    req.resume();
    return { ok: false, response: jsonError(415, { error: 'request body must be application/json' }) };
  }
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return { ok: false, response: jsonError(413, { error: `request body exceeds ${limit} bytes` }) };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) tooLarge = true;
    else chunks.push(chunk as Buffer);
  }
  if (tooLarge) return { ok: false, response: jsonError(413, { error: `request body exceeds ${limit} bytes` }) };
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: jsonError(400, { message: 'Invalid request body: not valid JSON' }) };
  }
}
