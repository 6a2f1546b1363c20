import type { Claims, Family, PublisherType } from './china-provenance.js';

// The snapshot's shape on its own, so the document groups (china-documents.ts) and the rules
// (china-rules.ts) that fill it need not import each other.

/**
 * The China decision-signal snapshot: six groups in a fixed order, each with a state
 * (available, partial, stale, unavailable), a reason when not plainly available, at most four
 * items, and each item's provenance. Pure: the inputs' rows and fetch facts in, the snapshot out.
 */
export const GROUP_IDS = [
  'macro',
  'policy-enforcement',
  'cross-strait-activity',
  'corporate-disclosures',
  'corridor-conditions',
  'activity-nowcast',
] as const;
export type GroupId = (typeof GROUP_IDS)[number];
export type GroupState = 'available' | 'partial' | 'stale' | 'unavailable';

export interface SignalItem {
  id: string;
  lineageId: string;
  label: string;
  summary: string;
  sourceName: string;
  sourceUrl: string | null;
  publisherType: PublisherType;
  observedAt: string | null;
  publishedAt: string | null;
  effectiveAt: string | null;
  retrievedAt: string | null;
  stale: boolean;
  metadata: Record<string, unknown>;
  provenance: { contractVersion: string; signalId: string; familyId: Family; claims: Claims };
}

export interface SignalGroup {
  id: GroupId;
  state: GroupState;
  reason: string | null;
  items: SignalItem[];
  metadata: Record<string, unknown>;
}

export interface DecisionSnapshot {
  schemaVersion: 1;
  generatedAt: string;
  groups: SignalGroup[];
  access: { anonymous: 'bounded_public_summary'; pro: 'same_provenance_via_mcp'; operator: 'source_health_only' };
}

/** One input dataset as the composer sees it. */
export interface Input<R> {
  rows: readonly R[];
  /** When it was fetched, epoch ms. */
  fetchedAt: number;
  /** Its last refresh failed. */
  failed: boolean;
}
