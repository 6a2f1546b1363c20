/** The global strategic risk over the country instability scores (the published roll-up). */

const STRATEGIC_WEIGHTS = [1, 0.85, 0.7, 0.55, 0.4];

export type SeverityLevel = 'SEVERITY_LEVEL_LOW' | 'SEVERITY_LEVEL_MEDIUM' | 'SEVERITY_LEVEL_HIGH';

/**
 * The single global strategic risk: the first five of the scores (sorted highest first), weighted 1, 0.85, 0.70, 0.55,
 * 0.40; score = min(100, round(0.7 weighted average + 15)); HIGH from 70, MEDIUM from 40.
 */
export function strategicRisk(
  scores: readonly { region: string; combinedScore: number }[],
): { score: number; level: SeverityLevel; factors: string[] } | undefined {
  // The scores come highest first (ties in the published table's order), as the published roll-up takes them.
  const top = scores.slice(0, 5);
  if (!top.length) return undefined;
  const weights = STRATEGIC_WEIGHTS.slice(0, top.length);
  const avg = top.reduce((s, r, i) => s + r.combinedScore * weights[i]!, 0) / weights.reduce((a, b) => a + b, 0);
  const score = Math.min(100, Math.round(0.7 * avg + 15));
  return {
    score,
    level: score >= 70 ? 'SEVERITY_LEVEL_HIGH' : score >= 40 ? 'SEVERITY_LEVEL_MEDIUM' : 'SEVERITY_LEVEL_LOW',
    factors: top.map((r) => r.region),
  };
}
