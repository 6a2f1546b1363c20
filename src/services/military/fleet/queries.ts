import type { AppDeps } from '../../../trpc/context.js';
import { USNI_FLEET, usniFleetDataset } from './datasets/usni-fleet.js';
import type { GetUSNIFleetReportResponse, USNIFleetReport } from './schemas.js';

/**
 * The stored tracker report. Older than the dataset's refresh budget it is still served, marked
 * stale (and uncached); with nothing stored the answer says so in `error`.
 */
export function getUsniFleetReport(deps: AppDeps): { response: GetUSNIFleetReportResponse; degraded: boolean } {
  const snap = deps.store.read<USNIFleetReport>(USNI_FLEET);
  const report = snap?.records[0];
  if (!snap || !report)
    return {
      response: { cached: false, stale: false, error: 'No USNI fleet report has been ingested yet' },
      degraded: true,
    };
  const stale = deps.clock.now() - snap.fetchedAt > usniFleetDataset.maxStaleMinutes * 60_000;
  return { response: { report, cached: true, stale, error: '' }, degraded: stale };
}
