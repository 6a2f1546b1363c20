import { createHash } from 'node:crypto';

/** A response body serialised once, with its validator and whether it reports degraded data. */
export interface PreparedBody {
  text: string;
  etag: string;
  degraded: boolean;
}

export function prepareBody(value: unknown, degraded: boolean): PreparedBody {
  const text = JSON.stringify(value);
  const etag = `"${createHash('sha1').update(text).digest('base64url')}"`;
  return { text, etag, degraded };
}

interface Entry {
  versions: string;
  body: PreparedBody;
}

/**
 * Serialised responses keyed by operation and normalised query, valid while the snapshot versions
 * they were built from are current. Bounded in entries and bytes; least recently used goes first.
 * It is consulted after authentication and rate limiting, never instead of them.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

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
    if (body.text.length > this.maxBytes / 4) return;
    this.entries.set(key, { versions, body });
    this.bytes += body.text.length;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const [k, v] = this.entries.entries().next().value as [string, Entry];
      this.delete(k, v);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string, e: Entry): void {
    this.entries.delete(key);
    this.bytes -= e.body.text.length;
  }
}

/** Query string in a canonical order, so `?a=1&b=2` and `?b=2&a=1` share an entry. */
export function normaliseQuery(search: URLSearchParams): string {
  const pairs = [...search.entries()];
  pairs.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  return new URLSearchParams(pairs).toString();
}
