import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { FEAR_GREED, type FearGreedInfo, type StoredCategory } from './datasets/fear-greed.js';
import type { GetFearGreedIndexResponse } from './schemas.js';

/** The composite, its ten categories and headline inputs; exactly the unavailable shape without a snapshot. */
export function getFearGreedIndex(store: SnapshotStore): GetFearGreedIndexResponse {
  const snapshot = store.read<StoredCategory, FearGreedInfo>(FEAR_GREED);
  const info = snapshot?.info;
  if (!snapshot || !info || typeof info.compositeScore !== 'number') {
    return { compositeScore: 0, compositeLabel: '', unavailable: true };
  }
  return snapshot.derive('response', (s) => {
    const categories = Object.fromEntries(
      s.records.map(({ key, score, weight, contribution, degraded, inputsJson }) => [key, { score, weight, contribution, degraded, inputsJson }]),
    );
    const { compositeScore, compositeLabel, previousScore, seededAt, ...headline } = s.info;
    return { compositeScore, compositeLabel, previousScore, seededAt, ...categories, ...headline, unavailable: false };
  });
}
