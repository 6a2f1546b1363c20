import {
  parsesNothing,
  type Dataset,
  type DerivedInputs,
  type InputSnapshot,
  type Previous,
} from '../../../../platform/snapshots/dataset.js';
import type { OrefHistoryRow } from '../../../../sources/oref/alerts.js';
import { MILITARY_FLIGHTS, type MilitaryFlight } from '../../../military/index.js';
import { CHOKEPOINTS, type ChokepointDef } from '../../../supply-chain/index.js';
import { CII_SCORES } from '../../country/datasets/cii-scores.js';
import type { CiiScore } from '../../country/schemas.js';
import { OREF_HISTORY } from '../../feeds/datasets/oref-history.js';
import { REGIONS } from '../geography.js';
import { regionalInputs } from '../inputs.js';
import { appendTransitions, scoreRegion, type RegimeTransition } from '../rules.js';

export const REGIME_HISTORY = 'intelligence.regime-history';

export interface RegimeHistoryInfo {
  /** The label each region had at the last computation: the next one compares against it. */
  lastLabels: Record<string, string>;
  /** The data time of the last computation (the newest input's capture), epoch ms. */
  scoredAt: number;
}

const rows = <R>(inputs: DerivedInputs, name: string) => (inputs[name] as InputSnapshot<R> | undefined)?.records;

/**
 * One computation: score every region from the current instability scores (and the chokepoint,
 * siren and military-flight snapshots the regional rules also read), compare each label with the
 * one recorded last time, append the changes stamped with the data time. The first computation
 * records the labels and appends nothing: there is nothing earlier to compare with.
 */
export function appendRegimeHistory(
  inputs: DerivedInputs,
  at: number,
  previous?: Previous<RegimeTransition, RegimeHistoryInfo>,
): { records: RegimeTransition[]; info: RegimeHistoryInfo } {
  const regional = regionalInputs({
    cii: rows<CiiScore>(inputs, CII_SCORES),
    chokepoints: rows<ChokepointDef>(inputs, CHOKEPOINTS),
    oref: rows<OrefHistoryRow>(inputs, OREF_HISTORY),
    flights: rows<MilitaryFlight>(inputs, MILITARY_FLIGHTS),
  });
  const scores = REGIONS.map((r) => scoreRegion(r, regional).score);
  const { history, lastLabels } = appendTransitions(
    previous?.records ?? [],
    previous?.info.lastLabels ?? {},
    scores,
    at,
  );
  return { records: history, info: { lastLabels, scoredAt: at } };
}

/**
 * Regime transitions of the regional snapshot pipeline, appended here each time the instability
 * scores (or another input of the regional rules) get a new snapshot; unchanged inputs append nothing.
 */
export const regimeHistoryDataset: Dataset<RegimeTransition, RegimeHistoryInfo> = {
  name: REGIME_HISTORY,
  source:
    'Appended here from the instability scores, chokepoint registry, OREF sirens and military flights with the ' +
    'regional snapshot rules: one transition per label change between two computations',
  kind: 'derived',
  maxStaleMinutes: 12 * 60,
  allowEmpty: true,
  sources: {},
  inputs: [CII_SCORES, CHOKEPOINTS, OREF_HISTORY, MILITARY_FLIGHTS],
  parse: parsesNothing,
  derive: (inputs, at, previous) => appendRegimeHistory(inputs, at, previous),
};
