import type { AppDeps } from '../src/trpc/context.js';
import { accessOf } from '../src/platform/auth/access.js';
import { acledEventsDataset } from '../src/services/conflict/datasets/acled.js';
import { makeAcledPayload } from './fixtures/acled.js';

/** What the benchmark scenarios need from the server beyond the samples (credentials, for instance). */
export interface BenchSetup {
  headers: Record<string, string>;
  acledRows: number;
}

/**
 * An enterprise key whose own limit is far above what a benchmark can send, so every measured
 * request runs the full pipeline (credential lookup, billing, tier, rate-limit write) and none is
 * refused; and a 100k-row conflict snapshot in place of the small sample.
 */
export async function prepareBench(deps: AppDeps): Promise<BenchSetup> {
  const created = accessOf(deps).keys.create(
    { plan: 'enterprise', name: 'bench', rateLimitPerMinute: 1_000_000_000 },
    deps.clock.now(),
  );
  const rows = Number(process.env.BENCH_ACLED_ROWS ?? 100_000);
  const payload = makeAcledPayload(rows, 7, Date.UTC(2026, 10, 20, 12)).bytes;
  const r = await deps.runner.run(acledEventsDataset, {
    origin: { kind: 'bytes', payloads: { acled: payload } },
    force: true,
  });
  if (!r.ok) throw new Error(`bench setup: ${r.error}`);
  return { headers: { 'x-service-key': created.key }, acledRows: r.recordCount };
}
