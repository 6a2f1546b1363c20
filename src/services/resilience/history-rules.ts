/**
 * The score history: one point per country and UTC day, the newest 30 kept, appended each time the
 * scores are recomputed; and the trend and 30-day change the published service reads from it.
 */

/** Points kept per country (the published service keeps 30). */
export const HISTORY_POINTS = 30;
/** A slope beyond half a percent of the mean per point is a trend (published). */
export const TREND_THRESHOLD = 0.005;

const DAY_MS = 86_400_000;

export interface HistoryPoint {
  countryCode: string;
  /** Start of the UTC day the score was recorded, epoch ms. */
  at: number;
  score: number;
}

/** Start of the UTC day of `ms`. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;

/**
 * The history with `scores` recorded for the day of `at`: a point of the same day is replaced (the
 * newest score of a day is the one kept), and each country keeps its newest HISTORY_POINTS days.
 * Countries sorted by code, each oldest first. Pure: the inputs are not changed.
 */
export function appendScores(
  history: readonly HistoryPoint[],
  scores: ReadonlyMap<string, number>,
  at: number,
): HistoryPoint[] {
  const byCountry = new Map<string, Map<number, number>>();
  const put = (countryCode: string, day: number, score: number) => {
    const days = byCountry.get(countryCode) ?? new Map<number, number>();
    days.set(day, score);
    byCountry.set(countryCode, days);
  };
  for (const p of history) put(p.countryCode, dayOf(p.at), p.score);
  const today = dayOf(at);
  for (const [countryCode, score] of scores) put(countryCode, today, score);
  const out: HistoryPoint[] = [];
  for (const countryCode of [...byCountry.keys()].sort()) {
    const days = [...byCountry.get(countryCode)!].sort((a, b) => a[0] - b[0]).slice(-HISTORY_POINTS);
    for (const [day, score] of days) out.push({ countryCode, at: day, score });
  }
  return out;
}

/**
 * `rising`, `falling` or `stable`: the least-squares slope per point of the series, divided by the
 * series' mean, beyond ±TREND_THRESHOLD. Fewer than 3 points, or a non-finite one, is stable.
 */
export function detectTrend(values: readonly number[]): 'rising' | 'falling' | 'stable' {
  const n = values.length;
  if (n < 3 || values.some((v) => !Number.isFinite(v))) return 'stable';
  let sx = 0;
  let sy = 0;
  let sxy = 0;
  let sxx = 0;
  values.forEach((v, i) => {
    sx += i;
    sy += v;
    sxy += i * v;
    sxx += i * i;
  });
  const den = n * sxx - sx * sx;
  const slope = den === 0 ? 0 : (n * sxy - sx * sy) / den;
  const mean = sy / n;
  const normalized = mean === 0 ? 0 : slope / Math.abs(mean);
  return normalized > TREND_THRESHOLD ? 'rising' : normalized < -TREND_THRESHOLD ? 'falling' : 'stable';
}

/**
 * Trend and 30-day change of `current` (the score of the day `at`) against the recorded points of
 * earlier days: the series is those points then `current`; the change is against the oldest of them
 * (0 without any), two decimals.
 */
export function trendAndChange(
  points: readonly HistoryPoint[],
  current: number,
  at: number,
): { trend: 'rising' | 'falling' | 'stable'; change30d: number } {
  const earlier = points.filter((p) => dayOf(p.at) < dayOf(at)).sort((a, b) => a.at - b.at);
  return {
    trend: detectTrend([...earlier.map((p) => p.score), current]),
    change30d: earlier.length ? Number((current - earlier[0]!.score).toFixed(2)) : 0,
  };
}
