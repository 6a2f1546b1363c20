import { parsesNothing, type Dataset } from '../../../platform/snapshots/dataset.js';
import { appendScores, type HistoryPoint } from '../history-rules.js';
import type { CountryResilience } from '../scorer-model.js';
import { RESILIENCE_SCORES } from './resilience-scores.js';

export type { HistoryPoint } from '../history-rules.js';

export const SCORE_HISTORY = 'resilience.score-history';

export interface ScoreHistoryInfo {
  /** The scores' time the latest point was appended at, epoch ms. */
  recordedAt: number;
  /** Countries scored by that computation. */
  countriesScored: number;
}

export const scoreHistoryDataset: Dataset<HistoryPoint, ScoreHistoryInfo> = {
  name: SCORE_HISTORY,
  source: 'The overall resilience scores computed here, one point per country and day, appended at each recomputation',
  kind: 'derived',
  maxStaleMinutes: 60 * 24 * 120,
  sources: {},
  inputs: [RESILIENCE_SCORES],
  // Each new scores snapshot appends its day's points to the history it replaces.
  derive(inputs, at, previous) {
    const scores = inputs[RESILIENCE_SCORES]?.records as readonly CountryResilience[] | undefined;
    if (!scores) throw new Error(`no ${RESILIENCE_SCORES} snapshot to record`);
    const today = new Map(scores.map((c) => [c.countryCode, c.overallScore]));
    return {
      records: appendScores(previous?.records ?? [], today, at),
      info: { recordedAt: at, countriesScored: today.size },
    };
  },
  parse: parsesNothing,
};
