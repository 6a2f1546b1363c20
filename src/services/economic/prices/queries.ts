import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import type { FoodPriceMonth } from '../../../sources/fao/ffpi.js';
import { FAO_FFPI } from './datasets/fao-ffpi.js';
import { FFPI_POINTS, pctChange2 } from './rules.js';
import type { GetFaoFoodPriceIndexResponse } from './schemas.js';

export interface Flagged<T> {
  response: T;
  degraded: boolean;
}

/** The month twelve months before `yyyyMm`. */
const yearBefore = (yyyyMm: string) => `${Number(yyyyMm.slice(0, 4)) - 1}${yyyyMm.slice(4)}`;

export function getFaoFoodPriceIndex(store: SnapshotStore): Flagged<GetFaoFoodPriceIndexResponse> {
  const snapshot = store.read<FoodPriceMonth>(FAO_FFPI);
  const latest = snapshot?.records.at(-1);
  if (!snapshot || !latest) return { response: { points: [], fetchedAt: '', currentFfpi: 0, momPct: 0, yoyPct: 0 }, degraded: true };
  const months = snapshot.records;
  const yearAgo = months.find((m) => m.date === yearBefore(latest.date));
  return {
    response: {
      points: months.slice(-FFPI_POINTS),
      fetchedAt: new Date(snapshot.fetchedAt).toISOString(),
      currentFfpi: latest.ffpi,
      momPct: pctChange2(latest.ffpi, months.at(-2)?.ffpi),
      yoyPct: pctChange2(latest.ffpi, yearAgo?.ffpi),
    },
    degraded: false,
  };
}
