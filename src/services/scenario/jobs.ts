import type { JobKind } from '../../platform/jobs/kinds.js';
import type { AppDeps } from '../../trpc/context.js';
import { CHOKEPOINTS } from '../supply-chain/index.js';
import { TRADE_EXPOSURE } from './datasets/exposure.js';
import { findTemplate } from './queries.js';
import { computeScenario, type ScenarioResult, type TradeExposure } from './rules.js';

export const SCENARIO_JOB = 'scenario.run';

export interface ScenarioJobInput {
  scenarioId: string;
  iso2: string | null;
}

/**
 * The scenario worker: computes the outcome from the snapshots current when the job runs (template
 * catalogue, trade exposure, and the supply-chain chokepoint registry to know which chokepoints exist).
 */
export const scenarioJobKind: JobKind<AppDeps> = {
  kind: SCENARIO_JOB,
  handler:
    ({ store }) =>
    (input: ScenarioJobInput): ScenarioResult => {
      const template = findTemplate(store, input.scenarioId);
      if (!template) throw new Error(`unknown scenario: ${input.scenarioId}`);
      const exposure = store.read<TradeExposure>(TRADE_EXPOSURE);
      if (!exposure) throw new Error('trade exposure data is not available');
      const registry = store.read<{ id: string }>(CHOKEPOINTS);
      const knownChokepoints = registry?.derive('scenario.ids', (s) => new Set(s.records.map((c) => c.id)));
      return computeScenario(template, exposure.records, { iso2: input.iso2, knownChokepoints });
    },
};
