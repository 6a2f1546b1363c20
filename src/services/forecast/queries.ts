import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { FORECASTS, type ForecastDocumentInfo } from './datasets/predictions.js';
import { RESOLUTIONS, type ResolutionsInfo } from './datasets/resolutions.js';
import { SIMULATION_PACKAGE } from './datasets/simulation-package.js';
import type { PackageTheater, SimulationPackageInfo } from './monte-carlo.js';
import { scorecard, ROLLING_WINDOW_DAYS, type LedgerEntry } from './rules.js';
import type { Forecast, GetForecastsResponse } from './schemas.js';
import type { GetForecastScorecardResponse } from './scorecard-schemas.js';

const STALE_FORECASTS_MS = 6 * 3_600_000;
const STALE_LEDGER_MS = 36 * 3_600_000;

/*
 * `stale` in these answers: the document was already old when its snapshot was captured (the data's
 * time, never the clock's: the same snapshot answers alike whenever asked; its age now is health's).
 */

/** Forecast cards of the current document, filtered by domain and region (substring, any case). */
export function getForecasts(store: SnapshotStore, q: { domain?: string; region?: string }): GetForecastsResponse {
  const snapshot = store.read<Forecast, ForecastDocumentInfo>(FORECASTS);
  if (!snapshot)
    return { forecasts: [], generatedAt: 0, degraded: true, stale: false, error: 'forecast_backend_unavailable' };
  const region = q.region?.trim().toLowerCase();
  const forecasts = snapshot.records.filter(
    (f) => (!q.domain || f.domain === q.domain) && (!region || f.region.toLowerCase().includes(region)),
  );
  const generatedAt = snapshot.info.generatedAt;
  const stale = snapshot.capturedAt - generatedAt > STALE_FORECASTS_MS;
  return { forecasts, generatedAt, degraded: false, stale, error: '' };
}

export const METHODOLOGY =
  'Brier score (p - y)^2 and log loss -[y ln p + (1 - y) ln(1 - p)] (p clamped to [1e-6, 1 - 1e-6]) over forecast ' +
  'windows resolved yes or no; open windows count for coverage, resolved ones when resolved within the last 180 days; ' +
  'calibration in ten 10-point buckets; market skill is market Brier minus forecast Brier; skill excludes bet_engine ' +
  'and state_derived origins. Windows are resolved here from our own datasets; judged questions have no judge here ' +
  'and are voided 14 days after their deadline.';

const EMPTY_TOTALS = {
  entries: 0,
  resolved: 0,
  pending: 0,
  pendingJudge: 0,
  scored: 0,
  void: 0,
  voidRate: 0,
  publicationCoverage: 0,
};

/** The scorecard of the current ledger, computed once per ledger version. */
export function getScorecard(store: SnapshotStore): GetForecastScorecardResponse {
  const snapshot = store.read<LedgerEntry, ResolutionsInfo>(RESOLUTIONS);
  const base = { schemaVersion: 1, rollingWindowDays: ROLLING_WINDOW_DAYS, methodology: METHODOLOGY };
  if (!snapshot) {
    return {
      ...base,
      generatedAt: 0,
      totals: EMPTY_TOTALS,
      byDomain: [],
      byGenerationOrigin: [],
      calibration: [],
      degraded: true,
      stale: false,
      error: 'forecast_scorecard_backend_unavailable',
    };
  }
  const card = snapshot.derive('scorecard', (s) => scorecard(s.records, s.info.generatedAt));
  const generatedAt = snapshot.info.generatedAt;
  const stale = snapshot.capturedAt - generatedAt > STALE_LEDGER_MS;
  return { ...base, generatedAt, ...card, degraded: false, stale, error: '' };
}

export interface CurrentPackage {
  info: SimulationPackageInfo;
  theaters: readonly PackageTheater[];
}

export function currentPackage(store: SnapshotStore): CurrentPackage | undefined {
  const s = store.read<PackageTheater, SimulationPackageInfo>(SIMULATION_PACKAGE);
  return s ? { info: s.info, theaters: s.records } : undefined;
}
