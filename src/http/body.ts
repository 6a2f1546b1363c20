import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBody } from '../platform/errors.js';
import { jsonError, type WireResponse } from './wire.js';

/**
 * The one request-body limit of every entry point that takes a body: the REST lane's POST
 * operations (batch included), /trpc (single and batched calls), the platform and session routes,
 * and whatever is mounted on the express app later. Counted while reading, never after buffering.
 */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * After a refusal, at most this much more of the body is read and dropped (never kept), so a client
 * that is still sending sees the 413 rather than a reset connection; past it, or past
 * `DISCARD_MS`, the connection is closed.
 */
export const DISCARD_BYTES = 4 * 1024 * 1024;
export const DISCARD_MS = 5_000;

export type BodyRead = { ok: true; bytes: Buffer } | { ok: false; response: WireResponse };

/** One read per request, however many readers ask (the express guard first, then a route). */
const reads = new WeakMap<IncomingMessage, { limit: number; read: Promise<BodyRead> }>();

const tooLarge = (limit: number): BodyRead => ({
  ok: false,
  response: jsonError(413, { error: `request body exceeds ${limit} bytes` }),
});

/** Whether the request says it carries a body (HTTP/1.1: a non-zero Content-Length or a transfer coding). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * The request's body, capped at `limit` bytes (at most MAX_BODY_BYTES). A declared Content-Length
 * over the cap is refused before a byte is read; a chunked body is refused as soon as the count
 * passes it, and what was kept so far is dropped. Either way the rest of the body is discarded as it
 * arrives (see DISCARD_BYTES) and the answer is the REST lane's 413. Later readers of the same
 * request get the first read back (a smaller limit still applies to it).
 */
export function readBody(req: IncomingMessage, res?: ServerResponse, limit = MAX_BODY_BYTES): Promise<BodyRead> {
  const cap = Math.min(limit, MAX_BODY_BYTES);
  let entry = reads.get(req);
  if (!entry) reads.set(req, (entry = { limit: cap, read: collect(req, res, cap) }));
  if (cap >= entry.limit) return entry.read;
  return entry.read.then((r) => (r.ok && r.bytes.length > cap ? tooLarge(cap) : r));
}

function collect(req: IncomingMessage, res: ServerResponse | undefined, limit: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    discardRest(req, res);
    return Promise.resolve(tooLarge(limit));
  }
  // Already read by something else: there is nothing left to count.
  if (req.readableEnded) return Promise.resolve({ ok: true, bytes: Buffer.alloc(0) });
  return new Promise<BodyRead>((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: BodyRead) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onFailure);
      req.off('close', onFailure);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      chunks.length = 0;
      done(tooLarge(limit));
      discardRest(req, res);
    };
    const onEnd = () => done({ ok: true, bytes: Buffer.concat(chunks, size) });
    // The client went away mid-body: nobody reads the answer, but the caller must not wait forever.
    const onFailure = () =>
      done({ ok: false, response: jsonError(400, errorBody(400, 'the request body was not received in full')) });
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onFailure);
    req.once('close', onFailure);
  });
}

/**
 * Reads and drops what is left of a refused body, up to DISCARD_BYTES or DISCARD_MS, so the client
 * can read the 413 on a connection that stays usable; past either bound the request is paused and
 * the connection closed once the answer has been written. Nothing is kept, and Node's own drain
 * (unbounded) never starts, since the body has a reader.
 */
function discardRest(req: IncomingMessage, res: ServerResponse | undefined): void {
  if (req.readableEnded || req.destroyed) return;
  let dropped = 0;
  const stop = () => {
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', stop);
    req.off('close', stop);
  };
  const cut = () => {
    stop();
    req.pause();
    const close = () => req.socket?.destroy();
    if (!res || res.writableFinished || res.destroyed) close();
    else {
      res.once('finish', close);
      res.once('close', close);
    }
  };
  const onData = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_BYTES) cut();
  };
  const timer = setTimeout(cut, DISCARD_MS);
  timer.unref();
  req.on('data', onData);
  req.once('end', stop);
  req.once('close', stop);
  req.resume();
}

/**
 * Reads a JSON request body with the size cap, with or without Content-Length (chunked). Answers
 * the problems in the spec's shapes: 415 for another media type, 413 past the cap, 400 for
 * malformed JSON. Keys such as `__proto__` stay plain data: JSON.parse never touches prototypes.
 */
export async function readJsonBody(
  req: IncomingMessage,
  res?: ServerResponse,
  limit = MAX_BODY_BYTES,
): Promise<{ ok: true; value: unknown } | { ok: false; response: WireResponse }> {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (type !== 'application/json') {
    // Not read, but still bounded: never an unbounded drain behind the refusal.
    if (!reads.has(req)) discardRest(req, res);
    return {
      ok: false,
      response: jsonError(415, {
        error: 'request body must be application/json (send Content-Type: application/json)',
      }),
    };
  }
  const read = await readBody(req, res, limit);
  if (!read.ok) return read;
  const text = read.bytes.toString('utf8');
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, response: jsonError(400, errorBody(400, `not valid JSON: ${(e as Error).message}`)) };
  }
}

/**
 * The guard in front of every express route: a request that carries a body has it read here, under
 * the one limit, before any route (or tRPC's adapter) sees it; past the limit the answer is the REST
 * lane's 413 JSON and no route runs. The text is left on `req.body`, where tRPC's adapter takes it
 * instead of reading the stream again; routes that parse JSON get the same read back from readBody.
 */
export function bodyLimit(limit = MAX_BODY_BYTES) {
  return (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void => {
    if (!hasBody(req)) return next();
    readBody(req, res, limit).then((read) => {
      if (!read.ok) {
        const { status, headers, body } = read.response;
        if (res.headersSent) return void res.end();
        res.statusCode = status;
        for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
        res.end(body);
        return;
      }
      (req as IncomingMessage & { body?: unknown }).body = read.bytes.toString('utf8');
      next();
    }, next);
  };
}
