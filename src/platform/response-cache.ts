import { hash, randomBytes } from 'node:crypto';
import zlib from 'node:zlib';

export type ContentCoding = 'br' | 'gzip';

/**
 * A response body serialised once, with its validator and whether it reports degraded data. The
 * UTF-8 bytes and any compressed variant are made at most once per body, so a cached response costs
 * neither JSON.stringify nor encoding nor compression on later requests.
 */
export interface PreparedBody {
  /** The body as a string, decoded from `bytes` when asked (only batch and bootstrap ask; nothing keeps it). */
  readonly text: string;
  readonly bytes: Buffer;
  /** The same bytes as separate buffers, for a body assembled from parts: written one after another, never joined. */
  readonly chunks?: readonly Buffer[];
  /** Size in bytes, without joining chunks. */
  readonly length: number;
  etag: string;
  degraded: boolean;
  /** The newest capture (epoch ms) among the snapshots the answer was computed from; 0 when it read none. */
  lastModified?: number;
  encoded: Partial<Record<ContentCoding, Buffer>>;
  /** Set on a remembered 400 projection refusal: its body, answered again as a 400. */
  refusal?: Record<string, unknown>;
  /** Told the size of each variant made later, by the cache holding this body (memory accounting). */
  onEncoded?: (bytes: number) => void;
}

/** Memory a body holds: its bytes and every compressed variant. */
function footprint(body: PreparedBody): number {
  let n = body.length;
  for (const v of Object.values(body.encoded)) n += v?.length ?? 0;
  return n;
}

class Prepared implements PreparedBody {
  readonly encoded: Partial<Record<ContentCoding, Buffer>> = {};
  refusal?: Record<string, unknown>;
  lastModified?: number;
  onEncoded?: (bytes: number) => void;
  private joined?: Buffer;
  constructor(
    body: Buffer | readonly Buffer[],
    readonly etag: string,
    readonly degraded: boolean,
  ) {
    if (Buffer.isBuffer(body)) this.joined = body;
    else this.chunks = body;
  }
  readonly chunks?: readonly Buffer[];
  get bytes(): Buffer {
    this.joined ??= Buffer.concat(this.chunks!);
    return this.joined;
  }
  get length(): number {
    return this.joined ? this.joined.length : this.chunks!.reduce((n, c) => n + c.length, 0);
  }
  get text(): string {
    return this.bytes.toString('utf8');
  }
  /**
   * A body embedded in a larger answer (a batch result's body): `prepareBody` splices its bytes in
   * place; any other serialiser gets the value back.
   */
  toJSON(): unknown {
    if (!embedding) return JSON.parse(this.text);
    embedded.push(this);
    return EMBED_MARK;
  }
}

/**
 * Where an embedded body goes while its answer is serialised: a string no data can hold (NULs
 * around a per-process nonce), written by JSON.stringify as EMBED_MARK_JSON.
 */
const EMBED_MARK = `\u0000embedded:${randomBytes(12).toString('base64url')}\u0000`;
const EMBED_MARK_JSON = JSON.stringify(EMBED_MARK);
/** Bodies met by the one JSON.stringify running (it is synchronous, so one list serves every call). */
const embedded: PreparedBody[] = [];
let embedding = false;

export function prepareBody(value: unknown, degraded: boolean): PreparedBody {
  let text: string;
  embedding = true;
  try {
    text = JSON.stringify(value) ?? 'null';
  } catch (e) {
    embedded.length = 0;
    throw e;
  } finally {
    embedding = false;
  }
  if (embedded.length === 0) {
    const bytes = Buffer.from(text, 'utf8');
    return new Prepared(bytes, `"${hash('sha1', bytes, 'base64url')}"`, degraded);
  }
  // The value embeds bodies already prepared (a batch around its operations' answers): their bytes are
  // copied into place, never parsed and serialised again.
  const bodies = embedded.splice(0);
  const pieces = text.split(EMBED_MARK_JSON);
  const parts: (string | PreparedBody)[] = [pieces[0]];
  bodies.forEach((body, i) => parts.push(body, pieces[i + 1]));
  return prepareParts(parts, degraded);
}

/**
 * A body assembled from JSON text and bodies already prepared (a batch answer around its operations'
 * bodies): their bytes are copied, never encoded again, and the validator hashes their validators
 * instead of their bytes (each already identifies its body's content).
 */
export function prepareParts(parts: readonly (string | PreparedBody)[], degraded: boolean): PreparedBody {
  // One digest over the text and the parts' validators, joined (one hash update, not one per part).
  const identity = parts.map((p) => (typeof p === 'string' ? p : p.etag)).join('\u0000');
  const buffers = parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p.bytes));
  return new Prepared(buffers, `"${hash('sha1', identity, 'base64url')}"`, degraded);
}

/** The body compressed with `coding`, computed on first use and kept with the body. */
export function encodedBody(prepared: PreparedBody, coding: ContentCoding): Buffer {
  let out = prepared.encoded[coding];
  if (!out) {
    out =
      coding === 'br'
        ? zlib.brotliCompressSync(prepared.bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: prepared.bytes.length,
            },
          })
        : zlib.gzipSync(prepared.bytes, { level: 6 });
    prepared.encoded[coding] = out;
    prepared.onEncoded?.(out.length);
  }
  return out;
}

interface Entry {
  versions: string;
  body: PreparedBody;
  /** Bytes counted for this entry so far (grows when a compressed variant is made). */
  size: number;
}

/**
 * Serialised responses keyed by operation and normalised query, valid while the snapshot versions
 * they were built from are current. Bounded in entries and bytes; least recently used goes first.
 * It is consulted after authentication and rate limiting, never instead of them.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private used = 0;

  constructor(
    private readonly maxEntries = 2000,
    private readonly maxBytes = 128 * 1024 * 1024,
  ) {}

  get(key: string, versions: string): PreparedBody | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.versions !== versions) {
      this.delete(key, e);
      return undefined;
    }
    // Refresh recency.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.body;
  }

  set(key: string, versions: string, body: PreparedBody): void {
    const old = this.entries.get(key);
    if (old) this.delete(key, old);
    const size = footprint(body);
    if (size > this.maxBytes / 4) return;
    const entry: Entry = { versions, body, size };
    this.entries.set(key, entry);
    this.used += size;
    body.onEncoded = (n) => {
      if (this.entries.get(key) !== entry) return;
      entry.size += n;
      this.used += n;
      this.evict();
    };
    this.evict();
  }

  /** Bytes held by the cached bodies, compressed variants included. */
  get bytes(): number {
    return this.used;
  }

  private evict(): void {
    while (this.entries.size > this.maxEntries || this.used > this.maxBytes) {
      const [k, v] = this.entries.entries().next().value as [string, Entry];
      this.delete(k, v);
    }
  }

  clear(): void {
    for (const e of this.entries.values()) e.body.onEncoded = undefined;
    this.entries.clear();
    this.used = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string, e: Entry): void {
    this.entries.delete(key);
    this.used -= e.size;
    e.body.onEncoded = undefined;
  }
}

/**
 * Query string in a canonical order, so `?a=1&b=2` and `?b=2&a=1` share an entry. Empty values mean
 * "absent" to the operations, so they are left out: `?page_size=` shares the entry of no parameter.
 * `canonical` may rewrite a value into a form shared by its equivalents.
 */
export function normaliseQuery(search: URLSearchParams, canonical?: (name: string, value: string) => string): string {
  if (search.size === 0) return '';
  let pairs = [...search.entries()].filter(([, v]) => v !== '');
  // A parameter with a canonical form (a projection's parsed expression) is keyed by that form.
  if (canonical) pairs = pairs.map(([k, v]) => [k, canonical(k, v)]);
  pairs.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  return new URLSearchParams(pairs).toString();
}
