import { haversineKm } from '../../platform/geo.js';

/** Known nuclear test sites (public coordinates, decimal degrees). */
export const TEST_SITES = [
  { name: 'Lop Nur', lat: 41.55, lon: 88.73 },
  { name: 'Punggye-ri', lat: 41.28, lon: 129.08 },
  { name: 'Novaya Zemlya', lat: 73.37, lon: 54.78 },
  { name: 'Nevada National Security Site', lat: 37.07, lon: -116.05 },
  { name: 'Semipalatinsk', lat: 50.07, lon: 78.43 },
  { name: 'Moruroa', lat: -21.83, lon: -138.88 },
  { name: 'Fangataufa', lat: -22.25, lon: -138.75 },
  { name: 'Reggane', lat: 26.32, lon: 0.06 },
  { name: 'In Eker', lat: 24.05, lon: 5.05 },
  { name: 'Pokhran', lat: 27.07, lon: 71.72 },
  { name: 'Chagai-II', lat: 28.56, lon: 63.8 },
] as const;

export const TEST_SITE_RADIUS_KM = 100;
export const PUBLISH_MIN_MAGNITUDE = 4.5;
export const PUBLISH_WINDOW_MS = 7 * 24 * 3600 * 1000;

export type ConcernLevel = 'low' | 'moderate' | 'elevated' | 'critical';

export interface TestSiteConcern {
  nearTestSite: boolean;
  testSiteName: string;
  concernScore: number;
  concernLevel: ConcernLevel;
}

export function concernLevel(score: number): ConcernLevel {
  if (score >= 75) return 'critical';
  if (score >= 50) return 'elevated';
  if (score >= 25) return 'moderate';
  return 'low';
}

/**
 * Concern score for an event within 100 km of a test site: magnitude weighs 60%, closeness 25% and
 * shallowness (within the top 100 km) 15%. Events farther from every site score 0.
 */
export function testSiteConcern(lat: number, lon: number, magnitude: number, depthKm: number): TestSiteConcern {
  let nearest: { name: string; km: number } | undefined;
  for (const site of TEST_SITES) {
    // 100 km is under one degree of latitude: most events are ruled out without trigonometry.
    if (Math.abs(lat - site.lat) > 1) continue;
    const km = haversineKm(lat, lon, site.lat, site.lon);
    if (km <= TEST_SITE_RADIUS_KM && (!nearest || km < nearest.km)) nearest = { name: site.name, km };
  }
  if (!nearest) return { nearTestSite: false, testSiteName: '', concernScore: 0, concernLevel: 'low' };
  const raw =
    (0.6 * magnitude) / 9 +
    (0.25 * (TEST_SITE_RADIUS_KM - nearest.km)) / TEST_SITE_RADIUS_KM +
    0.15 * Math.max(0, 1 - depthKm / 100);
  const concernScore = Math.max(0, Math.min(100, Math.round(raw * 100)));
  return { nearTestSite: true, testSiteName: nearest.name, concernScore, concernLevel: concernLevel(concernScore) };
}

export interface QuakeForMatch {
  occurredAt: number;
  magnitude: number;
  lat: number;
  lon: number;
}

/** Two agencies' reports describe one event: within 60 s, 0.1 magnitude and 10 km (all inclusive). */
export function sameEvent(a: QuakeForMatch, b: QuakeForMatch): boolean {
  return (
    Math.abs(a.occurredAt - b.occurredAt) <= 60_000 &&
    Math.abs(a.magnitude - b.magnitude) <= 0.1 + 1e-9 &&
    haversineKm(a.lat, a.lon, b.lat, b.lon) <= 10
  );
}

/**
 * Indices of `secondary` reports that duplicate a `primary` report. A pair only counts when the
 * match is one-to-one: a secondary report that matches two primaries (or shares its primary with
 * another secondary) is ambiguous and both are kept.
 */
export function duplicateIndices(primary: readonly QuakeForMatch[], secondary: readonly QuakeForMatch[]): Set<number> {
  const matchesOfSecondary = secondary.map((s) => primary.flatMap((p, i) => (sameEvent(p, s) ? [i] : [])));
  const claims = new Map<number, number>();
  for (const m of matchesOfSecondary) if (m.length === 1) claims.set(m[0], (claims.get(m[0]) ?? 0) + 1);
  const dupes = new Set<number>();
  matchesOfSecondary.forEach((m, j) => {
    if (m.length === 1 && claims.get(m[0]) === 1) dupes.add(j);
  });
  return dupes;
}
