import { generate } from '../../../platform/llm/generate.js';
import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { dataTime, dataTimeOf } from '../../../platform/snapshots/data-time.js';
import type { AppDeps } from '../../../trpc/context.js';
import { resolveCountry } from '../../../reference/countries.js';
import { CYBER_THREATS } from '../../cyber/index.js';
import { FORECASTS } from '../../forecast/index.js';
import { INTERNET_OUTAGES } from '../../infrastructure/index.js';
import { COMMODITIES_SNAPSHOT, MARKET_QUOTES } from '../../market/index.js';
import { MILITARY_FLIGHTS, THEATERS } from '../../military/index.js';
import { RADIATION_OBSERVATIONS } from '../../radiation/index.js';
import { SANCTIONS_SDN, sanctionsByCountry, type SdnRecord } from '../../sanctions/index.js';
import { EARTHQUAKES } from '../../seismology/index.js';
import { STATUS_DATASETS, statusById } from '../../supply-chain/index.js';
import { UNREST_EVENTS } from '../../unrest/index.js';
import { FIRE_DETECTIONS } from '../../wildfire/index.js';
import { getRiskScores } from '../analysis/risk-queries.js';
import { CII_SCORES } from '../country/datasets/cii-scores.js';
import { TRAVEL_ADVISORIES } from '../country/datasets/travel-advisories.js';
import { OREF_HISTORY } from '../feeds/datasets/oref-history.js';
import { GDELT_TOPICS } from '../signals/datasets/gdelt-topics.js';
import { GPS_INTERFERENCE, type GpsInterferenceInfo } from '../gps/datasets/gps-interference.js';
import type { GpsHex } from '../gps/rules.js';
import { DAY, extractSignals, rankSignals, severityOf, type Signal, type SignalInputs } from './rules.js';
import {
  factsPrompt,
  parseModelCards,
  ruleCards,
  ALLOWED_TICKERS,
  DIRECTIONS,
  IMPACT_TYPES,
  TIMEFRAMES,
  type MarketFacts,
} from './implication-rules.js';
import type {
  ListCrossSourceSignalsResponse,
  ListMarketImplicationsRequest,
  ListMarketImplicationsResponse,
} from './schemas.js';

/** Every dataset the signals are computed from. */
export const SIGNAL_DATASETS = [
  OREF_HISTORY,
  COMMODITIES_SNAPSHOT,
  MARKET_QUOTES,
  EARTHQUAKES,
  UNREST_EVENTS,
  CYBER_THREATS,
  MILITARY_FLIGHTS,
  RADIATION_OBSERVATIONS,
  FIRE_DETECTIONS,
  INTERNET_OUTAGES,
  CII_SCORES,
  TRAVEL_ADVISORIES,
  SANCTIONS_SDN,
  FORECASTS,
  GDELT_TOPICS,
  GPS_INTERFERENCE,
  ...STATUS_DATASETS,
] as const;

/** Military flight theaters as the signals name them, most specific box first. */
const FLIGHT_THEATERS: [string, string][] = [
  ['israel-gaza-theater', 'Middle East'],
  ['yemen-redsea-theater', 'Red Sea'],
  ['east-med-theater', 'Middle East'],
  ['blacksea-theater', 'Eastern Europe'],
  ['baltic-theater', 'Eastern Europe'],
  ['korea-theater', 'East Asia'],
  ['taiwan-theater', 'East Asia'],
  ['south-china-sea', 'Southeast Asia'],
  ['iran-theater', 'Middle East'],
];

function flightTheater(lat: number, lon: number): { theater: string; elevated: number } | undefined {
  for (const [id, name] of FLIGHT_THEATERS) {
    const t = THEATERS.find((x) => x.id === id);
    if (t && lat <= t.north && lat >= t.south && lon <= t.east && lon >= t.west)
      return { theater: name, elevated: t.elevated };
  }
  return undefined;
}

type Loc = { latitude: number; longitude: number };

/** gpsjam's interfered cells, dated at the end of the day they describe. */
function gpsCells(store: SnapshotStore): SignalInputs['gps'] {
  const snap = store.read<GpsHex, GpsInterferenceInfo>(GPS_INTERFERENCE);
  if (!snap) return undefined;
  const at = Date.parse(`${snap.info.date}T00:00:00Z`) + DAY - 1;
  return snap.records.map((h) => ({ region: h.region, high: h.level === 'INTERFERENCE_LEVEL_HIGH', at }));
}

/** New designations on the latest SDN edition and the country most of them are tied to. */
function sanctionsFacts(store: SnapshotStore): SignalInputs['sanctions'] {
  const sdn = store.read<SdnRecord>(SANCTIONS_SDN);
  if (!sdn) return undefined;
  const byCountry = sdn.derive('by-country', (s) => sanctionsByCountry(s.records));
  // The tally comes most new entries first (then most entries): its first country is the most targeted.
  const [top] = [...byCountry].filter(([, c]) => c.newEntryCount > 0);
  return {
    newEntryCount: sdn.records.filter((e) => e.isNew === true).length,
    ...(top ? { topCountry: top[0] } : {}),
    at: sdn.capturedAt,
  };
}

/** The plain facts each extractor reads, from whichever input snapshots are loaded. */
function readInputs(store: SnapshotStore, now: number): SignalInputs {
  const rows = <R>(name: string) => store.read<R>(name)?.records;
  const risk = store.read(CII_SCORES) ? getRiskScores(store, {}).ciiScores : undefined;
  const status = statusById(store);
  return {
    now,
    oref: rows<{ at: number; locality: string }>(OREF_HISTORY)?.map((r) => ({ at: r.at, locality: r.locality })),
    commodities: rows<{ symbol: string; yahooName: string; price: number; change: number; priceTime: number }>(
      COMMODITIES_SNAPSHOT,
    )?.map((c) => ({
      symbol: c.symbol,
      name: c.yahooName,
      price: c.price,
      changePct: c.change,
      at: c.priceTime,
    })),
    indices: rows<{ symbol: string; name: string; change: number; priceTime: number }>(MARKET_QUOTES)?.map((q) => ({
      symbol: q.symbol,
      name: q.name,
      changePct: q.change,
      at: q.priceTime,
    })),
    quakes: rows<{ place: string; magnitude: number; occurredAt: number }>(EARTHQUAKES)?.map((q) => {
      // USGS places end with the country or region after the last comma.
      const country = resolveCountry(q.place.split(',').at(-1))?.alpha2;
      return { place: q.place, magnitude: q.magnitude, at: q.occurredAt, ...(country ? { country } : {}) };
    }),
    unrest: rows<{ country: string; occurredAt: number; eventType: string }>(UNREST_EVENTS)?.map((e) => ({
      country: e.country,
      at: e.occurredAt,
    })),
    cyber: rows<{ country: string; severity: string; lastSeenAt: number }>(CYBER_THREATS)?.map((c) => ({
      country: c.country,
      critical: c.severity === 'CRITICALITY_LEVEL_CRITICAL',
      at: c.lastSeenAt,
    })),
    flights: rows<{ location: Loc; onGround: boolean; lastSeenAt: number }>(MILITARY_FLIGHTS)?.flatMap((f) => {
      const t = f.onGround ? undefined : flightTheater(f.location.latitude, f.location.longitude);
      return t ? [{ ...t, at: f.lastSeenAt }] : [];
    }),
    radiation: rows<{ locationName: string; country: string; severity: string; zScore: number; observedAt: number }>(
      RADIATION_OBSERVATIONS,
    )?.map((r) => ({
      place: r.locationName,
      country: r.country,
      spike: r.severity === 'RADIATION_SEVERITY_SPIKE',
      zScore: r.zScore,
      at: r.observedAt,
    })),
    fires: rows<{ region: string; possibleExplosion: boolean; frp: number; brightness: number; detectedAt: number }>(
      FIRE_DETECTIONS,
    )?.map((f) => ({
      region: f.region,
      possibleExplosion: f.possibleExplosion,
      frp: f.frp,
      brightness: f.brightness,
      at: f.detectedAt,
    })),
    gps: gpsCells(store),
    outages: rows<{ countryCode: string; severity: string; endedAt: number; detectedAt: number }>(
      INTERNET_OUTAGES,
    )?.map((o) => ({
      country: o.countryCode,
      total: o.severity === 'OUTAGE_SEVERITY_TOTAL',
      ongoing: !o.endedAt,
      at: o.detectedAt,
    })),
    ...(risk
      ? {
          risk: risk.map((s) => ({
            country: s.region,
            combined: s.combinedScore,
            rising: s.trend === 'TREND_DIRECTION_RISING',
            at: s.computedAt,
          })),
        }
      : {}),
    forecasts: rows<{ title: string; region: string; probability: number; trend: string; updatedAt: number }>(
      FORECASTS,
    )?.map((f) => ({
      title: f.title,
      region: f.region,
      probability: f.probability,
      rising: f.trend === 'rising',
      at: f.updatedAt,
    })),
    tone: rows<{ topic: string; tone: { at: number; value: number }[] }>(GDELT_TOPICS)?.map((t) => ({
      topic: t.topic,
      series: t.tone,
    })),
    sanctions: sanctionsFacts(store),
    ...(status.available
      ? {
          chokepoints: [...status.byId.values()].map((c) => ({
            id: c.id,
            name: c.name,
            disruptionScore: c.disruptionScore,
            ...(c.flowEstimate ? { flowRatio: c.flowEstimate.flowRatio } : {}),
            at: Date.parse(status.fetchedAt) || now,
          })),
        }
      : {}),
  };
}

export interface ComputedSignals {
  signals: Signal[];
  evaluatedAt: number;
}

/** Latest signals per store, keyed by the versions of every input. */
const memo = new WeakMap<SnapshotStore, { key: string; value: ComputedSignals }>();

/**
 * The ranked signals, computed once per combination of input snapshots; evaluatedAt is their data
 * time (the newest capture among them; reference tables describe no moment), never the clock's.
 */
export function computeSignals(store: SnapshotStore): ComputedSignals {
  const snaps = SIGNAL_DATASETS.map((d) => store.read(d));
  const key = snaps.map((s) => s?.version ?? 0).join(',');
  const hit = memo.get(store);
  if (hit && hit.key === key) return hit.value;
  const evaluatedAt = dataTime(snaps);
  const value = {
    signals: evaluatedAt ? rankSignals(extractSignals(readInputs(store, evaluatedAt))) : [],
    evaluatedAt,
  };
  memo.set(store, { key, value });
  return value;
}

export function listCrossSourceSignals(store: SnapshotStore): ListCrossSourceSignalsResponse {
  const { signals, evaluatedAt } = computeSignals(store);
  return {
    signals: signals.map((s) => ({
      id: s.id,
      type: `CROSS_SOURCE_SIGNAL_TYPE_${s.kind}` as const,
      theater: s.theater,
      summary: s.summary,
      severity: `CROSS_SOURCE_SIGNAL_SEVERITY_${severityOf(s.score)}` as const,
      severityScore: s.score,
      detectedAt: s.detectedAt,
      contributingTypes: s.contributingTypes.map((k) => `CROSS_SOURCE_SIGNAL_TYPE_${k}`),
      signalCount: s.signalCount,
    })),
    evaluatedAt,
    compositeCount: signals.filter((s) => s.kind === 'COMPOSITE_ESCALATION').length,
  };
}

// ---------------------------------------------------------------------------------------------
// Market implications
// ---------------------------------------------------------------------------------------------

const IMPLICATIONS_SYSTEM =
  'You are a cross-asset strategist. From the facts given only, write 3 to 5 market implication cards as a JSON array. ' +
  `Each card: {"ticker": one of ${Object.keys(ALLOWED_TICKERS).join(', ')}; "direction": ${DIRECTIONS.join('|')}; ` +
  `"timeframe": ${TIMEFRAMES.join('|')}; "confidence": HIGH|MEDIUM|LOW; "title" (5-120 characters); "narrative" (20-600); ` +
  `"riskCaveat"; "driver" (the fact it rests on); "transmissionChain": 2-4 steps {"node", "impactType": one of ${IMPACT_TYPES.join(', ')}, "logic"}}. ` +
  'One card per ticker. Answer with the JSON array only.';

/** The facts the cards are written from: the signals, session moves of commodities and the S&P 500, the VIX level. */
export function marketFacts(store: SnapshotStore): MarketFacts | undefined {
  const { signals, evaluatedAt } = computeSignals(store);
  if (!evaluatedAt) return undefined;
  const commodities =
    store.read<{ symbol: string; yahooName: string; price: number; change: number }>(COMMODITIES_SNAPSHOT)?.records ??
    [];
  const spx = store
    .read<{ symbol: string; name: string; change: number }>(MARKET_QUOTES)
    ?.records.find((q) => q.symbol === '^GSPC');
  const vix = commodities.find((c) => c.symbol === '^VIX')?.price;
  const moves = commodities
    .filter((c) => c.symbol !== '^VIX')
    .sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || (a.symbol < b.symbol ? -1 : 1))
    .slice(0, 8)
    .map((c) => ({ symbol: c.symbol, name: c.yahooName, changePct: c.change }));
  if (spx) moves.push({ symbol: spx.symbol, name: spx.name, changePct: spx.change });
  return { signals, moves, ...(vix !== undefined ? { vix } : {}) };
}

/**
 * Cards written by the model from the snapshot facts when one is configured (its answers cached per
 * input), otherwise, or when its answer holds no valid card, the labelled rule-based cards.
 */
export async function listMarketImplications(
  deps: Pick<AppDeps, 'store' | 'llm'>,
  _req: ListMarketImplicationsRequest,
): Promise<ListMarketImplicationsResponse> {
  // The facts' time (the newest of the snapshots they come from), not the clock's.
  const generatedAt = new Date(dataTimeOf(deps.store, SIGNAL_DATASETS)).toISOString();
  const facts = marketFacts(deps.store);
  if (!facts) return { cards: [], degraded: true, emptyReason: 'data_unavailable', generatedAt };
  const rules = ruleCards(facts);
  const generated = await generate(deps.llm, {
    task: 'list-market-implications',
    system: IMPLICATIONS_SYSTEM,
    prompt: factsPrompt(facts),
    temperature: 0.2,
    maxTokens: 1500,
    fallback: () => JSON.stringify(rules),
  });
  const fromModel = generated.method === 'model' ? parseModelCards(generated.text) : [];
  const cards = fromModel.length ? fromModel : rules;
  return { cards, degraded: cards.length === 0, emptyReason: cards.length ? '' : 'no_cards', generatedAt };
}
