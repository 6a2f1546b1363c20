import { parsesNothing, type Dataset, type DerivedInputs } from '../../../platform/snapshots/dataset.js';
import type { IndicatorSource } from '../scorer-dimensions.js';
import { scoreAll, type CountryResilience } from '../scorer-model.js';
import { IPC_PHASES, WHO_INDICATORS, WORLD_BANK_INDICATORS, type IndicatorObservation } from './indicators.js';

export const RESILIENCE_SCORES = 'resilience.scores';

export interface ResilienceScoresInfo {
  /** The published scorer's combination: pillars penalised by the weakest (`pc`). */
  formula: 'pillar';
  /** The data's time the scores were computed at (the newest input's capture), epoch ms. */
  generatedAt: number;
  /** Indicator datasets that had no snapshot: their dimensions scored as the published scorer scores a missing source. */
  missingInputs: string[];
}

/** Which indicator dataset feeds which of the scorer's sources. */
const INPUTS: Record<IndicatorSource, string> = {
  worldbank: WORLD_BANK_INDICATORS,
  who: WHO_INDICATORS,
  ipc: IPC_PHASES,
};

/**
 * Every country's resilience from the indicator snapshots: one row per country with a static
 * indicator (the published scorer's universe), computed by the published 23-dimension model.
 */
export function deriveResilienceScores(
  inputs: DerivedInputs,
  at: number,
): { records: CountryResilience[]; info: ResilienceScoresInfo } {
  const observations: Partial<Record<IndicatorSource, readonly IndicatorObservation[]>> = {};
  const capturedAt: Partial<Record<IndicatorSource, number>> = {};
  const missingInputs: string[] = [];
  for (const [source, name] of Object.entries(INPUTS) as [IndicatorSource, string][]) {
    const snapshot = inputs[name];
    if (!snapshot) {
      missingInputs.push(name);
      continue;
    }
    observations[source] = snapshot.records as IndicatorObservation[];
    capturedAt[source] = snapshot.capturedAt;
  }
  return {
    records: scoreAll(observations, capturedAt, at),
    info: { formula: 'pillar', generatedAt: at, missingInputs },
  };
}

export const resilienceScoresDataset: Dataset<CountryResilience, ResilienceScoresInfo> = {
  name: RESILIENCE_SCORES,
  source:
    'Computed here with the published 23-dimension resilience model from the World Bank, WHO GHO and IPC indicator snapshots',
  kind: 'derived',
  maxStaleMinutes: 60 * 24 * 120,
  sources: {},
  inputs: Object.values(INPUTS),
  derive: (inputs, at) => deriveResilienceScores(inputs, at),
  parse: parsesNothing,
};
