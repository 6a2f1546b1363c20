import { parsesNothing, type Dataset } from '../../../../platform/snapshots/dataset.js';
import { ACLED_EVENTS, UCDP_EVENTS } from '../../../conflict/index.js';
import { INTERNET_OUTAGES } from '../../../infrastructure/index.js';
import { CROSS_STRAIT_ACTIVITY } from '../../../military/index.js';
import { NEWS_FEEDS } from '../../../news/index.js';
import { ENERGY_DISRUPTIONS } from '../../../supply-chain/index.js';
import { UNREST_EVENTS } from '../../../unrest/index.js';
import {
  acledEntry,
  appendHistory,
  crossStraitEntry,
  energyDisruptionEntry,
  energyNewsEntry,
  outageEntry,
  runEntries,
  ucdpEntry,
  unrestEntry,
  type AcledLike,
  type EnergyDisruptionLike,
  type HistoryEntry,
  type NewsItemLike,
  type OutageLike,
  type PlaReportLike,
  type UcdpLike,
  type UnrestLike,
} from '../history-entries.js';
import type { HistoryRecord } from '../rules.js';

export const INTEL_HISTORY = 'intelligence.intel-history';

export interface IntelHistoryInfo {
  /** Entries this computation added to the archive (0 when the inputs held nothing new). */
  appended: number;
  /** Records that aged out (180 days after ingestion) or fell past the size cap. */
  expired: number;
}

/** Each event dataset the archive takes, and how one of its rows becomes an entry. */
const PROJECTIONS: readonly { input: string; entry: (row: never) => HistoryEntry | undefined }[] = [
  { input: ACLED_EVENTS, entry: (r: AcledLike) => acledEntry(r) },
  { input: UCDP_EVENTS, entry: (r: UcdpLike) => ucdpEntry(r) },
  { input: UNREST_EVENTS, entry: (r: UnrestLike) => unrestEntry(r) },
  { input: CROSS_STRAIT_ACTIVITY, entry: (r: PlaReportLike) => crossStraitEntry(r) },
  { input: ENERGY_DISRUPTIONS, entry: (r: EnergyDisruptionLike) => energyDisruptionEntry(r) },
  { input: NEWS_FEEDS, entry: (r: NewsItemLike) => energyNewsEntry(r) },
  { input: INTERNET_OUTAGES, entry: (r: OutageLike) => outageEntry(r) },
];

/**
 * The archive appended from our own event snapshots, as the published memory is appended by its
 * seeders after each run: every input's rows are projected to entries (at most its newest 150 per
 * computation), entries whose id the archive already holds are skipped, the rest are stamped with
 * the data's time, and records leave 180 days after they were ingested. An absent input adds nothing.
 */
export const intelHistoryDataset: Dataset<HistoryRecord, IntelHistoryInfo> = {
  name: INTEL_HISTORY,
  source:
    'Derived here: conflict (ACLED, UCDP, unrest, government-ordered and war-time internet shutdowns), ' +
    'military (Taiwan MND cross-Strait reports) and energy (pipeline and storage disruptions, energy news, ' +
    'grid-failure outages) events, appended and kept 180 days',
  kind: 'derived',
  maxStaleMinutes: 24 * 60,
  sources: {},
  inputs: PROJECTIONS.map((p) => p.input),
  // An archive before any event arrived is empty, and retention may legitimately shrink it a lot.
  allowEmpty: true,
  minRetainedRatio: 0,
  parse: parsesNothing,
  derive(inputs, at, previous) {
    const entries = PROJECTIONS.flatMap(({ input, entry }) =>
      runEntries(((inputs[input]?.records ?? []) as readonly never[]).map(entry)),
    );
    const { records, appended, expired } = appendHistory(previous?.records ?? [], entries, at);
    return { records, info: { appended, expired } };
  },
};
