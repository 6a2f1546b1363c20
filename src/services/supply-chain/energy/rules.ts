import type { StorageEvidence, StorageFacilityEntry } from './schemas.js';

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Storage facility badge (reference §3.2)
// ---------------------------------------------------------------------------------------------

export const EVIDENCE_STALE_DAYS = 14;

export function isEvidenceStale(lastEvidenceUpdate: string, asOf: number): boolean {
  const t = Date.parse(lastEvidenceUpdate);
  // Undated evidence cannot show it is current.
  return !Number.isFinite(t) || asOf - t > EVIDENCE_STALE_DAYS * DAY_MS;
}

/** The evidence fields a badge reads; storage and pipeline evidence both carry them. */
export interface BadgeEvidence {
  physicalState: string;
  commercialState: string;
  sanctionRefs: readonly unknown[];
  operatorStatement?: { text: string };
  lastEvidenceUpdate: string;
}

/**
 * The badge rule shared by the asset registries. The running state stands on its own; reduced must
 * be recent; offline must be recent and backed by a sanction, an expired or suspended contract, or an
 * operator statement. Everything else, including no evidence at all, is disputed.
 */
function evidenceBadge<R extends string>(evidence: BadgeEvidence | undefined, asOf: number, running: string, runningBadge: R): R | 'reduced' | 'offline' | 'disputed' {
  if (!evidence) return 'disputed';
  const stale = isEvidenceStale(evidence.lastEvidenceUpdate, asOf);
  switch (evidence.physicalState) {
    case running:
      return runningBadge;
    case 'reduced':
      return stale ? 'disputed' : 'reduced';
    case 'offline': {
      const backed =
        evidence.sanctionRefs.length > 0 ||
        evidence.commercialState === 'expired' ||
        evidence.commercialState === 'suspended' ||
        (evidence.operatorStatement?.text.trim() ?? '') !== '';
      return backed && !stale ? 'offline' : 'disputed';
    }
    default:
      return 'disputed';
  }
}

/** The public badge of a storage facility (running state: operational). */
export function publicBadge(evidence: StorageEvidence | undefined, asOf: number): StorageFacilityEntry['publicBadge'] {
  return evidenceBadge(evidence, asOf, 'operational', 'operational');
}

/** The public badge of a pipeline (running state: flowing), by the same rule. */
export function pipelineBadge(evidence: BadgeEvidence | undefined, asOf: number): 'flowing' | 'reduced' | 'offline' | 'disputed' {
  return evidenceBadge(evidence, asOf, 'flowing', 'flowing');
}
