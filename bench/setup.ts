import type { AppDeps } from '../src/trpc/context.js';
import { accessOf } from '../src/platform/auth/access.js';

/** What the benchmark scenarios need from the server beyond the samples (credentials, for instance). */
export interface BenchSetup {
  headers: Record<string, string>;
}

/**
 * An enterprise key whose own limit is far above what a benchmark can send, so every measured
 * request runs the full pipeline (credential lookup, billing, tier, rate-limit write) and none is
 * refused.
 */
export async function prepareBench(deps: AppDeps): Promise<BenchSetup> {
  const created = accessOf(deps).keys.create({ plan: 'enterprise', name: 'bench', rateLimitPerMinute: 1_000_000_000 }, deps.clock.now());
  return { headers: { 'x-service-key': created.key } };
}
