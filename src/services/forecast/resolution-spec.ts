/**
 * How each forecast is resolved, by the published rules (scripts/_forecast-resolution.mjs): a `hard`
 * spec names a metric of one of our datasets, an operator and a threshold; a forecast whose claim has no
 * establishable metric gets a `judged` spec (a question). The feed keys here are our dataset names.
 */
import type { Candidate } from './detectors.js';

export const DAY_MS = 86_400_000;
export const HORIZON_MS: Readonly<Record<string, number>> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '14d': 14 * DAY_MS,
  '30d': 30 * DAY_MS,
};

/** Our datasets that hard specs resolve against. */
export const RESOLUTION_FEEDS = {
  cyber: 'cyber.threats',
  gps: 'intelligence.gps-interference',
  predictionMarkets: 'prediction.markets',
} as const;

export interface ResolutionSpec {
  kind: 'hard' | 'judged';
  metricKey?: string;
  operator?: '>=' | '<=' | 'crosses';
  threshold?: number;
  baselineValue?: number;
  window?: 'within-horizon' | 'at-deadline' | 'at-endDate';
  deadline: number;
  sourceFeed?: string;
  question?: string;
}

/** What the spec builder reads besides the card: each market's close time, by its (100-character) title. */
export interface SpecInputs {
  markets?: readonly { title: string; closesAt?: number }[];
}

/** The deadline of a horizon; an unknown horizon is a programming error, never a silent default. */
export function deriveDeadline(generatedAt: number, horizon: string): number {
  const ms = HORIZON_MS[horizon];
  if (ms === undefined) throw new Error(`unrecognised forecast horizon '${horizon}'`);
  return generatedAt + ms;
}

const SIGNAL_TO_HARD_FAMILY: Readonly<Record<string, string>> = {
  market_transmission: 'market',
  market_divergence: 'market',
  market_calibration: 'market',
  commodity: 'market',
  prediction_market: 'prediction_market',
  ucdp: 'ucdp_zone',
  unrest: 'unrest',
  unrest_events: 'unrest',
  cyber: 'cyber',
  gps_jamming: 'gps',
  conflict_events: 'conflict',
  cii: 'conflict',
  chokepoint: 'supply_chain',
  ais_gap: 'supply_chain',
};
const JUDGED_DOMAINS = new Set(['infrastructure', 'military']);
const DOMAIN_TO_HARD_FAMILIES: Readonly<Record<string, readonly string[]>> = {
  conflict: ['conflict', 'ucdp_zone'],
  market: ['market', 'prediction_market'],
  supply_chain: ['supply_chain', 'gps'],
  political: ['unrest'],
  cyber: ['cyber'],
};

/** The first number in the value of the first signal of one of these types ("14 threats (...)" -> 14). */
function firstCount(c: Candidate, types: readonly string[]): number | undefined {
  for (const s of c.signals) {
    if (!types.includes(s.type)) continue;
    const m = /(-?\d+(?:\.\d+)?)/.exec(s.value);
    if (m) return Number(m[1]);
  }
  return undefined;
}

/** The number before a % in a prediction-market signal ("Polymarket: 62%" -> 62), else its first number. */
function firstPercent(c: Candidate): number | undefined {
  for (const s of c.signals) {
    if (s.type !== 'prediction_market') continue;
    const m = /(\d+(?:\.\d+)?)\s*%/.exec(s.value) ?? /(-?\d+(?:\.\d+)?)/.exec(s.value);
    if (m) return Number(m[1]);
  }
  return undefined;
}

function question(c: Candidate): string {
  if (c.domain === 'conflict')
    return `Within the ${c.timeHorizon} horizon, did ${c.region} experience a materially escalated level of armed conflict versus its recent baseline, consistent with "${c.title}"?`;
  if (c.domain === 'political')
    return `Within the ${c.timeHorizon} horizon, did ${c.region} experience a materially elevated level of civil unrest or political instability versus its recent baseline, consistent with "${c.title}"?`;
  return `Will "${c.title}" (${c.domain}, ${c.region}) resolve YES within its ${c.timeHorizon} horizon?`;
}

const judged = (c: Candidate, at: number): ResolutionSpec => ({
  kind: 'judged',
  deadline: deriveDeadline(at, c.timeHorizon),
  question: question(c),
});

/**
 * The resolution spec of a card emitted at `at`. Dispatch as published: a prediction-market signal is
 * hard (the market's own answer, at its close time); infrastructure and military are judged; otherwise
 * the first signal whose family the domain allows. Conflict and unrest counts are judged, as published
 * while the count feeds need ACLED credentials; market cards without a commodity ticker are judged.
 */
export function buildResolutionSpec(c: Candidate, inputs: SpecInputs, at: number): ResolutionSpec {
  const horizonDeadline = deriveDeadline(at, c.timeHorizon);
  if (c.signals.some((s) => s.type === 'prediction_market')) {
    const baseline = firstPercent(c) ?? Math.round(c.probability * 100);
    const closesAt = inputs.markets?.find((m) => m.title.slice(0, 100) === c.title)?.closesAt;
    return {
      kind: 'hard',
      metricKey: `${RESOLUTION_FEEDS.predictionMarkets}|yesPrice(market==${c.title})`,
      operator: 'crosses',
      threshold: 50,
      baselineValue: baseline,
      window: 'at-endDate',
      deadline: closesAt !== undefined && Number.isFinite(closesAt) && closesAt > 0 ? closesAt : horizonDeadline,
      sourceFeed: RESOLUTION_FEEDS.predictionMarkets,
    };
  }
  if (JUDGED_DOMAINS.has(c.domain)) return judged(c, at);
  const allowed = DOMAIN_TO_HARD_FAMILIES[c.domain] ?? [];
  const family = c.signals.map((s) => SIGNAL_TO_HARD_FAMILY[s.type]).find((f) => f && allowed.includes(f));
  if (family === 'cyber') {
    const tally = firstCount(c, ['cyber']);
    if (tally === undefined) return judged(c, at);
    // The detector's tally is a two-week count: scaled to the horizon, with a 0.75 bar.
    const threshold = Math.max(1, Math.round(tally * (HORIZON_MS[c.timeHorizon]! / (14 * DAY_MS)) * 0.75));
    return {
      kind: 'hard',
      metricKey: `${RESOLUTION_FEEDS.cyber}|count(country==${c.region})`,
      operator: '>=',
      threshold,
      window: 'within-horizon',
      deadline: horizonDeadline,
      sourceFeed: RESOLUTION_FEEDS.cyber,
    };
  }
  if (family === 'gps') {
    const hexes = firstCount(c, ['gps_jamming']);
    if (hexes === undefined) return judged(c, at);
    return {
      kind: 'hard',
      metricKey: `${RESOLUTION_FEEDS.gps}|hexCount(region==${c.region})`,
      operator: '>=',
      threshold: Math.max(1, Math.round(hexes)),
      window: 'at-deadline',
      deadline: horizonDeadline,
      sourceFeed: RESOLUTION_FEEDS.gps,
    };
  }
  return judged(c, at);
}

export interface ParsedMetricKey {
  feedKey: string;
  fn: string;
  field: string;
  value: string;
}

/** `feed|fn(field==value)` -> its parts; undefined when malformed. */
export function parseMetricKey(key: string | undefined): ParsedMetricKey | undefined {
  if (!key) return undefined;
  const pipe = key.indexOf('|');
  if (pipe <= 0) return undefined;
  const expr = key.slice(pipe + 1);
  const open = expr.indexOf('(');
  const close = expr.lastIndexOf(')');
  if (open <= 0 || close <= open + 1 || close !== expr.length - 1) return undefined;
  const args = expr.slice(open + 1, close);
  const eq = args.indexOf('==');
  if (eq <= 0) return undefined;
  const field = args.slice(0, eq);
  const value = args.slice(eq + 2);
  if (!field || !value) return undefined;
  return { feedKey: key.slice(0, pipe), fn: expr.slice(0, open), field, value };
}
