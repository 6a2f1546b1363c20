import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import type { PizzintPlace } from '../../../sources/pizzint/dashboard.js';
import { PIZZINT, type PizzintInfo } from './datasets/pizzint.js';
import { pizzintSummary, tensionOf } from './rules.js';
import type { GetPizzintStatusRequest, GetPizzintStatusResponse } from './schemas.js';

/** A capture older than this is reported STALE whatever its places say. */
export const FRESH_FOR_MS = 2 * 3_600_000;

/**
 * The pizza-index status from the loaded capture (derived once per snapshot), freshness judged
 * against `now`; tension pairs on request. `degraded` when nothing is loaded or the capture is stale.
 */
export function getPizzintStatus(store: SnapshotStore, req: GetPizzintStatusRequest, now: number): { response: GetPizzintStatusResponse; degraded: boolean } {
  const snap = store.read<PizzintPlace, PizzintInfo>(PIZZINT);
  if (!snap) return { response: { tensionPairs: [] }, degraded: true };
  const derived = snap.derive('status', (s) => ({
    summary: pizzintSummary(s.records),
    anyFresh: s.records.some((p) => p.fresh),
    tension: Object.entries(s.info.tension).map(([id, points]) => ({
      id,
      countries: id.split('_'),
      label: id.split('_').map((p) => p.toUpperCase()).join(' - '),
      ...tensionOf(points),
      region: 'global',
    })),
  }));
  const updatedAt = snap.info.recordedAt || snap.fetchedAt;
  const fresh = derived.anyFresh && now - updatedAt <= FRESH_FOR_MS;
  const locations = snap.records.map(({ fresh: f, ...p }) => ({ ...p, dataFreshness: f ? ('DATA_FRESHNESS_FRESH' as const) : ('DATA_FRESHNESS_STALE' as const) }));
  return {
    response: {
      pizzint: { ...derived.summary, updatedAt, dataFreshness: fresh ? 'DATA_FRESHNESS_FRESH' : 'DATA_FRESHNESS_STALE', locations },
      tensionPairs: req.include_gdelt ? derived.tension : [],
    },
    degraded: !fresh,
  };
}
