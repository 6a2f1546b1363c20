import type { Config } from '../../../config.js';
import { fetchUrl, UpstreamError } from '../../../platform/snapshots/fetch.js';
import {
  parseWingbitsDetails,
  parseWingbitsLive,
  WINGBITS_DETAILS_URL,
  WINGBITS_LIVE_URL,
  wingbitsHeaders,
  wingbitsKey,
  type AircraftDetailsRecord,
  type WingbitsPosition,
} from '../../../sources/wingbits/client.js';
import type { AppDeps } from '../../../trpc/context.js';

/** Live Wingbits calls give up after this long; a slow provider must not hold a request. */
export const LIVE_TIMEOUT_MS = 8_000;
/** Airframe facts change rarely: a Wingbits answer is reused for a day, a miss for two minutes. */
export const DETAILS_TTL_MS = 24 * 3600_000;
export const DETAILS_MISS_TTL_MS = 120_000;
/** A live position is reused for 30 seconds. */
export const LIVE_TTL_MS = 30_000;

export type Lookup<T> = { kind: 'found'; value: T } | { kind: 'not-found' } | { kind: 'failed'; error: string };

interface Entry {
  at: number;
  ttl: number;
  value: Lookup<unknown>;
}
const caches = new WeakMap<AppDeps, Map<string, Entry>>();

function cacheOf(deps: AppDeps): Map<string, Entry> {
  let c = caches.get(deps);
  if (!c) caches.set(deps, (c = new Map()));
  if (c.size > 5000) c.clear();
  return c;
}

async function get(config: Config, url: string): Promise<Lookup<Buffer>> {
  try {
    const bytes = await fetchUrl(url, config, {
      headers: wingbitsHeaders(config),
      signal: AbortSignal.timeout(LIVE_TIMEOUT_MS),
      retries: 0,
    });
    return { kind: 'found', value: bytes };
  } catch (err) {
    return err instanceof UpstreamError && err.status === 404
      ? { kind: 'not-found' }
      : { kind: 'failed', error: (err as Error).message };
  }
}

/** A cached lookup: found and not-found answers are kept for their TTL, failures never. */
async function cached<T>(
  deps: AppDeps,
  key: string,
  ttl: number,
  missTtl: number,
  load: () => Promise<Lookup<T>>,
): Promise<Lookup<T>> {
  const cache = cacheOf(deps);
  const now = deps.clock.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < hit.ttl) return hit.value as Lookup<T>;
  const value = await load();
  if (value.kind !== 'failed') cache.set(key, { at: now, ttl: value.kind === 'found' ? ttl : missTtl, value });
  return value;
}

export function wingbitsConfigured(config: Config): boolean {
  return wingbitsKey(config) !== undefined;
}

export function wingbitsDetails(deps: AppDeps, icao24: string): Promise<Lookup<AircraftDetailsRecord>> {
  return cached(deps, `details:${icao24}`, DETAILS_TTL_MS, DETAILS_MISS_TTL_MS, async () => {
    const r = await get(deps.config, `${WINGBITS_DETAILS_URL}/${icao24}`);
    if (r.kind !== 'found') return r;
    try {
      return { kind: 'found', value: parseWingbitsDetails(r.value, icao24) };
    } catch (err) {
      return { kind: 'failed', error: (err as Error).message };
    }
  });
}

export function wingbitsPosition(deps: AppDeps, icao24: string): Promise<Lookup<WingbitsPosition>> {
  return cached(deps, `live:${icao24}`, LIVE_TTL_MS, LIVE_TTL_MS, async () => {
    const r = await get(deps.config, `${WINGBITS_LIVE_URL}/${icao24}`);
    if (r.kind !== 'found') return r;
    try {
      const p = parseWingbitsLive(r.value, icao24);
      return p ? { kind: 'found', value: p } : { kind: 'not-found' };
    } catch (err) {
      return { kind: 'failed', error: (err as Error).message };
    }
  });
}
