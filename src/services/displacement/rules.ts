/** Earliest year of UNHCR population statistics (the 1951 Refugee Convention). */
export const FIRST_YEAR = 1951;
/** Flows returned when flow_limit is omitted or 0. */
export const DEFAULT_FLOW_LIMIT = 50;

/** Why an explicit `year` is refused, or undefined when it is acceptable (0 means latest). */
export function yearProblem(year: number, now: number): string | undefined {
  if (year === 0) return undefined;
  const current = new Date(now).getUTCFullYear();
  if (year < FIRST_YEAR || year > current) return `year must be 0 (latest) or from ${FIRST_YEAR} to ${current}`;
  return undefined;
}

/** The ranking key of a country: the larger of the people it displaced and the people it hosts. */
export function countryWeight(c: { totalDisplaced: number; hostTotal: number }): number {
  return Math.max(c.totalDisplaced, c.hostTotal);
}

/** Radius used when none (or 0) is given, km. */
export const DEFAULT_EXPOSURE_RADIUS_KM = 50;
/** Largest radius accepted: beyond it one country's average density says nothing about the circle. */
export const MAX_EXPOSURE_RADIUS_KM = 1000;

export interface CountryDensity {
  code: string;
  name: string;
  population: number;
  areaKm2: number;
  lat: number;
  lon: number;
}

/** People per km², rounded; 0 for an unknown area. */
export function densityPerKm2(population: number, areaKm2: number): number {
  return areaKm2 > 0 ? Math.round(population / areaKm2) : 0;
}

/** The country whose centroid is nearest in plain degrees (a coarse, cheap assignment). */
export function nearestCountry<T extends { lat: number; lon: number }>(
  countries: readonly T[],
  lat: number,
  lon: number,
): T | undefined {
  let best: T | undefined;
  let bestD = Infinity;
  for (const c of countries) {
    const d = (c.lat - lat) ** 2 + (c.lon - lon) ** 2;
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best;
}

/** People within `radiusKm` at a uniform density: density x pi r², rounded. */
export function exposedPopulation(density: number, radiusKm: number): number {
  return Math.round(density * Math.PI * radiusKm * radiusKm);
}
