/** Filters of the Toronto safety view, pure. */

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;
export const DATASETS = ['reported_occurrence', 'annual_aggregate'] as const;
export type SafetyDataset = (typeof DATASETS)[number];

export function clampLimit(limit: number | undefined): number {
  if (!limit || limit <= 0) return DEFAULT_LIMIT;
  return Math.min(limit, MAX_LIMIT);
}

/** Case-insensitive containment; an empty needle matches everything. */
export function contains(haystack: string, needle: string | undefined): boolean {
  return !needle || haystack.toLowerCase().includes(needle.trim().toLowerCase());
}

/** A division filter matches `D14`, `14` or `d14`. */
export function sameDivision(division: string, wanted: string | undefined): boolean {
  if (!wanted) return true;
  const norm = (d: string) => d.trim().toUpperCase().replace(/^D?0*/, '');
  return norm(division) === norm(wanted);
}

/** YYYY-MM-DD of an epoch-ms date stored at Toronto midnight (05:00 or 04:00 UTC). */
export function torontoDate(ms: number): string {
  if (!Number.isFinite(ms)) return '';
  // Shift by the larger offset so a local-midnight timestamp never rolls back a day.
  return new Date(ms - 4 * 3_600_000).toISOString().slice(0, 10);
}
