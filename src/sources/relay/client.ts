import type { Config } from '../../config.js';
import { fetchUrl } from '../../platform/snapshots/fetch.js';

/**
 * The live relay: a companion process holding the stateful or scraped upstreams (Google Flights,
 * YouTube live pages, the AIS websocket, aircraft tracks). Configured by `RELAY_URL`.
 */
export function relayConfigured(config: Config): boolean {
  return !!(config as { RELAY_URL?: string }).RELAY_URL;
}

/** What the relay expects on every request: JSON, and the shared secret when one is configured. */
export function relayHeaders(config: Config): Record<string, string> {
  const secret = (config as { RELAY_SHARED_SECRET?: string }).RELAY_SHARED_SECRET;
  return {
    accept: 'application/json',
    ...(secret ? { 'x-relay-key': secret, authorization: `Bearer ${secret}` } : {}),
  };
}

/** GET `<RELAY_URL><path>?<query>` with a deadline; throws on a network error or a non-2xx answer. */
export async function relayGet(
  config: Config,
  path: string,
  query: Record<string, string>,
  timeoutMs: number,
): Promise<unknown> {
  const base = (config as { RELAY_URL?: string }).RELAY_URL;
  if (!base) throw new Error('the relay is not configured (RELAY_URL)');
  const url = `${base.replace(/\/$/, '')}${path}?${new URLSearchParams(query)}`;
  // A caller is waiting: one attempt within the deadline, no retries.
  const bytes = await fetchUrl(url, config, {
    headers: relayHeaders(config),
    signal: AbortSignal.timeout(timeoutMs),
    retries: 0,
  });
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new Error(`relay ${path} answered with something that is not JSON`);
  }
}

/** A short per-app cache for live answers: `ttl` for good answers, never for failures. */
export class LiveCache<T> {
  private readonly entries = new Map<string, { at: number; value: T }>();
  constructor(private readonly ttlMs: number) {}
  get(key: string, now: number): T | undefined {
    const e = this.entries.get(key);
    return e && now - e.at < this.ttlMs ? e.value : undefined;
  }
  set(key: string, value: T, now: number): void {
    if (this.entries.size > 1000) this.entries.clear();
    this.entries.set(key, { at: now, value });
  }
}
