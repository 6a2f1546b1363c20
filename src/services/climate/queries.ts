import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { AIR_QUALITY } from './datasets/air-quality.js';
import type { AirQualityStation } from './schemas.js';

/** Stored stations (worst first) and when they were read; degraded when there is no snapshot. */
export function airQualityStations(store: SnapshotStore): { stations: AirQualityStation[]; fetchedAt: number; degraded: boolean } {
  const snapshot = store.read<AirQualityStation>(AIR_QUALITY);
  if (!snapshot) return { stations: [], fetchedAt: 0, degraded: true };
  return { stations: [...snapshot.records], fetchedAt: snapshot.fetchedAt, degraded: false };
}
