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
function evidenceBadge<R extends string>(
  evidence: BadgeEvidence | undefined,
  asOf: number,
  running: string,
  runningBadge: R,
): R | 'reduced' | 'offline' | 'disputed' {
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
export function pipelineBadge(
  evidence: BadgeEvidence | undefined,
  asOf: number,
): 'flowing' | 'reduced' | 'offline' | 'disputed' {
  return evidenceBadge(evidence, asOf, 'flowing', 'flowing');
}

// ---------------------------------------------------------------------------------------------
// Energy supply shock of a chokepoint closure (get-country-cost-shock)
// ---------------------------------------------------------------------------------------------

/** Share of a country's seaborne Gulf crude that a full closure of each modelled chokepoint cuts. */
export const CHOKEPOINT_CRUDE_EXPOSURE: Record<string, number> = {
  hormuz_strait: 1.0,
  bab_el_mandeb: 1.0,
  suez: 0.6,
  malacca_strait: 0.7,
};

/** Refinery yields: barrels of each product per barrel of crude. */
export const PRODUCT_YIELDS: Record<string, number> = { GASOLINE: 0.44, GASDIES: 0.3, JETKERO: 0.1, LPG: 0.05 };

/** Gulf share of crude imports assumed when the trade data has none for the country. */
export const GULF_SHARE_PROXY = 0.4;
export const MAX_COVER_DAYS = 730;

export interface EnergyShockInputs {
  chokepointId: string;
  /** Current flow through the chokepoint against its baseline (1 when unknown), clamped to 0-1.5. */
  flowRatio: number;
  crudeImportsKbd: number;
  gulfShare: number;
  /** Product demand, kb/d, by JODI product code. */
  demandKbd: Record<string, number>;
  /** Emergency stocks in days of net imports; undefined when not published. */
  daysOfCover: number | undefined;
  netExporter: boolean;
}

/**
 * A full closure: crude lost = imports x Gulf share x the chokepoint's exposure x current flow
 * ratio; each product's deficit = lost crude x its yield over its demand (0-100%); the deficit is
 * their mean (one decimal). Stocks last days of cover divided by the lost share of imports, capped
 * at two years; a net exporter has no import gap (-1), unpublished stocks give 0.
 */
export function energyShock(i: EnergyShockInputs): { supplyDeficitPct: number; coverageDays: number } {
  const exposure = (CHOKEPOINT_CRUDE_EXPOSURE[i.chokepointId] ?? 0) * Math.min(1.5, Math.max(0, i.flowRatio));
  const loss = i.crudeImportsKbd * Math.min(1, Math.max(0, i.gulfShare)) * exposure;
  const deficits = Object.entries(PRODUCT_YIELDS)
    .filter(([p]) => (i.demandKbd[p] ?? 0) > 0)
    .map(([p, y]) => Math.min(100, Math.max(0, ((loss * y) / i.demandKbd[p]!) * 100)));
  const supplyDeficitPct = deficits.length
    ? Math.round((deficits.reduce((a, b) => a + b, 0) / deficits.length) * 10) / 10
    : 0;
  let coverageDays: number;
  if (i.netExporter) coverageDays = -1;
  else if (i.daysOfCover === undefined) coverageDays = 0;
  else if (loss <= 0 || i.crudeImportsKbd <= 0) coverageDays = MAX_COVER_DAYS;
  else coverageDays = Math.min(MAX_COVER_DAYS, Math.round(i.daysOfCover / (loss / i.crudeImportsKbd)));
  return { supplyDeficitPct, coverageDays };
}
