import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { SCENARIO_TEMPLATES } from './datasets/templates.js';
import type { ScenarioTemplate } from './rules.js';

/** The template catalogue, or null when it was never loaded. */
export function scenarioTemplates(store: SnapshotStore): readonly ScenarioTemplate[] | null {
  return store.read<ScenarioTemplate>(SCENARIO_TEMPLATES)?.records ?? null;
}

export function findTemplate(store: SnapshotStore, id: string): ScenarioTemplate | undefined {
  const snapshot = store.read<ScenarioTemplate>(SCENARIO_TEMPLATES);
  return snapshot?.derive('byId', (s) => new Map(s.records.map((t) => [t.id, t]))).get(id);
}
