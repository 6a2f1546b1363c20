import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { AIR_QUALITY } from './datasets/air-quality.js';
import { CLIMATE_NEWS } from './datasets/climate-news.js';
import { CO2_MONITORING } from './datasets/co2-monitoring.js';
import type { AirQualityStation, ClimateNewsItem, Co2Monitoring } from './schemas.js';

/** Stored stations (worst first) and when they were read; degraded when there is no snapshot. */
export function airQualityStations(store: SnapshotStore): { stations: AirQualityStation[]; fetchedAt: number; degraded: boolean } {
  const snapshot = store.read<AirQualityStation>(AIR_QUALITY);
  if (!snapshot) return { stations: [], fetchedAt: 0, degraded: true };
  return { stations: [...snapshot.records], fetchedAt: snapshot.fetchedAt, degraded: false };
}

/** The stored greenhouse-gas summary, absent without a snapshot. */
export function co2Monitoring(store: SnapshotStore): Co2Monitoring | undefined {
  return store.read<Co2Monitoring>(CO2_MONITORING)?.records[0];
}

export function climateNews(store: SnapshotStore): { items: ClimateNewsItem[]; fetchedAt: number; dataAvailable: boolean } {
  const snapshot = store.read<ClimateNewsItem>(CLIMATE_NEWS);
  return snapshot ? { items: [...snapshot.records], fetchedAt: snapshot.fetchedAt, dataAvailable: true } : { items: [], fetchedAt: 0, dataAvailable: false };
}
