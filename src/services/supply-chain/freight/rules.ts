/**
 * Shipping stress, 0-100: 40 when the watched names are flat, 3 points more for every percent
 * they fall on average (and less as they rise), rounded and clamped.
 */
export function stressScore(changesPct: readonly number[]): number {
  if (changesPct.length === 0) return 0;
  const mean = changesPct.reduce((a, b) => a + b, 0) / changesPct.length;
  return Math.min(100, Math.max(0, Math.round(40 - 3 * mean)));
}

export type StressLevel = 'critical' | 'elevated' | 'moderate' | 'low';

export function stressLevel(score: number): StressLevel {
  if (score >= 75) return 'critical';
  if (score >= 50) return 'elevated';
  if (score >= 25) return 'moderate';
  return 'low';
}
