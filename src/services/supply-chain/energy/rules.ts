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

/**
 * The public badge a facility shows. Operational evidence stands on its own; reduced must be recent;
 * offline must be recent and backed by a sanction, an expired or suspended contract state, or an
 * operator statement. Everything else, including no evidence at all, is disputed.
 */
export function publicBadge(evidence: StorageEvidence | undefined, asOf: number): StorageFacilityEntry['publicBadge'] {
  if (!evidence) return 'disputed';
  const stale = isEvidenceStale(evidence.lastEvidenceUpdate, asOf);
  switch (evidence.physicalState) {
    case 'operational':
      return 'operational';
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
