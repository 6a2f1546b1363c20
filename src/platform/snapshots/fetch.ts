import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { Config } from '../../config.js';
import { VERSION } from '../../version.js';
import { redactorFor } from '../secrets.js';
import type { DatasetSource } from './dataset.js';
import { isForbiddenAddress, MAX_REDIRECTS, redirectRefusal, systemLookup, type Lookup } from './redirects.js';

export const USER_AGENT = `monitoring-data-service/${VERSION} (+https://github.com/monitoring-data-service)`;

/** Longest wait a `Retry-After` may impose on one retry, whatever the upstream asks. */
const RETRY_AFTER_CAP_MS = 60_000;
/** Body bytes are gathered in blocks of this size. */
const BLOCK_BYTES = 1024 * 1024;
/** Network failures worth another attempt; a name that does not resolve (ENOTFOUND) is not one. */
const TRANSIENT_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/**
 * Why an upstream fetch failed, with the real cause: `status` for an HTTP answer, `code` (and
 * `cause.code`) for a network failure such as ENOTFOUND or ECONNRESET. The message names the
 * address (credentials redacted) and the reason.
 */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
  readonly status?: number;
  readonly code?: string;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  constructor(
    message: string,
    opts: { status?: number; code?: string; retryable?: boolean; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.status = opts.status;
    this.code = opts.code;
    this.retryable = opts.retryable ?? false;
    this.retryAfterMs = opts.retryAfterMs;
  }
}

export interface FetchOptions {
  /** Headers the upstream expects; credential-bearing, so dropped on any cross-host redirect. */
  headers?: Record<string, string>;
  /** The caller's cancellation (shutdown, the dataset's overall deadline). */
  signal?: AbortSignal;
  /** Epoch ms after which no retry is started (the dataset's overall deadline). */
  deadline?: number;
  /** DNS for redirect targets (tests play DNS with it). */
  lookup?: Lookup;
  /**
   * Which resolved addresses a redirect may not reach (default: loopback, private, link-local...).
   * Only tests replace it, to follow a cross-host hop between two local servers.
   */
  forbiddenAddress?: (address: string) => boolean;
  /** Overrides UPSTREAM_RETRIES (a lookup made while a client waits does not retry). */
  retries?: number;
  /** A JSON request body: the request is then a POST (query APIs such as Hyperliquid's `/info` read by POST). */
  body?: string;
}

/**
 * Fetches one upstream document through the one fetch layer: `UPSTREAM_BASE_OVERRIDE` origin
 * rewrite (tests), per-request timeout, streamed byte cap, guarded manual redirects, retries with
 * jittered exponential backoff on 429/5xx/network errors honouring Retry-After, and errors that
 * carry the real cause with every configured secret redacted.
 */
export async function fetchUrl(address: string, config: Config, opts: FetchOptions = {}): Promise<Buffer> {
  const url = rewrite(address, config.UPSTREAM_BASE_OVERRIDE);
  const attempts = (opts.retries ?? config.UPSTREAM_RETRIES) + 1;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetchFollowing(url, config, opts);
    } catch (err) {
      if (!(err instanceof UpstreamError) || !err.retryable || attempt >= attempts || opts.signal?.aborted) throw err;
      const backoff = config.UPSTREAM_RETRY_BASE_MS * 2 ** (attempt - 1);
      const wait =
        err.retryAfterMs !== undefined
          ? Math.min(err.retryAfterMs, RETRY_AFTER_CAP_MS)
          : backoff / 2 + Math.random() * (backoff / 2);
      if (err.retryAfterMs !== undefined && err.retryAfterMs > RETRY_AFTER_CAP_MS)
        throw withNote(err, `Retry-After of ${Math.round(err.retryAfterMs / 1000)} s is too long to wait`);
      if (opts.deadline !== undefined && Date.now() + wait >= opts.deadline)
        throw withNote(err, `no time left for attempt ${attempt + 1} before the dataset deadline`);
      await sleep(wait, opts.signal).catch((reason: unknown) => {
        throw withNote(err, reason instanceof Error ? reason.message : String(reason));
      });
    }
  }
}

/** Fetches a dataset source: a single address, or the source's own sequence of requests. */
export async function fetchSource(
  source: DatasetSource,
  config: Config,
  opts: FetchOptions & { now?: number } = {},
): Promise<Buffer> {
  const now = opts.now ?? Date.now();
  const get = (url: string, init?: { body?: string }) =>
    fetchUrl(url, config, { ...opts, headers: source.headers?.(config), body: init?.body });
  if (source.fetch) return source.fetch(get, { now, config });
  const address = source.urlAt ? source.urlAt(now, config) : source.url;
  if (address === undefined) throw new UpstreamError('this source has no upstream address');
  return get(address);
}

async function fetchFollowing(first: string, config: Config, opts: FetchOptions): Promise<Buffer> {
  const redact = redactorFor(config);
  const origin = new URL(first);
  let url = origin;
  let credentials = true;
  for (let hop = 0; ; hop++) {
    const headers: Record<string, string> = {
      'user-agent': USER_AGENT,
      accept: '*/*',
      ...(credentials ? (opts.headers ?? {}) : {}),
    };
    const shown = redact(url.href) + (hop > 0 ? ` (redirected from ${redact(origin.href)})` : '');
    const timeout = AbortSignal.timeout(config.UPSTREAM_TIMEOUT_MS);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await fetch(url, {
        method: opts.body === undefined ? 'GET' : 'POST',
        body: opts.body,
        headers: opts.body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        signal,
        redirect: 'manual',
      });
    } catch (err) {
      throw networkError(err, shown, timeout, config, opts.signal, redact);
    }
    if (res.status >= 300 && res.status < 400 && res.headers.has('location')) {
      await res.body?.cancel().catch(() => undefined);
      if (hop >= MAX_REDIRECTS) throw new UpstreamError(`GET ${shown}: more than ${MAX_REDIRECTS} redirects`);
      let next: URL;
      try {
        next = new URL(res.headers.get('location')!, url);
      } catch {
        throw new UpstreamError(`GET ${shown}: HTTP ${res.status} with an unreadable Location header`);
      }
      const refusal = await redirectRefusal(origin, next, opts.lookup ?? systemLookup, opts.forbiddenAddress);
      if (refusal) throw new UpstreamError(`GET ${shown}: HTTP ${res.status} ${refusal}`);
      // Credentials were given for the configured origin only; never carried to another host or port.
      if (next.origin !== url.origin) credentials = false;
      url = next;
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      const retryAfterMs =
        res.status === 429 || res.status === 503 ? parseRetryAfter(res.headers.get('retry-after')) : undefined;
      const transient = res.status === 429 || res.status >= 500;
      throw new UpstreamError(`GET ${shown}: HTTP ${res.status}`, {
        status: res.status,
        retryable: transient,
        retryAfterMs,
      });
    }
    try {
      return await readCapped(res, config.UPSTREAM_MAX_BYTES, shown);
    } catch (err) {
      if (err instanceof UpstreamError) throw err;
      throw networkError(err, shown, timeout, config, opts.signal, redact);
    }
  }
}

/** Reads the body chunk by chunk and stops past `cap` bytes, so memory never holds more than the cap. */
async function readCapped(res: Response, cap: number, shown: string): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  const tooBig = (n: number) =>
    new UpstreamError(
      `GET ${shown}: response of ${n} bytes or more exceeds the cap of ${cap} bytes (UPSTREAM_MAX_BYTES); aborted`,
    );
  if (declared > cap) {
    await res.body?.cancel().catch(() => undefined);
    throw tooBig(declared);
  }
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  // Bytes are copied into blocks we own: the stream's chunks can be views over larger buffers,
  // and keeping them would hold more memory than the bytes counted against the cap.
  const blocks: Buffer[] = [];
  let block = Buffer.allocUnsafeSlow(BLOCK_BYTES);
  let used = 0;
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      blocks.length = 0;
      await reader.cancel().catch(() => undefined);
      throw tooBig(total);
    }
    let offset = 0;
    while (offset < value.byteLength) {
      const n = Math.min(value.byteLength - offset, BLOCK_BYTES - used);
      block.set(value.subarray(offset, offset + n), used);
      used += n;
      offset += n;
      if (used === BLOCK_BYTES) {
        blocks.push(block);
        block = Buffer.allocUnsafeSlow(BLOCK_BYTES);
        used = 0;
      }
    }
  }
  blocks.push(block.subarray(0, used));
  return blocks.length === 1 ? Buffer.from(blocks[0]) : Buffer.concat(blocks, total);
}

function networkError(
  err: unknown,
  shown: string,
  timeout: AbortSignal,
  config: Config,
  caller: AbortSignal | undefined,
  redact: (s: string) => string,
): UpstreamError {
  if (caller?.aborted) {
    const reason = caller.reason instanceof Error ? caller.reason.message : String(caller.reason ?? 'aborted');
    return new UpstreamError(`GET ${shown}: ${redact(reason)}`, { code: 'ABORTED' });
  }
  if (timeout.aborted)
    return new UpstreamError(`GET ${shown}: timed out after ${config.UPSTREAM_TIMEOUT_MS} ms`, {
      code: 'ETIMEDOUT',
      retryable: true,
    });
  const e = err as Error & { cause?: { code?: string; message?: string } };
  const c = e.cause ?? (e as { code?: string; message?: string });
  const code = c.code ?? (e as NodeJS.ErrnoException).code;
  const detail = c.message && c.message !== e.message ? `: ${c.message}` : '';
  const reason = code ? `${e.message} (${code}${detail})` : `${e.message}${detail}`;
  const cause = Object.assign(new Error(redact(c.message ?? e.message)), { code });
  return new UpstreamError(`GET ${shown}: ${redact(reason)}`, {
    code,
    cause,
    retryable: code === undefined || TRANSIENT_CODES.has(code),
  });
}

function withNote(err: UpstreamError, note: string): UpstreamError {
  return new UpstreamError(`${err.message} (${note})`, { status: err.status, code: err.code, cause: err.cause });
}

/** `Retry-After` as delta seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function rewrite(url: string, base: string | undefined): string {
  if (!base) return url;
  const u = new URL(url);
  const b = new URL(base);
  return `${b.origin}${b.pathname.replace(/\/$/, '')}${u.pathname}${u.search}`;
}

// ---------------------------------------------------------------------------------------------
// Outbound POST (webhook deliveries; the model provider)
// ---------------------------------------------------------------------------------------------

export interface PostOptions {
  /** Request headers besides user-agent and content-type. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Deadline of the whole exchange, connection to last answer byte; overrides UPSTREAM_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Bytes of the answer kept (default 64 KiB). */
  maxResponseBytes?: number;
  /** Past maxResponseBytes: 'truncate' (default: the rest is discarded unread) or 'fail' (the call fails). */
  oversize?: 'truncate' | 'fail';
  /**
   * Who chose the address. 'user' (default) is an address a caller supplied (a webhook callback):
   * https only, every resolved address public, the connection pinned to the checked address.
   * 'operator' is an address from the service's own configuration (LLM_BASE_URL): a model server on
   * this machine or the private network is legitimate, so plain http, loopback, private addresses
   * and local names are allowed. Never pass 'operator' for an address that came from a request.
   */
  chosenBy?: 'user' | 'operator';
  /** DNS (tests play DNS with it). */
  lookup?: Lookup;
  /**
   * Which resolved addresses the request may not reach (default: loopback, private, link-local...).
   * Only tests replace it, to deliver to a receiver on the loopback interface.
   */
  forbiddenAddress?: (address: string) => boolean;
  /** Plain http allowed (tests only, with a loopback receiver); otherwise https is required. */
  allowHttp?: boolean;
}

export interface PostResult {
  status: number;
  body: Buffer;
}

/**
 * POSTs a body with the fetch layer's guards. Every address gets a deadline on the whole exchange,
 * a capped answer, no redirects followed (a 3xx is reported as the answer) and secrets redacted
 * from errors. An address chosen by a user (a webhook callback, the default) is also held to https
 * only, no credentials in the address, every resolved address checked and the connection pinned to
 * the checked address (no second resolution an attacker could rebind); an operator-configured one
 * (`chosenBy: 'operator'`) may be http, loopback or private. One attempt: retries belong to the
 * caller, which records each one.
 */
export async function postUrl(
  address: string,
  body: string,
  config: Config,
  opts: PostOptions = {},
): Promise<PostResult> {
  const redact = redactorFor(config);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new UpstreamError('POST: the address is not a valid URL');
  }
  const shown = `POST ${redact(url.origin + url.pathname)}`;
  const operator = opts.chosenBy === 'operator';
  const refusal = operator ? operatorTargetRefusal(url) : staticTargetRefusal(url, opts);
  if (refusal) throw new UpstreamError(`${shown}: ${refusal}`, { code: 'EREFUSED' });
  // An operator's address is not checked, so it is not pinned either: node resolves it as usual.
  const pinned = operator ? undefined : await checkedAddress(url, shown, opts);
  const timeoutMs = opts.timeoutMs ?? config.UPSTREAM_TIMEOUT_MS;
  const cap = opts.maxResponseBytes ?? 64 * 1024;
  const payload = Buffer.from(body, 'utf8');
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, deadline]) : deadline;
  const failed = (err: Error) => {
    if (opts.signal?.aborted)
      return new UpstreamError(
        `${shown}: ${redact(String((opts.signal.reason as Error | undefined)?.message ?? 'aborted'))}`,
        { code: 'ABORTED', cause: err },
      );
    if (deadline.aborted)
      return new UpstreamError(`${shown}: timed out after ${timeoutMs} ms`, {
        code: 'ETIMEDOUT',
        retryable: true,
        cause: err,
      });
    return postError(err, shown, redact);
  };
  return new Promise<PostResult>((resolve, reject) => {
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const tooBig = (n: number) =>
      new UpstreamError(`${shown}: answer of ${n} bytes or more exceeds the cap of ${cap} bytes; aborted`, {
        code: 'E2BIG',
      });
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'user-agent': USER_AGENT,
          'content-type': 'application/json',
          'content-length': String(payload.length),
          ...(opts.headers ?? {}),
        },
        // The connection goes to the address checked above, whatever DNS would answer now.
        ...(pinned === undefined
          ? {}
          : {
              lookup: ((_h: string, o: { all?: boolean }, cb: (...a: unknown[]) => void) =>
                o?.all
                  ? cb(null, [{ address: pinned, family: isIP(pinned) }])
                  : cb(null, pinned, isIP(pinned))) as never,
            }),
        signal,
        timeout: timeoutMs,
      },
      (res) => {
        const declared = Number(res.headers['content-length'] ?? NaN);
        if (opts.oversize === 'fail' && declared > cap) {
          res.destroy();
          return reject(tooBig(declared));
        }
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (opts.oversize === 'fail' && kept + chunk.length > cap) {
            res.destroy();
            return reject(tooBig(kept + chunk.length));
          }
          if (kept >= cap) return;
          const part = chunk.subarray(0, cap - kept);
          kept += part.length;
          chunks.push(Buffer.from(part));
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', (err) => reject(failed(err)));
      },
    );
    req.on('timeout', () =>
      req.destroy(Object.assign(new Error(`timed out after ${timeoutMs} ms`), { code: 'ETIMEDOUT' })),
    );
    req.on('error', (err) => reject(failed(err)));
    req.end(payload);
  });
}

/** A user's address resolved and checked: the one address the request may connect to. */
async function checkedAddress(url: URL, shown: string, opts: PostOptions): Promise<string> {
  const forbidden = opts.forbiddenAddress ?? isForbiddenAddress;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await (opts.lookup ?? systemLookup)(host);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UpstreamError(`${shown}: ${url.hostname} does not resolve (${code ?? (err as Error).message})`, {
      code,
      retryable: code === 'EAI_AGAIN',
    });
  }
  const bad = addresses.find(forbidden);
  if (bad !== undefined || addresses.length === 0) {
    throw new UpstreamError(
      `${shown}: ${url.hostname} resolves to a loopback, private or link-local address (${bad ?? 'none'}); refused`,
      { code: 'EREFUSED' },
    );
  }
  return addresses[0]!;
}

/** An operator's address needs only to be http(s): where it points is the operator's decision. */
function operatorTargetRefusal(url: URL): string | undefined {
  return url.protocol === 'http:' || url.protocol === 'https:'
    ? undefined
    : `only http and https addresses are allowed (got ${url.protocol.replace(/:$/, '')})`;
}

/** Why an address may not be posted to before any DNS: scheme, embedded credentials, a local name or literal. */
export function staticTargetRefusal(
  url: URL,
  opts: { allowHttp?: boolean; forbiddenAddress?: (address: string) => boolean } = {},
): string | undefined {
  if (url.protocol !== 'https:' && !(opts.allowHttp && url.protocol === 'http:'))
    return `only https addresses are allowed (got ${url.protocol.replace(/:$/, '')})`;
  if (url.username || url.password) return 'credentials in the address are not allowed';
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');
  const forbidden = opts.forbiddenAddress ?? isForbiddenAddress;
  if (isIP(host)) return forbidden(host) ? `${host} is a loopback, private or link-local address` : undefined;
  if (
    !opts.forbiddenAddress &&
    (host === 'localhost' ||
      host.endsWith('.localhost') ||
      host.endsWith('.local') ||
      host.endsWith('.internal') ||
      !host.includes('.'))
  ) {
    return `${host} is a local host name`;
  }
  return undefined;
}

function postError(err: Error, shown: string, redact: (s: string) => string): UpstreamError {
  const code = (err as NodeJS.ErrnoException).code;
  return new UpstreamError(
    `${shown}: ${redact(err.message)}${code && !err.message.includes(code) ? ` (${code})` : ''}`,
    { code, retryable: true, cause: err },
  );
}
