/**
 * China macro rules: which official series are followed, when a reading is stale, which way it
 * moved, and how pillars and the snapshot's status are judged. Pure functions of their inputs.
 */

export type ChinaPublisher = 'NBS' | 'SAFE' | 'PBoC' | 'GACC';
export type Pillar = 'activity' | 'investment_property' | 'credit_liquidity' | 'external_pressure' | 'trade';
export type Direction = 'strengthening' | 'weakening' | 'unchanged' | 'unavailable';

export interface ChinaSeries {
  id: string;
  label: string;
  pillar: Pillar;
  unit: string;
  publisher: ChinaPublisher;
  sourceUrl: string;
  /** What `priorValue` is: the publisher's own prior-period figure of the same measure. */
  comparisonBasis: string;
  /** Days after the end of the observation period past which a reading is stale (null: not collected). */
  staleAfterDays: number | null;
  /** Counts for launch readiness and the snapshot's status. */
  required: boolean;
}

export const PUBLISHER_NAMES: Record<ChinaPublisher, string> = {
  NBS: 'National Bureau of Statistics of China',
  SAFE: 'State Administration of Foreign Exchange',
  PBoC: "People's Bank of China",
  GACC: 'General Administration of Customs of China',
};

const NBS_URL = 'https://www.stats.gov.cn/english/PressRelease/';
const SAFE_URL = 'https://www.safe.gov.cn/en/DataRelease/index.html';
const PBOC_URL = 'https://www.pbc.gov.cn/en/3688006/index.html';
const GACC_URL = 'http://english.customs.gov.cn/statics/report/monthly.html';

const nbs = (id: string, label: string, pillar: Pillar, comparisonBasis: string): ChinaSeries => ({
  id,
  label,
  pillar,
  unit: 'percent_yoy',
  publisher: 'NBS',
  sourceUrl: NBS_URL,
  comparisonBasis,
  staleAfterDays: 75,
  required: true,
});
const notCollected = (
  id: string,
  label: string,
  pillar: Pillar,
  unit: string,
  publisher: 'PBoC' | 'GACC',
): ChinaSeries => ({
  id,
  label,
  pillar,
  unit,
  publisher,
  sourceUrl: publisher === 'PBoC' ? PBOC_URL : GACC_URL,
  comparisonBasis: 'none',
  staleAfterDays: null,
  required: false,
});

/**
 * The five required series (NBS and SAFE releases) and the seven PBoC and customs series the
 * published contract lists but reports unavailable by design (their pages are not collected).
 */
export const CHINA_SERIES: readonly ChinaSeries[] = [
  nbs(
    'nbs_industrial_value_added_yoy',
    'Industrial value added above designated size, year on year',
    'activity',
    'prior_month_yoy',
  ),
  nbs(
    'nbs_fixed_asset_investment_yoy',
    'Fixed-asset investment (excluding rural households), year to date, year on year',
    'investment_property',
    'prior_ytd_yoy',
  ),
  nbs(
    'nbs_real_estate_investment_yoy',
    'Real estate development investment, year to date, year on year',
    'investment_property',
    'prior_ytd_yoy',
  ),
  {
    id: 'safe_fx_reserves',
    label: 'Foreign exchange reserves, end of month',
    pillar: 'external_pressure',
    unit: 'usd_billion',
    publisher: 'SAFE',
    sourceUrl: SAFE_URL,
    comparisonBasis: 'prior_month_level',
    staleAfterDays: 45,
    required: true,
  },
  {
    id: 'safe_bank_fx_settlement',
    label: 'Net foreign exchange settlement by banks (surplus positive)',
    pillar: 'external_pressure',
    unit: 'usd_billion',
    publisher: 'SAFE',
    sourceUrl: SAFE_URL,
    comparisonBasis: 'prior_month_level',
    staleAfterDays: 45,
    required: true,
  },
  notCollected(
    'pboc_aggregate_financing',
    'Increment of aggregate financing to the real economy',
    'credit_liquidity',
    'cny_billion',
    'PBoC',
  ),
  notCollected('pboc_new_rmb_loans', 'New RMB loans', 'credit_liquidity', 'cny_billion', 'PBoC'),
  notCollected('pboc_m2_yoy', 'Broad money (M2), year on year', 'credit_liquidity', 'percent_yoy', 'PBoC'),
  notCollected(
    'pboc_policy_liquidity',
    'Net policy liquidity injection (open market operations and lending facilities)',
    'credit_liquidity',
    'cny_billion',
    'PBoC',
  ),
  notCollected('gacc_exports_yoy', 'Exports in US dollar terms, year on year', 'trade', 'percent_yoy', 'GACC'),
  notCollected('gacc_imports_yoy', 'Imports in US dollar terms, year on year', 'trade', 'percent_yoy', 'GACC'),
  notCollected('gacc_trade_balance', 'Trade balance', 'trade', 'usd_billion', 'GACC'),
];

export const PILLARS: readonly Pillar[] = [
  'activity',
  'investment_property',
  'credit_liquidity',
  'external_pressure',
  'trade',
];

/** Changes smaller than this are no change (rounding noise of published figures). */
export const DEAD_BAND = 1e-9;

const DAY = 86_400_000;

/** First instant after the last day of a `YYYY-MM` period, epoch ms (UTC). */
export function periodEnd(period: string): number {
  const [y, m] = period.split('-').map(Number);
  return Date.UTC(y!, m!, 1);
}

/** Whether a reading of `period` is past its budget at `now`. */
export function isStale(period: string, staleAfterDays: number, now: number): boolean {
  return now - periodEnd(period) > staleAfterDays * DAY;
}

/** Direction of a reading against its prior: up is strengthening for every series followed. */
export function directionOf(value: number | undefined, prior: number | undefined): Direction {
  if (value === undefined || prior === undefined || !Number.isFinite(value) || !Number.isFinite(prior))
    return 'unavailable';
  const d = value - prior;
  return d > DEAD_BAND ? 'strengthening' : d < -DEAD_BAND ? 'weakening' : 'unchanged';
}

/** What a pillar needs from an indicator. */
export interface PillarInput {
  id: string;
  pillar: Pillar;
  hasValue: boolean;
  stale: boolean;
  direction: Direction;
  observationPeriod: string;
  periodKind: string;
  comparisonBasis: string;
}

export type PillarReason =
  | 'CONSISTENT_AVAILABLE_OBSERVATIONS'
  | 'MIXED_OFFICIAL_SIGNALS'
  | 'NO_AVAILABLE_OFFICIAL_OBSERVATION'
  | 'INCOMPARABLE_PERIOD_OR_BASIS';

/**
 * A pillar's direction: the one shared by its comparable readings (value, not stale, a direction)
 * when they describe the same period, period kind and basis; mixed when they disagree; unavailable
 * when none is comparable or their frames differ.
 */
export function pillarPulse(
  pillar: Pillar,
  indicators: readonly PillarInput[],
): { pillar: Pillar; direction: Direction | 'mixed'; reason: PillarReason; observationIds: string[] } {
  const usable = indicators.filter(
    (i) => i.pillar === pillar && i.hasValue && !i.stale && i.direction !== 'unavailable',
  );
  const observationIds = usable.map((i) => i.id);
  if (usable.length === 0)
    return { pillar, direction: 'unavailable', reason: 'NO_AVAILABLE_OFFICIAL_OBSERVATION', observationIds };
  const frames = new Set(usable.map((i) => `${i.observationPeriod}|${i.periodKind}|${i.comparisonBasis}`));
  if (frames.size > 1)
    return { pillar, direction: 'unavailable', reason: 'INCOMPARABLE_PERIOD_OR_BASIS', observationIds };
  const directions = new Set(usable.map((i) => i.direction));
  if (directions.size > 1) return { pillar, direction: 'mixed', reason: 'MIXED_OFFICIAL_SIGNALS', observationIds };
  return { pillar, direction: usable[0]!.direction, reason: 'CONSISTENT_AVAILABLE_OBSERVATIONS', observationIds };
}

export interface ReadinessInput {
  required: boolean;
  hasValue: boolean;
  stale: boolean;
  unavailableReason: string;
  transportStatus: string;
}

/**
 * Launch-ready: every required series has a fresh, current value. Status: ready when launch-ready,
 * every collected source was accepted and the calendar lists releases; unavailable without any
 * value; degraded otherwise. Series not collected by design do not count against it.
 */
export function snapshotStatus(
  indicators: readonly ReadinessInput[],
  decisionsAccepted: boolean,
  calendarEvents: number,
): { launchReady: boolean; status: 'ready' | 'degraded' | 'unavailable' } {
  const required = indicators.filter((i) => i.required);
  const launchReady =
    required.length > 0 &&
    required.every((i) => i.hasValue && !i.stale && i.unavailableReason === '' && i.transportStatus === 'fresh');
  if (!indicators.some((i) => i.hasValue)) return { launchReady: false, status: 'unavailable' };
  return { launchReady, status: launchReady && decisionsAccepted && calendarEvents > 0 ? 'ready' : 'degraded' };
}

/** Release-calendar window served: releases of the last month and the next four. */
export const CALENDAR_PAST_DAYS = 31;
export const CALENDAR_AHEAD_DAYS = 120;
