import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import type { Snapshot } from '../../../platform/snapshots/store.js';
import { dataTimeOf } from '../../../platform/snapshots/data-time.js';
import { FIRE_DETECTIONS, type FireDetection } from '../../wildfire/index.js';
import { TEMPORAL_BASELINES, type BaselineSample } from './datasets/temporal-baselines.js';
import {
  EMPTY_WELFORD,
  MIN_SAMPLES,
  absZ,
  anomalyMessage,
  baselineKey,
  multiplierOf,
  round2,
  severityOfZ,
  welfordAdd,
  welfordStdDev,
  type Welford,
} from './rules.js';
import type {
  GetTemporalBaselineRequest,
  GetTemporalBaselineResponse,
  ListTemporalAnomaliesResponse,
} from './schemas.js';

/** Welford state per type:region:weekday:month, built once per snapshot. */
function statsOf(snapshot: Snapshot<BaselineSample>): Map<string, Welford> {
  return snapshot.derive('welford', (s) => {
    const m = new Map<string, Welford>();
    for (const r of s.records) {
      const key = baselineKey(r.type, r.region, r.recordedAt);
      m.set(key, welfordAdd(m.get(key) ?? EMPTY_WELFORD, r.count));
    }
    return m;
  });
}

function statsFor(store: SnapshotStore, type: string, region: string, at: number): Welford {
  const snapshot = store.read<BaselineSample>(TEMPORAL_BASELINES);
  return snapshot ? (statsOf(snapshot).get(baselineKey(type, region, at)) ?? EMPTY_WELFORD) : EMPTY_WELFORD;
}

/**
 * The baseline for the UTC weekday and month of the baselines' data time (the snapshot's capture:
 * the latest recording), and the given count scored against it.
 */
export function getTemporalBaseline(
  store: SnapshotStore,
  req: GetTemporalBaselineRequest,
): GetTemporalBaselineResponse {
  const region = req.region?.trim() || 'global';
  const at = store.read(TEMPORAL_BASELINES)?.capturedAt ?? 0;
  const w = statsFor(store, req.type, region, at);
  if (w.n < MIN_SAMPLES) return { learning: true, sampleCount: w.n, samplesNeeded: MIN_SAMPLES, error: '' };
  const sd = welfordStdDev(w);
  const out: GetTemporalBaselineResponse = {
    baseline: { mean: round2(w.mean), stdDev: round2(sd), sampleCount: w.n },
    learning: false,
    sampleCount: w.n,
    samplesNeeded: 0,
    error: '',
  };
  if (req.count !== undefined) {
    const z = absZ(req.count, w.mean, sd);
    const severity = severityOfZ(z);
    if (severity !== 'normal')
      out.anomaly = { zScore: round2(z), severity, multiplier: multiplierOf(req.count, w.mean) };
  }
  return out;
}

export const TRACKED_TYPES = ['news', 'satellite_fires'] as const;
const LABELS: Record<(typeof TRACKED_TYPES)[number], string> = {
  news: 'News velocity',
  satellite_fires: 'Satellite fire detections',
};
const DAY = 86_400_000;

/**
 * Current counts that have a source here: satellite fires = detections in the last 24 hours of the
 * fire snapshot (at its newest detection). There is no news-insights dataset in this service, so
 * `news` is tracked but has no current count and is skipped.
 */
function currentCounts(store: SnapshotStore): { type: (typeof TRACKED_TYPES)[number]; count: number; at: number }[] {
  const fires = store.read<FireDetection>(FIRE_DETECTIONS);
  if (!fires || fires.records.length === 0) return [];
  const c = fires.derive('last-24h-count', (s) => {
    const end = s.records.reduce((m, d) => Math.max(m, d.detectedAt), 0);
    return { count: s.records.filter((d) => d.detectedAt > end - DAY).length, at: end };
  });
  return [{ type: 'satellite_fires', count: c.count, at: c.at }];
}

/** Tracked counts scored against their weekday-and-month baselines; only those at z ≥ 1.5, largest first. */
export function listTemporalAnomalies(store: SnapshotStore): ListTemporalAnomaliesResponse {
  const anomalies: ListTemporalAnomaliesResponse['anomalies'] = [];
  for (const { type, count, at } of currentCounts(store)) {
    const w = statsFor(store, type, 'global', at);
    if (w.n < MIN_SAMPLES) continue;
    const z = absZ(count, w.mean, welfordStdDev(w));
    const severity = severityOfZ(z);
    if (severity === 'normal') continue;
    const multiplier = multiplierOf(count, w.mean);
    anomalies.push({
      type,
      region: 'global',
      currentCount: count,
      expectedCount: Math.round(w.mean),
      zScore: round2(z),
      severity,
      multiplier,
      message: anomalyMessage(LABELS[type], multiplier, at, count, w.mean),
    });
  }
  anomalies.sort((a, b) => b.zScore - a.zScore);
  // Computed from these snapshots: stamped with their data time, the same whenever it is asked.
  const computedAt = dataTimeOf(store, [TEMPORAL_BASELINES, FIRE_DETECTIONS]);
  return { anomalies, trackedTypes: [...TRACKED_TYPES], computedAt: new Date(computedAt).toISOString() };
}
