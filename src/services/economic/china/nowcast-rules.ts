/**
 * China activity nowcast (method `china-activity-nowcast/v1`): does the official activity reading
 * agree with what seven faster proxies say? Pure functions: contribution screening, direction,
 * classification, confidence and leave-one-family-out sensitivity.
 */

export const NOWCAST_METHOD_VERSION = 'china-activity-nowcast/v1';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Changes within this of zero are flat. */
export const DIRECTION_DEAD_BAND = 1e-9;
/** Proxies older than this before the official period end are outside the comparison. */
export const COMPARISON_WINDOW_DAYS = 210;
/** The side leading among directional proxies needs at least this share. */
export const LEADING_SHARE = 2 / 3;
/** Directional families needed before anything is concluded. */
export const MIN_DIRECTIONAL_FAMILIES = 3;

export type ProxyFamily = 'freight' | 'maritime' | 'aviation' | 'energy' | 'commodity' | 'corridor' | 'market';
export type ProxyDirection = 'strengthening' | 'weakening' | 'flat';
export type ComparisonState =
  'agreement' | 'proxy_leading_divergence' | 'official_leading_divergence' | 'mixed_signals' | 'insufficient_data';
export type ExclusionReason =
  | 'no_observation'
  | 'lag_not_elapsed'
  | 'outside_comparison_window_no_fill'
  | 'freshness_budget_exceeded'
  | 'missing_directional_value';

export interface ProxySeries {
  seriesId: string;
  family: ProxyFamily;
  /** Days after its period an observation may be used (publication lag). */
  lagDays: number;
  freshnessBudgetMs: number;
  unit: string;
}

/**
 * The seven proxies. Budgets as published except commodities: the snapshot here holds daily closes,
 * so its budget covers a weekend (96 h) instead of the published intraday 180 minutes.
 */
export const PROXY_SERIES: readonly ProxySeries[] = [
  { seriesId: 'ccfi_freight_rate_change', family: 'freight', lagDays: 0, freshnessBudgetMs: 28 * DAY, unit: 'percent' },
  {
    seriesId: 'portwatch_tanker_calls_trend',
    family: 'maritime',
    lagDays: 0,
    freshnessBudgetMs: 10 * DAY,
    unit: 'percent',
  },
  {
    seriesId: 'aviation_hub_disruption_balance',
    family: 'aviation',
    lagDays: 0,
    freshnessBudgetMs: 180 * 60_000,
    unit: 'ratio',
  },
  {
    seriesId: 'china_energy_demand_change',
    family: 'energy',
    lagDays: 30,
    freshnessBudgetMs: 210 * DAY,
    unit: 'percent_yoy',
  },
  {
    seriesId: 'china_input_commodity_change',
    family: 'commodity',
    lagDays: 0,
    freshnessBudgetMs: 96 * HOUR,
    unit: 'percent',
  },
  {
    seriesId: 'corridor_activity_breadth_change',
    family: 'corridor',
    lagDays: 0,
    freshnessBudgetMs: 72 * HOUR,
    unit: 'families',
  },
  { seriesId: 'sse_composite_week_change', family: 'market', lagDays: 0, freshnessBudgetMs: 10 * DAY, unit: 'percent' },
];

/** One proxy reading as found in the snapshots: absent when there is none. */
export interface ProxyObservation {
  value: number;
  /** The moment the reading describes (end of its period), epoch ms. */
  alignedAt: number;
  note?: string;
}

export interface Contribution {
  seriesId: string;
  family: ProxyFamily;
  included: boolean;
  exclusionReason: ExclusionReason | null;
  value: number | null;
  direction: ProxyDirection | null;
  alignedTime: string | null;
  note: string | null;
}

export function directionOfValue(v: number): ProxyDirection {
  return v > DIRECTION_DEAD_BAND ? 'strengthening' : v < -DIRECTION_DEAD_BAND ? 'weakening' : 'flat';
}

/** Screens one proxy against the window and its budgets. */
export function screen(
  series: ProxySeries,
  obs: ProxyObservation | undefined,
  windowStart: number,
  assessedAt: number,
  unavailableNote?: string,
): Contribution {
  const base = {
    seriesId: series.seriesId,
    family: series.family,
    value: null,
    direction: null,
    alignedTime: null,
    note: obs?.note ?? unavailableNote ?? null,
  };
  if (!obs) return { ...base, included: false, exclusionReason: 'no_observation' };
  const withTime = {
    ...base,
    value: Number.isFinite(obs.value) ? obs.value : null,
    alignedTime: Number.isFinite(obs.alignedAt) ? new Date(obs.alignedAt).toISOString() : null,
  };
  const out = (reason: ExclusionReason): Contribution => ({ ...withTime, included: false, exclusionReason: reason });
  if (!Number.isFinite(obs.value)) return out('missing_directional_value');
  if (!Number.isFinite(obs.alignedAt)) return out('no_observation');
  if (obs.alignedAt + series.lagDays * DAY > assessedAt) return out('lag_not_elapsed');
  if (obs.alignedAt < windowStart) return out('outside_comparison_window_no_fill');
  if (assessedAt - obs.alignedAt > series.freshnessBudgetMs) return out('freshness_budget_exceeded');
  return { ...withTime, included: true, exclusionReason: null, direction: directionOfValue(obs.value) };
}

export interface Official {
  direction: 'strengthening' | 'weakening' | 'unchanged';
  /** End of the observation period, epoch ms. */
  periodEnd: number;
}

/**
 * The comparison state. Without an official direction (or an unchanged one), or with fewer than
 * three directional proxy families: insufficient. A leading side under two thirds: mixed. Proxies
 * agreeing with the official reading: agreement. Otherwise the side observed later leads: proxies
 * whose median aligned time is after the official period lead the divergence, else the official does.
 */
export function classify(official: Official | undefined, contributions: readonly Contribution[]): ComparisonState {
  if (!official || official.direction === 'unchanged') return 'insufficient_data';
  const directional = contributions.filter(
    (c) => c.included && (c.direction === 'strengthening' || c.direction === 'weakening'),
  );
  if (new Set(directional.map((c) => c.family)).size < MIN_DIRECTIONAL_FAMILIES) return 'insufficient_data';
  const up = directional.filter((c) => c.direction === 'strengthening').length;
  const down = directional.length - up;
  const lead = Math.max(up, down) / directional.length;
  if (lead < LEADING_SHARE) return 'mixed_signals';
  const proxyDirection = up > down ? 'strengthening' : 'weakening';
  if (proxyDirection === official.direction) return 'agreement';
  const times = directional.map((c) => Date.parse(c.alignedTime!)).sort((a, b) => a - b);
  const mid =
    times.length % 2 ? times[(times.length - 1) / 2]! : (times[times.length / 2 - 1]! + times[times.length / 2]!) / 2;
  return mid > official.periodEnd ? 'proxy_leading_divergence' : 'official_leading_divergence';
}

export interface Confidence {
  level: 'high' | 'medium' | 'low';
  /** Included families over the seven. */
  coverage: number;
  /** No single family, left out, changes the state. */
  robust: boolean;
}

/** The state with each included family left out in turn. */
export function sensitivity(
  official: Official | undefined,
  contributions: readonly Contribution[],
): { withoutFamily: ProxyFamily; comparisonState: ComparisonState }[] {
  const families = [...new Set(contributions.filter((c) => c.included).map((c) => c.family))];
  return families.map((f) => ({
    withoutFamily: f,
    comparisonState: classify(
      official,
      contributions.filter((c) => c.family !== f),
    ),
  }));
}

export function confidence(
  state: ComparisonState,
  official: Official | undefined,
  contributions: readonly Contribution[],
): Confidence {
  const coverage =
    Math.round(
      (new Set(contributions.filter((c) => c.included).map((c) => c.family)).size / PROXY_SERIES.length) * 1000,
    ) / 1000;
  const robust = sensitivity(official, contributions).every((s) => s.comparisonState === state);
  const level = robust && coverage >= 0.75 ? 'high' : coverage >= 0.5 ? 'medium' : 'low';
  return { level, coverage, robust };
}
