import type { SubmissionFiling } from '../../../sources/sec-edgar/submissions.js';

/** 8-K items that do not make a signal on their own: votes, ABS material, Regulation FD, other events, exhibits. */
export const ROUTINE_ITEMS: ReadonlySet<string> = new Set(['5.07', '6.01', '7.01', '8.01', '9.01']);

/** Items that make a strong signal: deals, insolvency, cyber incidents, impairment, delisting, restatement, control. */
export const HIGH_MATERIALITY_ITEMS: ReadonlySet<string> = new Set([
  '1.01',
  '1.02',
  '1.03',
  '1.05',
  '2.01',
  '2.04',
  '2.06',
  '3.01',
  '4.02',
  '5.01',
]);

const TYPE_BY_ITEM: Record<string, string> = {
  '1.01': 'M&A / Agreement',
  '1.02': 'M&A / Agreement',
  '2.01': 'M&A / Agreement',
  '1.03': 'Bankruptcy',
  '1.05': 'Cybersecurity Incident',
  '2.02': 'Financial Results',
  '2.04': 'Debt Acceleration',
  '2.06': 'Impairment',
  '3.01': 'Delisting Risk',
  '4.01': 'Accountant Change',
  '4.02': 'Restatement',
  '5.01': 'Control Change',
  '5.02': 'Executive Change',
};

/** How far back filings count as signals. */
export const SIGNAL_WINDOW_MS = 90 * 86_400_000;
export const MAX_SIGNALS = 30;

export interface FilingSignal {
  type: string;
  /** The item the signal is named after: the first high-materiality item, else the first material one. */
  primaryItem: string;
  materialItems: string[];
  strength: 'Strong' | 'Moderate';
  filing: SubmissionFiling;
}

/** A current report (8-K or amendment) with at least one non-routine item, as a signal; undefined otherwise. */
export function filingSignal(f: SubmissionFiling): FilingSignal | undefined {
  if (!f.form.startsWith('8-K')) return undefined;
  const material = f.items.filter((i) => !ROUTINE_ITEMS.has(i));
  if (!material.length) return undefined;
  const primary = material.find((i) => HIGH_MATERIALITY_ITEMS.has(i)) ?? material[0];
  return {
    type: TYPE_BY_ITEM[primary] ?? 'Material Event',
    primaryItem: primary,
    materialItems: material,
    strength: HIGH_MATERIALITY_ITEMS.has(primary) ? 'Strong' : 'Moderate',
    filing: f,
  };
}

/** Signals accepted since 90 days before `now`, newest first, at most 30. */
export function filingSignals(filings: readonly SubmissionFiling[], now: number): FilingSignal[] {
  return filings
    .filter((f) => f.acceptedAt >= now - SIGNAL_WINDOW_MS)
    .map(filingSignal)
    .filter((s): s is FilingSignal => s !== undefined)
    .sort((a, b) => b.filing.acceptedAt - a.filing.acceptedAt)
    .slice(0, MAX_SIGNALS);
}

const STRENGTH_RANK: Record<string, number> = { Strong: 3, Moderate: 2, Emerging: 1 };

/** Strongest of two signals: strength, then the more authoritative (lower) tier, then the newer. */
export function stronger<T extends { strength: string; sourceTier: number; timestampMs: number }>(a: T, b: T): T {
  const d = (STRENGTH_RANK[a.strength] ?? 0) - (STRENGTH_RANK[b.strength] ?? 0);
  if (d) return d > 0 ? a : b;
  if (a.sourceTier !== b.sourceTier) return a.sourceTier < b.sourceTier ? a : b;
  return a.timestampMs >= b.timestampMs ? a : b;
}
