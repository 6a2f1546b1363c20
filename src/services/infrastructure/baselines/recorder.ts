import { idempotent } from '../../../trpc/idempotent.js';
import type { AppDeps, RequestContext } from '../../../trpc/context.js';
import {
  TEMPORAL_BASELINES,
  baselineDocument,
  temporalBaselinesDataset,
  type BaselineSample,
} from './datasets/temporal-baselines.js';
import { BASELINE_TYPES, type RecordBaselineSnapshotRequest, type RecordBaselineSnapshotResponse } from './schemas.js';

/** Updates used per call, as published. */
export const MAX_UPDATES = 20;

const KNOWN = new Set<string>(BASELINE_TYPES);
const QUEUES = new WeakMap<AppDeps, Promise<unknown>>();

/** The usable updates: known type, finite non-negative count, region defaulting to `global`. */
export function acceptedUpdates(req: RecordBaselineSnapshotRequest, now: number): BaselineSample[] {
  return (req.updates ?? [])
    .slice(0, MAX_UPDATES)
    .flatMap((u) =>
      KNOWN.has(u.type) && typeof u.count === 'number' && Number.isFinite(u.count) && u.count >= 0
        ? [{ type: u.type, region: u.region?.trim() || 'global', count: u.count, recordedAt: now }]
        : [],
    );
}

/**
 * Appends the counts to the baseline dataset by publishing a new version through the dataset's own
 * parser (the same validation, retention and cap as a loaded file). Calls are serialised per
 * process so two recordings never publish from the same starting version.
 */
async function append(deps: AppDeps, samples: BaselineSample[]): Promise<RecordBaselineSnapshotResponse> {
  const run = async (): Promise<RecordBaselineSnapshotResponse> => {
    const previous = deps.store.read<BaselineSample>(TEMPORAL_BASELINES)?.records ?? [];
    const result = await deps.runner.run(temporalBaselinesDataset, {
      origin: { kind: 'bytes', payloads: { baseline: baselineDocument([...previous, ...samples]) } },
      // Our own state, not a feed: a retention prune is not a collapse.
      force: true,
    });
    return result.ok
      ? { updated: samples.length, error: '' }
      : { updated: 0, error: `not recorded: ${result.error ?? 'unknown error'}` };
  };
  const queued = (QUEUES.get(deps) ?? Promise.resolve()).then(run, run);
  QUEUES.set(
    deps,
    queued.catch(() => undefined),
  );
  return queued;
}

/**
 * POST record-baseline-snapshot, replay-safe under an Idempotency-Key. Operator keys only (the
 * procedure's `operatorOnly`): the baseline is one shared history every caller's anomalies are scored
 * against, so a count recorded by one account would change, even remove, another's anomalies.
 */
export async function recordBaselineSnapshot(
  ctx: RequestContext,
  input: RecordBaselineSnapshotRequest,
): Promise<RecordBaselineSnapshotResponse> {
  if (!input.updates || input.updates.length === 0) return { updated: 0, error: 'Body must have updates array' };
  const deps = ctx.deps;
  const work = () => {
    const samples = acceptedUpdates(input, deps.clock.now());
    return samples.length ? append(deps, samples) : Promise.resolve({ updated: 0, error: '' });
  };
  return idempotent(ctx, input, work);
}
