import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnyTRPCRouter } from '@trpc/server';
import type { AppDeps } from '../trpc/context.js';
import { readJsonBody } from './body.js';
import { sendExport } from './export.js';
import { RestDispatcher } from './dispatch.js';
import type { RestCall, WireResponse } from './wire.js';
import { encodedBody, type ContentCoding } from '../platform/response-cache.js';

/**
 * The REST face of the router: answers the operations' paths (exact match against each procedure's
 * trpc-to-openapi meta) and hands everything else on. Batch sub-operations and the bootstrap
 * endpoint use `dispatch` directly, so they run through the very same pipeline without a socket.
 */
export class RestGateway {
  readonly dispatcher: RestDispatcher;

  private readonly compressAbove: number;

  constructor(router: AnyTRPCRouter, deps: AppDeps) {
    this.dispatcher = new RestDispatcher(router, deps);
    this.compressAbove = deps.config.COMPRESSION_THRESHOLD_BYTES;
  }

  /** The REST operations, keyed by exact path, then method. */
  get operations() {
    return this.dispatcher.routes;
  }

  dispatch(call: RestCall): Promise<WireResponse> {
    return this.dispatcher.dispatch(call);
  }

  /** Answers one operation request (its path already matched) through the dispatcher. */
  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    requestId: string,
    onPrincipal: (id: string) => void,
    lifecycle: { shuttingDown: boolean },
  ): Promise<void> {
    const method = req.method === 'HEAD' ? 'GET' : req.method!;
    let body: unknown;
    // A POST without a body (rotate-secret, reactivate) has nothing to read and no type to declare.
    const bodiless =
      req.headers['content-length'] === '0' || (!req.headers['content-length'] && !req.headers['transfer-encoding']);
    if (method === 'POST' && !bodiless && this.dispatcher.route(path, 'POST')) {
      const read = await readJsonBody(req, res);
      if (!read.ok) return send(req, res, read.response);
      body = read.value;
    }
    const out = await this.dispatcher.dispatch({
      method,
      url: req.url!,
      headers: req.headers,
      body,
      requestId,
      remoteAddress: req.socket.remoteAddress,
      onPrincipal,
    });
    // An answer written during shutdown closes its connection, so keep-alive clients reconnect elsewhere.
    if (lifecycle.shuttingDown) res.setHeader('connection', 'close');
    // A list operation's representation depends on Accept (JSON, CSV or NDJSON).
    if (out.list) addVary(res, 'Accept');
    if (out.status === 200 && out.list?.format) {
      const { format, rowsField, name } = out.list;
      const isCurrent = (etag: string) => matchesEtag(req.headers['if-none-match'], etag);
      return sendExport(req, res, out, format, rowsField, name, isCurrent).catch(() => {
        // The client went away mid-stream: nothing is left to answer.
        res.destroy();
      });
    }
    send(req, res, out, this.compressAbove);
  }
}

/**
 * Writes a wire response. A 200 whose ETag the client already holds becomes a 304 with no body;
 * HEAD gets the headers only (Node drops the body of a HEAD answer itself). A prepared body goes
 * out as its stored bytes, compressed with the client's preferred coding above `compressAbove`
 * bytes (each variant is made once per body and has its own validator).
 */
export function send(req: IncomingMessage, res: ServerResponse, out: WireResponse, compressAbove = 1024): void {
  const etag = out.headers.etag;
  const prepared = out.prepared;
  const coding =
    prepared && prepared.length >= compressAbove ? preferredCoding(req.headers['accept-encoding']) : undefined;
  const variantTag = etag && coding ? `${etag.slice(0, -1)}-${coding}"` : etag;
  if (
    out.status === 200 &&
    variantTag &&
    (matchesEtag(req.headers['if-none-match'], variantTag) ||
      (etag !== variantTag && matchesEtag(req.headers['if-none-match'], etag!)))
  ) {
    res.statusCode = 304;
    for (const [k, v] of Object.entries(out.headers))
      if (k !== 'content-type' && k !== 'content-length' && k !== 'etag') res.setHeader(k, v);
    res.setHeader('etag', variantTag);
    if (prepared && prepared.length >= compressAbove) addVary(res, 'Accept-Encoding');
    res.end();
    return;
  }
  res.statusCode = out.status;
  for (const [k, v] of Object.entries(out.headers)) res.setHeader(k, v);
  if (!prepared) {
    res.end(out.body);
    return;
  }
  if (prepared.length >= compressAbove) addVary(res, 'Accept-Encoding');
  if (!coding && prepared.chunks) {
    // An assembled body (a batch) goes out part by part, in one writev, never joined in memory.
    res.setHeader('content-length', prepared.length);
    res.cork();
    for (const chunk of prepared.chunks) res.write(chunk);
    res.end();
    return;
  }
  const payload = coding ? encodedBody(prepared, coding) : prepared.bytes;
  if (coding) {
    res.setHeader('content-encoding', coding);
    res.setHeader('etag', variantTag!);
  }
  res.setHeader('content-length', payload.length);
  res.end(payload);
}

/** Adds a field to Vary, keeping what CORS (Origin) or anything else already put there. */
export function addVary(res: ServerResponse, field: string): void {
  const current = res.getHeader('vary');
  // Every operation answer passes here twice (Origin, then Accept-Encoding): none or one field so far skips the parsing.
  if (typeof current === 'string' && !current.includes(',')) {
    const only = current.trim();
    if (!only) return void res.setHeader('vary', field);
    if (only.toLowerCase() !== field.toLowerCase()) res.setHeader('vary', `${only}, ${field}`);
    return;
  }
  if (current === undefined) return void res.setHeader('vary', field);
  const fields = (Array.isArray(current) ? current.join(',') : String(current))
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (!fields.some((f) => f.toLowerCase() === field.toLowerCase())) fields.push(field);
  res.setHeader('vary', fields.join(', '));
}

const codingCache = new Map<string, ContentCoding | undefined>();

/** br over gzip when both are acceptable (q > 0); parsed once per distinct header value. */
export function preferredCoding(header: string | string[] | undefined): ContentCoding | undefined {
  if (!header) return undefined;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (codingCache.has(value)) return codingCache.get(value);
  const accepted = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (c: string) => (accepted.get(c) ?? (accepted.has('*') ? accepted.get('*')! : 0)) > 0;
  const choice: ContentCoding | undefined = ok('br') ? 'br' : ok('gzip') ? 'gzip' : undefined;
  if (codingCache.size < 256) codingCache.set(value, choice);
  return choice;
}

/** Weak comparison (RFC 9110): `W/` prefixes are ignored; `*` matches any current representation. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
