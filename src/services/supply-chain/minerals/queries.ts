import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { groupBy, iso } from '../wire.js';
import { CRITICAL_MINERALS, type MineralProductionRecord } from './datasets/minerals.js';
import { summariseMineral } from './rules.js';
import type { CriticalMineral, GetCriticalMineralsResponse } from './schemas.js';

// ---------------------------------------------------------------------------------------------
// Critical minerals
// ---------------------------------------------------------------------------------------------

export function getCriticalMinerals(store: SnapshotStore): GetCriticalMineralsResponse {
  const snapshot = store.read<MineralProductionRecord>(CRITICAL_MINERALS);
  if (!snapshot) return { minerals: [], fetchedAt: '', upstreamUnavailable: true };
  const minerals = snapshot.derive('minerals', (s): CriticalMineral[] => {
    const byMineral = groupBy(s.records, (r) => r.mineral);
    return [...byMineral.entries()]
      .map(([mineral, rows]) => summariseMineral(mineral, rows[0]!.unit, rows))
      .sort((a, b) => b.hhi - a.hhi || a.mineral.localeCompare(b.mineral));
  });
  return { minerals, fetchedAt: iso(snapshot.fetchedAt), upstreamUnavailable: false };
}
