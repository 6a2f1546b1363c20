import type { PizzintPlace } from '../../../sources/pizzint/dashboard.js';

export const DEFCON_BANDS: readonly [number, number, string][] = [
  [85, 1, 'Maximum Activity'],
  [70, 2, 'High Activity'],
  [50, 3, 'Elevated Activity'],
  [25, 4, 'Above Normal'],
];

/** Activity 0-100 -> the site's tongue-in-cheek DEFCON level and label. */
export function defconOf(activity: number): { level: number; label: string } {
  for (const [min, level, label] of DEFCON_BANDS) if (activity >= min) return { level, label };
  return { level: 5, label: 'Normal Activity' };
}

/**
 * Overall status: mean popularity over open places, raised 10 points per spiking place (capped at
 * 100) for the level; the mean itself is the reported activity.
 */
export function pizzintSummary(places: readonly PizzintPlace[]) {
  const open = places.filter((p) => !p.isClosedNow);
  const avg = open.length ? open.reduce((s, p) => s + p.currentPopularity, 0) / open.length : 0;
  const spikes = places.filter((p) => p.isSpike).length;
  const defcon = defconOf(Math.min(100, avg + 10 * spikes));
  return {
    defconLevel: defcon.level,
    defconLabel: defcon.label,
    aggregateActivity: Math.round(avg),
    activeSpikes: spikes,
    locationsMonitored: places.length,
    locationsOpen: open.length,
  };
}

/** A tension series -> latest score, change against the point before, and its direction (beyond ±5 %). */
export function tensionOf(points: readonly number[]): {
  score: number;
  changePercent: number;
  trend: 'TREND_DIRECTION_RISING' | 'TREND_DIRECTION_FALLING' | 'TREND_DIRECTION_STABLE';
} {
  const last = points.at(-1) ?? 0;
  const prev = points.length > 1 ? points[points.length - 2] : 0;
  const change = prev > 0 ? ((last - prev) / prev) * 100 : 0;
  const trend =
    change > 5 ? 'TREND_DIRECTION_RISING' : change < -5 ? 'TREND_DIRECTION_FALLING' : 'TREND_DIRECTION_STABLE';
  return { score: Math.max(0, Math.min(100, last)), changePercent: Math.round(change * 10) / 10, trend };
}

/** Age (hours) over which a post's velocity falls by a factor e. */
export const VELOCITY_DECAY_HOURS = 6;

/**
 * How fast a post is rising: log of its score (at least 1) times its upvote ratio (0.5 when
 * unknown), decaying with age, ×100, one decimal.
 */
export function velocityScore(score: number, upvoteRatio: number, ageMs: number): number {
  const ageH = Math.max(0, ageMs) / 3_600_000;
  const v =
    Math.log(1 + (score > 0 ? score : 1)) *
    (upvoteRatio > 0 ? upvoteRatio : 0.5) *
    Math.exp(-ageH / VELOCITY_DECAY_HOURS) *
    100;
  return Math.round(v * 10) / 10;
}
