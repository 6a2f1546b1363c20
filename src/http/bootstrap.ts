import type { WireHeaders } from '../platform/errors.js';
import type { Dispatch } from './wire.js';

/** One first-paint entry: an operation's URL and how often its data changes. */
export interface BootstrapEntry {
  url: string;
  tier: 'fast' | 'slow';
}

/**
 * First-paint data by logical name. The table names services' operations, so it is handed in by the
 * composition root; this runner only knows that each entry is an ordinary operation call.
 */
export type BootstrapTable = Readonly<Record<string, BootstrapEntry>>;

/** Headers that carry the caller's identity into in-process sub-calls; nothing else is forwarded. */
const CREDENTIAL_HEADERS = ['x-service-key', 'x-api-key', 'cookie'] as const;

/** Names asked for: the given keys (deduplicated, in order; possibly none), else the tier's names, else all. */
export function bootstrapNames(
  table: BootstrapTable,
  keys: readonly string[] | undefined,
  tier: 'fast' | 'slow' | undefined,
): string[] {
  if (keys !== undefined) return [...new Set(keys.map((k) => k.trim()).filter(Boolean))];
  return Object.keys(table).filter((n) => tier === undefined || table[n].tier === tier);
}

export interface BootstrapResult {
  /**
   * Each served entry, in the order asked: its body as its operation wrote it (parsed only when the
   * combined body is built) and its ETag, the digest of those bytes, when it has one.
   */
  served: { name: string; readonly text: string; etag: string | undefined }[];
  /** Unknown names and refused entries, in the order asked. */
  missing: string[];
  /** Why each refused entry was refused. */
  errors: Record<string, { status: number; body: unknown }>;
  /** The last X-RateLimit-* headers the sub-calls produced. */
  rate: WireHeaders;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The combined body: `{data, missing}`, and `errors` when an entry was refused. */
export function combinedBody(result: BootstrapResult): unknown {
  const data: Record<string, unknown> = {};
  for (const s of result.served) data[s.name] = parsed(s.text);
  const { missing, errors } = result;
  return Object.keys(errors).length ? { data, missing, errors } : { data, missing };
}

/**
 * What the combined body is made of when every part of it is identified by its bytes: its shape (the
 * served and the missing names, in order) and the served entries' ETags. Undefined when an entry was
 * refused (a refusal's body carries live limits) or served without an ETag. Two results with the same
 * identity have the same combined body, byte for byte.
 */
export function combinedIdentity(result: BootstrapResult): { shape: string; etags: string } | undefined {
  if (Object.keys(result.errors).length) return undefined;
  const etags: string[] = [];
  for (const s of result.served) {
    if (s.etag === undefined) return undefined;
    etags.push(s.etag);
  }
  return {
    shape: JSON.stringify([result.served.map((s) => s.name), result.missing]),
    etags: etags.join(','),
  };
}

/** Runs the named operations one at a time, in the order asked, with the caller's credential. */
export async function runBootstrap(
  dispatch: Dispatch,
  table: BootstrapTable,
  names: readonly string[],
  caller: { headers: Record<string, string | string[] | undefined>; requestId: string; remoteAddress?: string },
  /** `as_of` (epoch ms): every entry is asked as of this instant. */
  asOf?: number,
): Promise<BootstrapResult> {
  const headers: Record<string, string | string[]> = {};
  for (const h of CREDENTIAL_HEADERS) if (caller.headers[h] !== undefined) headers[h] = caller.headers[h]!;
  const result: BootstrapResult = { served: [], missing: [], errors: {}, rate: {} };
  // One at a time: the sub-calls spend the caller's budget in a predictable order.
  for (const name of names) {
    const op = Object.hasOwn(table, name) ? table[name] : undefined;
    if (!op) {
      result.missing.push(name);
      continue;
    }
    const out = await dispatch({
      method: 'GET',
      url: asOf === undefined ? op.url : `${op.url}${op.url.includes('?') ? '&' : '?'}as_of=${asOf}`,
      headers,
      requestId: caller.requestId,
      remoteAddress: caller.remoteAddress,
    });
    for (const [k, v] of Object.entries(out.headers))
      if (k.toLowerCase().startsWith('x-ratelimit-')) result.rate[k.toLowerCase()] = v;
    if (out.status === 200) {
      const etag = out.headers.etag ?? out.headers.ETag;
      result.served.push({
        name,
        etag: typeof etag === 'string' ? etag : undefined,
        // Decoded from the operation's bytes only when the combined body is built.
        get text() {
          return out.body;
        },
      });
    } else {
      result.missing.push(name);
      result.errors[name] = { status: out.status, body: parsed(out.body) };
    }
  }
  return result;
}
