import type { SeverityLevel, UnrestEvent } from './schemas.js';
import { compareIds } from '../../platform/ordering.js';

export const SEVERITY_RANK: Record<SeverityLevel, number> = {
  SEVERITY_LEVEL_UNSPECIFIED: 0,
  SEVERITY_LEVEL_LOW: 1,
  SEVERITY_LEVEL_MEDIUM: 2,
  SEVERITY_LEVEL_HIGH: 3,
};

/** Most severe first, then newest first, then id: the order every answer is served in. */
export function bySeverityThenTime(a: UnrestEvent, b: UnrestEvent): number {
  return SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || b.occurredAt - a.occurredAt || compareIds(a.id, b.id);
}

/**
 * Severity of an ACLED demonstration: deaths or force against protesters are HIGH, riots and
 * protests the authorities broke up are MEDIUM, other protests LOW.
 */
export function acledSeverity(eventType: string, subEventType: string, fatalities: number): SeverityLevel {
  if (fatalities > 0 || /excessive force/i.test(subEventType)) return 'SEVERITY_LEVEL_HIGH';
  if (eventType === 'Riots' || /intervention/i.test(subEventType)) return 'SEVERITY_LEVEL_MEDIUM';
  return 'SEVERITY_LEVEL_LOW';
}

export function acledUnrestType(eventType: string, notes: string): UnrestEvent['eventType'] {
  if (eventType === 'Riots') return 'UNREST_EVENT_TYPE_RIOT';
  if (/\b(strike|strikers|walkout)\b/i.test(notes)) return 'UNREST_EVENT_TYPE_STRIKE';
  return 'UNREST_EVENT_TYPE_PROTEST';
}

/** GDELT locations are machine-extracted: LOW, or MEDIUM when the coverage is strongly negative. */
export function gdeltSeverity(tone: number): SeverityLevel {
  return Number.isFinite(tone) && tone <= -7 ? 'SEVERITY_LEVEL_MEDIUM' : 'SEVERITY_LEVEL_LOW';
}

export interface BoundingBox {
  north: number;
  south: number;
  east: number;
  west: number;
}

/** Inside the box; a west edge east of the east edge means the box crosses the antimeridian. */
export function inBox(lat: number, lon: number, b: BoundingBox): boolean {
  if (lat < b.south || lat > b.north) return false;
  return b.west <= b.east ? lon >= b.west && lon <= b.east : lon >= b.west || lon <= b.east;
}
