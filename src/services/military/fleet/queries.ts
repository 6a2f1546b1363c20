import type { AppDeps } from '../../../trpc/context.js';
import { USNI_FLEET, usniFleetDataset } from './datasets/usni-fleet.js';
import type { GetUSNIFleetReportResponse, USNIFleetReport } from './schemas.js';

/**
 * The stored tracker report. An article already older than the dataset's refresh budget when it was
 * read (the tracker stopped publishing) is still served, marked stale (and uncached); with nothing
 * stored the answer says so in `error`. Judged at the data's time, never the clock's: how old the
 * snapshot is now is health's question and the answer's Last-Modified.
 */
export function getUsniFleetReport(deps: Pick<AppDeps, 'store'>): {
  response: GetUSNIFleetReportResponse;
  degraded: boolean;
} {
  const snap = deps.store.read<USNIFleetReport>(USNI_FLEET);
  const report = snap?.records[0];
  if (!snap || !report)
    return {
      response: { cached: false, stale: false, error: 'No USNI fleet report has been ingested yet' },
      degraded: true,
    };
  const published = Date.parse(report.articleDate);
  const stale = Number.isFinite(published) && snap.capturedAt - published > usniFleetDataset.maxStaleMinutes * 60_000;
  return { response: { report, cached: true, stale, error: '' }, degraded: stale };
}
