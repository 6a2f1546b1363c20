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
