import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { DISEASE_OUTBREAKS } from './datasets/disease-outbreaks.js';
import type { DiseaseOutbreakItem } from './schemas.js';

export const ALERT_METHODOLOGY_VERSION = 'v1';

/** Stored outbreaks (newest first); degraded when there is no snapshot. */
export function listDiseaseOutbreaks(store: SnapshotStore): {
  outbreaks: DiseaseOutbreakItem[];
  fetchedAt: number;
  degraded: boolean;
} {
  const snapshot = store.read<DiseaseOutbreakItem>(DISEASE_OUTBREAKS);
  if (!snapshot) return { outbreaks: [], fetchedAt: 0, degraded: true };
  return { outbreaks: [...snapshot.records], fetchedAt: snapshot.capturedAt, degraded: false };
}
