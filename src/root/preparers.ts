import type { AppDeps } from '../trpc/context.js';
import { indexHistoryBeforeServing } from '../services/intelligence/analysis/history-index.js';

/**
 * Every dataset whose snapshots need work before they serve (an index outside the snapshot), given
 * to the store's `beforeServing` on each set of deps, so no request ever does that work.
 */
export function registerSnapshotPreparers(deps: AppDeps): void {
  indexHistoryBeforeServing(deps);
}
