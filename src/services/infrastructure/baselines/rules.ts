/** Counts recorded for a weekday and month before its baseline is trusted. */
export const MIN_SAMPLES = 10;

/** Running mean and sum of squared deviations (Welford), exact in one pass and stable for large counts. */
export interface Welford {
  n: number;
  mean: number;
  m2: number;
}

export const EMPTY_WELFORD: Welford = { n: 0, mean: 0, m2: 0 };

export function welfordAdd(w: Welford, x: number): Welford {
  const n = w.n + 1;
  const delta = x - w.mean;
  const mean = w.mean + delta / n;
  return { n, mean, m2: w.m2 + delta * (x - mean) };
}

/** Sample variance m2 / (n − 1); 0 below two samples. */
export function welfordStdDev(w: Welford): number {
  return w.n > 1 ? Math.sqrt(w.m2 / (w.n - 1)) : 0;
}

export const round2 = (x: number) => Math.round(x * 100) / 100;

/** |x − mean| / sd; 0 when the baseline does not vary. */
export function absZ(x: number, mean: number, sd: number): number {
  return sd > 0 ? Math.abs(x - mean) / sd : 0;
}

export function severityOfZ(z: number): 'critical' | 'high' | 'medium' | 'normal' {
  if (z >= 3) return 'critical';
  if (z >= 2) return 'high';
  if (z >= 1.5) return 'medium';
  return 'normal';
}

/** count / mean, 2 decimals; with a zero mean 999 for any count and 1 for none. */
export function multiplierOf(count: number, mean: number): number {
  if (mean === 0) return count > 0 ? 999 : 1;
  return round2(count / mean);
}

/** The bucket a moment belongs to: UTC weekday 0-6 (Sunday 0) and month 1-12. */
export function bucketOf(at: number): { weekday: number; month: number } {
  const d = new Date(at);
  return { weekday: d.getUTCDay(), month: d.getUTCMonth() + 1 };
}

export function baselineKey(type: string, region: string, at: number): string {
  const { weekday, month } = bucketOf(at);
  return `${type}:${region}:${weekday}:${month}`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `Satellite fire detections 2.8x normal for Friday (November) — 51 vs baseline 18`; one decimal below 10x. */
export function anomalyMessage(label: string, multiplier: number, at: number, count: number, mean: number): string {
  const { weekday, month } = bucketOf(at);
  const m = multiplier < 10 ? multiplier.toFixed(1) : String(Math.round(multiplier));
  return `${label} ${m}x normal for ${WEEKDAYS[weekday]} (${MONTHS[month - 1]}) — ${count} vs baseline ${Math.round(mean)}`;
}
