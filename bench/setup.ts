import type { AppDeps } from '../src/trpc/context.js';

/** What the benchmark scenarios need from the server beyond the samples (credentials, for instance). */
export interface BenchSetup {
  headers: Record<string, string>;
}

export async function prepareBench(_deps: AppDeps): Promise<BenchSetup> {
  return { headers: {} };
}
