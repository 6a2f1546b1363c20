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
  /** Each served entry's parsed body. */
  data: Record<string, unknown>;
  /** Unknown names and refused entries, in the order asked. */
  missing: string[];
  /** Why each refused entry was refused. */
  errors: Record<string, { status: number; body: unknown }>;
  /** The last X-RateLimit-* headers the sub-calls produced. */
  rate: WireHeaders;
}

/** Runs the named operations one at a time, in the order asked, with the caller's credential. */
export async function runBootstrap(
  dispatch: Dispatch,
  table: BootstrapTable,
  names: readonly string[],
  caller: { headers: Record<string, string | string[] | undefined>; requestId: string; remoteAddress?: string },
): Promise<BootstrapResult> {
  const headers: Record<string, string | string[]> = {};
  for (const h of CREDENTIAL_HEADERS) if (caller.headers[h] !== undefined) headers[h] = caller.headers[h]!;
  const result: BootstrapResult = { data: {}, missing: [], errors: {}, rate: {} };
  // One at a time: the sub-calls spend the caller's budget in a predictable order.
  for (const name of names) {
    const op = Object.hasOwn(table, name) ? table[name] : undefined;
    if (!op) {
      result.missing.push(name);
      continue;
    }
    const out = await dispatch({
      method: 'GET',
      url: op.url,
      headers,
      requestId: caller.requestId,
      remoteAddress: caller.remoteAddress,
    });
    for (const [k, v] of Object.entries(out.headers))
      if (k.toLowerCase().startsWith('x-ratelimit-')) result.rate[k.toLowerCase()] = v;
    let body: unknown;
    try {
      body = JSON.parse(out.body);
    } catch {
      body = out.body;
    }
    if (out.status === 200) result.data[name] = body;
    else {
      result.missing.push(name);
      result.errors[name] = { status: out.status, body };
    }
  }
  return result;
}
