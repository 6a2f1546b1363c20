import { haversineKm } from '../../platform/geo.js';
import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { countryName } from '../../reference/countries.js';
import { FIRE_DETECTIONS, FIRE_REGIONS, type FireDetection } from '../wildfire/index.js';
import {
  CLUSTER_RADIUS_KM,
  RELEVANCE_RANK,
  STATUS_RANK,
  WINDOW_HOURS,
  baselineAround,
  clusterDetections,
  mean,
  nearbyAssets,
  persistenceHours,
  round2,
  sampleStdDev,
  strategicRelevance,
  thermalConfidence,
  thermalContext,
  thermalStatus,
  zScore,
  isConflictRegion,
} from './rules.js';
import {
  THERMAL_DEFAULT_ITEMS,
  THERMAL_MAX_ITEMS,
  type ListThermalEscalationsRequest,
  type ListThermalEscalationsResponse,
  type ThermalEscalationCluster,
} from './schemas.js';

export const SOURCE_VERSION = 'firms-viirs-nrt/thermal-v1';
const HOUR = 3_600_000;

/**
 * Clusters of the last 24 hours of detections, each compared with the six days before. The window
 * ends at the newest detection in the snapshot, so the answer describes the data, not the clock.
 */
export function buildClusters(detections: readonly FireDetection[]): ThermalEscalationCluster[] {
  if (detections.length === 0) return [];
  const end = detections.reduce((m, d) => Math.max(m, d.detectedAt), 0);
  const windowStart = end - WINDOW_HOURS * HOUR;
  const current = detections.filter((d) => d.detectedAt > windowStart);
  const clusters = clusterDetections(current).map((members): ThermalEscalationCluster => {
    const lat = mean(members.map((m) => m.location.latitude));
    const lon = mean(members.map((m) => m.location.longitude));
    const times = members.map((m) => m.detectedAt);
    const first = Math.min(...times);
    const last = Math.max(...times);
    const region = members[0].region;
    const code = FIRE_REGIONS.find((r) => r.name === region)?.countryCode ?? '';
    const frps = members.map((m) => m.frp);
    const totalFrp = frps.reduce((s, x) => s + x, 0);
    const maxFrp = Math.max(...frps);
    const base = baselineAround(detections, lat, lon, windowStart);
    const expectedCount = mean(base.dailyCounts);
    const expectedFrp = mean(base.dailyFrp);
    const hasBaseline = base.dailyCounts.some((c) => c > 0);
    const z = zScore(members.length, expectedCount, sampleStdDev(base.dailyCounts));
    const nearbyTimes = detections
      .filter((d) => haversineKm(lat, lon, d.location.latitude, d.location.longitude) <= CLUSTER_RADIUS_KM)
      .map((d) => d.detectedAt);
    const persistence = persistenceHours(nearbyTimes, last);
    const countDelta = members.length - expectedCount;
    const frpDelta = totalFrp - expectedFrp;
    const status = thermalStatus({
      observationCount: members.length,
      totalFrp,
      maxFrp,
      countDelta,
      frpDelta,
      zScore: z,
      persistenceHours: persistence,
      hasBaseline,
    });
    const assets = nearbyAssets(lat, lon);
    const context = thermalContext(region, assets);
    const satellites = new Set(members.map((m) => m.satellite)).size;
    const night = members.filter((m) => m.dayNight === 'N').length / members.length;
    const flags = [
      ...(night >= 0.5 ? ['night_activity'] : []),
      ...(maxFrp >= 100 ? ['high_intensity'] : []),
      ...(members.some((m) => m.possibleExplosion) ? ['possible_explosion'] : []),
      ...(!hasBaseline ? ['new_activity'] : []),
      ...(satellites >= 2 ? ['multi_satellite'] : []),
    ];
    return {
      id: `${region.toLowerCase().replace(/[^a-z]+/g, '-')}:${lat.toFixed(1)}:${lon.toFixed(1)}`,
      centroid: { latitude: round2(lat * 1000) / 1000, longitude: round2(lon * 1000) / 1000 },
      countryCode: code,
      countryName: countryName(code) ?? region,
      regionLabel: region,
      firstDetectedAt: new Date(first).toISOString(),
      lastDetectedAt: new Date(last).toISOString(),
      observationCount: members.length,
      uniqueSourceCount: satellites,
      maxBrightness: round2(Math.max(...members.map((m) => m.brightness))),
      avgBrightness: round2(mean(members.map((m) => m.brightness))),
      maxFrp: round2(maxFrp),
      totalFrp: round2(totalFrp),
      nightDetectionShare: round2(night),
      baselineExpectedCount: round2(expectedCount),
      baselineExpectedFrp: round2(expectedFrp),
      countDelta: round2(countDelta),
      frpDelta: round2(frpDelta),
      zScore: round2(z),
      persistenceHours: round2(persistence),
      status,
      context,
      confidence: thermalConfidence(members.length, satellites),
      strategicRelevance: strategicRelevance(status, context),
      nearbyAssets: assets.map((a) => a.name),
      narrativeFlags: flags,
    };
  });
  return clusters.sort(
    (a, b) =>
      STATUS_RANK[b.status] - STATUS_RANK[a.status] ||
      RELEVANCE_RANK[b.strategicRelevance] - RELEVANCE_RANK[a.strategicRelevance] ||
      b.totalFrp - a.totalFrp ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

function summarise(clusters: readonly ThermalEscalationCluster[]): ListThermalEscalationsResponse['summary'] {
  const count = (p: (c: ThermalEscalationCluster) => boolean) => clusters.filter(p).length;
  return {
    clusterCount: clusters.length,
    elevatedCount: count((c) => c.status === 'THERMAL_STATUS_ELEVATED'),
    spikeCount: count((c) => c.status === 'THERMAL_STATUS_SPIKE'),
    persistentCount: count((c) => c.status === 'THERMAL_STATUS_PERSISTENT'),
    conflictAdjacentCount: count((c) => isConflictRegion(c.regionLabel)),
    highRelevanceCount: count((c) => c.strategicRelevance === 'THERMAL_RELEVANCE_HIGH'),
  };
}

export function listThermalEscalations(
  store: SnapshotStore,
  req: ListThermalEscalationsRequest,
): ListThermalEscalationsResponse {
  const limit = req.max_items && req.max_items > 0 ? Math.min(req.max_items, THERMAL_MAX_ITEMS) : THERMAL_DEFAULT_ITEMS;
  const snapshot = store.read<FireDetection>(FIRE_DETECTIONS);
  if (!snapshot) {
    return {
      fetchedAt: '',
      observationWindowHours: WINDOW_HOURS,
      sourceVersion: SOURCE_VERSION,
      clusters: [],
      summary: summarise([]),
      dataAvailable: false,
    };
  }
  const all = snapshot.derive('thermal-clusters', (s) => buildClusters(s.records));
  const clusters = all.slice(0, limit);
  return {
    fetchedAt: new Date(snapshot.capturedAt).toISOString(),
    observationWindowHours: WINDOW_HOURS,
    sourceVersion: SOURCE_VERSION,
    clusters,
    summary: summarise(clusters),
    dataAvailable: true,
  };
}
