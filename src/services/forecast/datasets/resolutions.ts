import {
  parsesNothing,
  type Dataset,
  type DerivedInputs,
  type InputSnapshot,
} from '../../../platform/snapshots/dataset.js';
import { CYBER_THREATS } from '../../cyber/index.js';
import { PREDICTION_MARKETS } from '../../prediction/index.js';
import type { ForecastCard } from '../document.js';
import { nextLedger, type ResolutionFeeds } from '../ledger.js';
import type { LedgerEntry } from '../rules.js';
import { FORECASTS, GPS_INTERFERENCE_INPUT, type ForecastDocumentInfo } from './predictions.js';

export const RESOLUTIONS = 'forecast.resolutions';

export interface ResolutionsInfo {
  /** The data's time the ledger was brought up to. */
  generatedAt: number;
}

function feed<R>(inputs: DerivedInputs, name: string): { records: readonly R[]; capturedAt: number } | undefined {
  const s = inputs[name] as InputSnapshot<R> | undefined;
  return s ? { records: s.records, capturedAt: s.capturedAt } : undefined;
}

/**
 * The ledger appended at the data's time `at`: the current forecast document's windows enter it, and
 * every open window whose deadline has passed is resolved from the dataset its rule names.
 */
export function deriveResolutions(
  inputs: DerivedInputs,
  at: number,
  previous?: { records: readonly LedgerEntry[] },
): { records: LedgerEntry[]; info: ResolutionsInfo } {
  const doc = inputs[FORECASTS] as InputSnapshot<ForecastCard, ForecastDocumentInfo> | undefined;
  const feeds: ResolutionFeeds = {
    cyber: feed(inputs, CYBER_THREATS),
    gps: feed(inputs, GPS_INTERFERENCE_INPUT),
    markets: feed(inputs, PREDICTION_MARKETS),
  };
  const records = nextLedger(previous?.records ?? [], doc?.records ?? [], doc?.info.generatedAt ?? at, feeds, at);
  return { records, info: { generatedAt: at } };
}

export const resolutionsDataset: Dataset<LedgerEntry, ResolutionsInfo> = {
  name: RESOLUTIONS,
  source:
    'Derived here: each forecast window of forecast.predictions, resolved from the dataset its rule names once its ' +
    'deadline passes (appended; 180 days kept)',
  kind: 'derived',
  // Daily in the published pipeline; 36 hours without a new ledger is stale.
  maxStaleMinutes: 36 * 60,
  allowEmpty: true,
  sources: {},
  parse: parsesNothing,
  inputs: [FORECASTS, CYBER_THREATS, GPS_INTERFERENCE_INPUT, PREDICTION_MARKETS],
  derive: (inputs, at, previous) => deriveResolutions(inputs, at, previous),
};
