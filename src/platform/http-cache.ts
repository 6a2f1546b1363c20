/**
 * Cache tiers an operation declares in its meta, and the header each one produces. Degraded bodies
 * and every error are `no-store`: a CDN must never pin a fallback answer.
 */
export const CACHE_TIERS = {
  fast: 'public, max-age=60, s-maxage=300, stale-while-revalidate=60, stale-if-error=600',
  medium: 'public, max-age=120, s-maxage=600, stale-while-revalidate=120, stale-if-error=900',
  slow: 'public, max-age=300, s-maxage=1800, stale-while-revalidate=300, stale-if-error=3600',
  static: 'public, max-age=600, s-maxage=3600, stale-while-revalidate=600, stale-if-error=14400',
  daily: 'public, max-age=3600, s-maxage=14400, stale-while-revalidate=7200, stale-if-error=172800',
  'no-store': 'no-store',
} as const;

export type CacheTier = keyof typeof CACHE_TIERS;

export const NO_STORE = 'no-store';

/**
 * True when a response body says in-band that its data is incomplete or missing (reference §2.4):
 * such a body is served, but never cached.
 */
export function isDegraded(body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  return (
    b.upstreamUnavailable === true ||
    b.unavailable === true ||
    b.dataAvailable === false ||
    b.degraded === true ||
    b.available === false ||
    (typeof b.error === 'string' && b.error.length > 0)
  );
}

/** Cache-Control for a 200: the tier's header, made private when the caller was identified by a credential. */
export function cacheControlFor(tier: CacheTier, degraded: boolean, credentialed: boolean): string {
  if (degraded || tier === 'no-store') return NO_STORE;
  return credentialed ? PRIVATE_TIERS[tier] : CACHE_TIERS[tier];
}

/** The same tiers for answers to identified callers: private, and no shared-cache lifetime. */
const PRIVATE_TIERS = Object.fromEntries(
  Object.entries(CACHE_TIERS).map(([tier, header]) => [
    tier,
    header.replace('public', 'private').replace(/, s-maxage=\d+/, ''),
  ]),
) as Record<CacheTier, string>;
