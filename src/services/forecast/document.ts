/**
 * The forecast job: detector candidates -> published forecast cards. The enrichment passes run in the
 * published order (confidence, projections, cascades, trends) with the published formulas, then each
 * card gets its resolution rule and a rule-written narrative. Pure: a function of the inputs, the
 * data's time `at` and the previous document.
 */
import { normalize, runDetectors, type Candidate, type DetectorInputs, type Domain } from './detectors.js';
import { buildResolutionSpec, type ResolutionSpec, type SpecInputs } from './resolution-spec.js';
import type { Forecast } from './schemas.js';

/** What wrote a card's narrative: `fallback` is the published name for the rule-written text. */
export type NarrativeSource = 'fallback' | 'llm';

/** The label closing a card's scenario, so a reader knows what wrote it. */
export const NARRATIVE_LABELS: Readonly<Record<NarrativeSource, string>> = {
  fallback: '(Written by rules from the signals, not by a model.)',
  llm: '(Written by a language model from the signals.)',
};

/** A stored card: the contract's fields plus the pipeline fields the published payload also carries. */
export type ForecastCard = Forecast & {
  generationOrigin: string;
  narrativeSource: NarrativeSource;
  resolution: ResolutionSpec;
};

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Signal type -> the source it comes from, for source diversity (the published table). */
const SIGNAL_TO_SOURCE: Readonly<Record<string, string>> = {
  cii: 'cii',
  cii_delta: 'cii',
  unrest: 'cii',
  conflict_events: 'iran_events',
  ucdp: 'ucdp',
  theater: 'theater_posture',
  indicators: 'theater_posture',
  mil_flights: 'temporal_anomalies',
  anomaly: 'temporal_anomalies',
  chokepoint: 'chokepoints',
  ais_gap: 'temporal_anomalies',
  gps_jamming: 'gps_jamming',
  outage: 'outages',
  cyber: 'cyber_threats',
  prediction_market: 'prediction_markets',
  news_corroboration: 'news_insights',
};

/**
 * Confidence = 0.5 x norm(distinct sources, 1, 4) + 0.5 x calibration agreement (0.5 without a matched
 * market), clamped to [0.2, 1], 3 decimals. It replaces the detector's own confidence, as published.
 */
export function sourceConfidence(signalTypes: readonly string[], calibrationDrift?: number): number {
  const sources = new Set(signalTypes.map((t) => SIGNAL_TO_SOURCE[t] ?? t));
  const agreement = calibrationDrift === undefined ? 0.5 : Math.max(0, 1 - Math.abs(calibrationDrift) * 3);
  return round3(Math.max(0.2, Math.min(1, 0.5 * normalize(sources.size, 1, 4) + 0.5 * agreement)));
}

/** Per-domain multipliers of the probability at 24 h, 7 and 30 days (the published curves). */
const PROJECTION_CURVES: Readonly<Record<string, { h24: number; d7: number; d30: number }>> = {
  conflict: { h24: 0.91, d7: 1.0, d30: 0.78 },
  market: { h24: 1.0, d7: 0.58, d30: 0.42 },
  supply_chain: { h24: 0.91, d7: 1.0, d30: 0.64 },
  political: { h24: 0.83, d7: 0.87, d30: 1.0 },
  military: { h24: 1.0, d7: 0.91, d30: 0.65 },
  cyber: { h24: 1.0, d7: 0.78, d30: 0.4 },
  infrastructure: { h24: 1.0, d7: 0.5, d30: 0.25 },
};

/**
 * Projections: the probability is anchored at the card's horizon (market cards at the curve's peak),
 * base = p / anchor multiplier, each point = base x curve, clamped to [0.01, 0.95], 3 decimals.
 */
export function projections(domain: string, horizon: string, p: number): { h24: number; d7: number; d30: number } {
  const curve = PROJECTION_CURVES[domain] ?? { h24: 1, d7: 1, d30: 1 };
  const peak = Math.max(curve.h24, curve.d7, curve.d30);
  const key = horizon === '24h' ? 'h24' : horizon === '30d' ? 'd30' : 'd7';
  const anchor = domain === 'market' ? peak : curve[key] || peak;
  const base = anchor > 0 ? p / anchor : p;
  const point = (m: number) => round3(Math.min(0.95, Math.max(0.01, base * m)));
  return { h24: point(curve.h24), d7: point(curve.d7), d30: point(curve.d30) };
}

/** Regions with a chokepoint commodity exposure (the published table's keys). */
const CHOKEPOINT_REGIONS = new Set([
  'Middle East',
  'Red Sea',
  'Israel/Gaza',
  'Eastern Mediterranean',
  'Western Pacific',
  'South China Sea',
  'Black Sea',
]);

interface CascadeRule {
  from: Domain;
  to: Domain;
  coupling: number;
  mechanism: string;
  requiresChokepoint?: boolean;
  requiresCriticalPosture?: boolean;
  minProbability?: number;
}

/** The published default cascade rules. */
export const CASCADE_RULES: readonly CascadeRule[] = [
  {
    from: 'conflict',
    to: 'supply_chain',
    coupling: 0.6,
    mechanism: 'chokepoint disruption',
    requiresChokepoint: true,
  },
  { from: 'conflict', to: 'market', coupling: 0.5, mechanism: 'commodity price shock', requiresChokepoint: true },
  { from: 'political', to: 'conflict', coupling: 0.4, mechanism: 'instability escalation', minProbability: 0.6 },
  {
    from: 'military',
    to: 'conflict',
    coupling: 0.5,
    mechanism: 'force deployment',
    requiresCriticalPosture: true,
  },
  { from: 'supply_chain', to: 'market', coupling: 0.4, mechanism: 'supply shortage pricing' },
];

/** Cascades of one card: each rule from its domain whose conditions hold, at min(0.8, p x coupling). */
export function cascadesOf(c: Pick<Candidate, 'domain' | 'region' | 'probability' | 'signals'>) {
  return CASCADE_RULES.filter(
    (r) =>
      r.from === c.domain &&
      (!r.requiresChokepoint || CHOKEPOINT_REGIONS.has(c.region)) &&
      (!r.requiresCriticalPosture || c.signals.some((s) => s.type === 'theater' && s.value.includes('critical'))) &&
      (r.minProbability === undefined || c.probability >= r.minProbability),
  ).map((r) => ({ domain: r.to, effect: r.mechanism, probability: round3(Math.min(0.8, c.probability * r.coupling)) }));
}

/** Trend against the previous run: rising or falling beyond a 0.05 deadband; a new card is stable at its own p. */
export function trendOf(p: number, prior: number | undefined): { trend: string; priorProbability: number } {
  if (prior === undefined) return { trend: 'stable', priorProbability: p };
  const d = p - prior;
  return { trend: d > 0.05 ? 'rising' : d < -0.05 ? 'falling' : 'stable', priorProbability: prior };
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const sentence = (...parts: string[]) =>
  parts
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((p) => (/[.!?]$/.test(p) ? p : `${p}.`))
    .join(' ');

/** The published rule-written base case (no case file, no situation): lead signal, then the base case. */
export function fallbackNarrative(c: {
  domain: string;
  region: string;
  title: string;
  probability: number;
  timeHorizon: string;
  trend: string;
  signals: readonly { value: string }[];
}): string {
  const support = c.signals[0]?.value ?? c.title;
  const secondary = c.signals[1]?.value;
  const lead = `${support} is the clearest active driver behind this ${c.domain} forecast in ${c.region}.`;
  const follow = secondary
    ? `${secondary} keeps the base case near ${pct(c.probability)} over the ${c.timeHorizon}`
    : `The base case stays near ${pct(c.probability)} over the ${c.timeHorizon}, with ${c.trend} momentum`;
  return sentence(lead, follow).slice(0, 500);
}

/** The detectors' inputs; the market close times in them also set market resolution deadlines. */
export type ForecastJobInputs = DetectorInputs & SpecInputs;

/**
 * One run of the forecast job at `at` (the newest input's time). `prior` is the previous document's
 * cards, for trends. Cards keep detector order; a repeated id keeps its first card.
 */
export function buildForecastCards(
  inputs: ForecastJobInputs,
  at: number,
  prior: readonly Pick<Forecast, 'id' | 'probability'>[] = [],
): ForecastCard[] {
  const priorP = new Map(prior.map((f) => [f.id, f.probability]));
  const seen = new Set<string>();
  const cards: ForecastCard[] = [];
  for (const c of runDetectors(inputs)) {
    if (seen.has(c.id)) continue;
    seen.add(c.id);
    const confidence = sourceConfidence(c.signals.map((s) => s.type));
    const { trend, priorProbability } = trendOf(c.probability, priorP.get(c.id));
    const narrative = fallbackNarrative({ ...c, trend });
    cards.push({
      id: c.id,
      domain: c.domain,
      region: c.region,
      title: c.title,
      scenario: `${narrative} ${NARRATIVE_LABELS.fallback}`,
      feedSummary: narrative,
      probability: c.probability,
      confidence,
      timeHorizon: c.timeHorizon,
      signals: c.signals.slice(0, 6),
      cascades: cascadesOf(c).slice(0, 3),
      trend,
      priorProbability,
      createdAt: at,
      updatedAt: at,
      projections: projections(c.domain, c.timeHorizon, c.probability),
      simulationAdjustment: 0,
      simPathConfidence: 0,
      demotedBySimulation: false,
      resolution: buildResolutionSpec(c, inputs, at),
      generationOrigin: 'legacy_detector',
      narrativeSource: 'fallback',
    });
  }
  return cards;
}
