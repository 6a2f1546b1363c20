/**
 * The resolutions ledger, appended from our own data (the published seed-forecast-resolutions rules):
 * each forecast window enters the ledger when a document carries it, its probability follows later
 * documents while the window is open, and once the data's time passes its deadline a hard spec is read
 * from the dataset it names. Judged specs wait for a judge, which does not run here: they are voided 14
 * days after their deadline, the published bound for an unanswered judged entry. Pure.
 */
import { countryByCode } from '../../reference/countries.js';
import { MARITIME_REGIONS, type GpsHexInput } from './detectors.js';
import type { ForecastCard } from './document.js';
import { DAY_MS, parseMetricKey, RESOLUTION_FEEDS, type ResolutionSpec } from './resolution-spec.js';
import { ROLLING_WINDOW_DAYS, type LedgerEntry } from './rules.js';

/** An unanswered judged entry is voided this long after its deadline. */
export const JUDGED_MAX_PENDING_MS = 14 * DAY_MS;

interface Feed<R> {
  records: readonly R[];
  /** The time the feed's data describes. */
  capturedAt: number;
}
export interface ResolutionFeeds {
  cyber?: Feed<{ country: string; firstSeenAt: number }>;
  gps?: Feed<GpsHexInput>;
  markets?: Feed<{ title: string; yesPercent: number }>;
}

type Result =
  | { status: 'pending' }
  | { status: 'resolved'; outcome: 'yes' | 'no'; evidence: string }
  | { status: 'void'; evidence: string };

const PENDING: Result = { status: 'pending' };

/** A value compared by the spec's operator; `crosses` reads YES past the threshold on the far side of the baseline. */
export function compare(value: number, spec: ResolutionSpec, fn: string): boolean {
  const t = spec.threshold!;
  if (spec.operator === '>=') return value >= t;
  if (spec.operator === '<=') return value <= t;
  if (spec.operator === 'crosses') {
    // A market's own answer: YES when its price ends at or above the threshold.
    if (fn === 'yesPrice') return value >= t;
    const b = spec.baselineValue;
    if (b === undefined || !Number.isFinite(b) || b <= t) return value >= t;
    return value <= t;
  }
  return false;
}

const inBox = (h: GpsHexInput, region: string) => {
  const b = MARITIME_REGIONS[region];
  return !!b && h.lat >= b.lat[0] && h.lat <= b.lat[1] && h.lon >= b.lon[0] && h.lon <= b.lon[1];
};

const settled = (value: number, spec: ResolutionSpec, fn: string): Result => ({
  status: 'resolved',
  outcome: compare(value, spec, fn) ? 'yes' : 'no',
  evidence:
    spec.operator === 'crosses'
      ? `${value} crosses ${spec.threshold} from ${spec.baselineValue}`
      : `${value} ${spec.operator} ${spec.threshold}`,
});

/**
 * A hard spec at the data's time `at`. Before the deadline it is pending. A count (`within-horizon`)
 * counts the feed's records dated within [publishedAt, deadline]; a point read (`at-deadline`,
 * `at-endDate`) waits for a feed snapshot captured at or after the deadline, then reads it.
 */
export function resolveHard(entry: LedgerEntry, feeds: ResolutionFeeds, at: number): Result {
  const spec = entry.spec;
  const parsed = parseMetricKey(spec.metricKey);
  if (!parsed || spec.threshold === undefined) return { status: 'void', evidence: 'unsupported_metric_key' };
  if (at < entry.deadline) return PENDING;
  if (parsed.feedKey === RESOLUTION_FEEDS.cyber && parsed.fn === 'count') {
    const feed = feeds.cyber;
    if (!feed) return PENDING;
    const n = feed.records.filter(
      (r) =>
        (countryByCode(r.country)?.name ?? r.country) === parsed.value &&
        r.firstSeenAt >= entry.publishedAt &&
        r.firstSeenAt <= entry.deadline,
    ).length;
    return settled(n, spec, parsed.fn);
  }
  if (parsed.feedKey === RESOLUTION_FEEDS.gps && parsed.fn === 'hexCount') {
    const feed = feeds.gps;
    if (!feed || feed.capturedAt < entry.deadline) return PENDING;
    return settled(feed.records.filter((h) => inBox(h, parsed.value)).length, spec, parsed.fn);
  }
  if (parsed.feedKey === RESOLUTION_FEEDS.predictionMarkets && parsed.fn === 'yesPrice') {
    const feed = feeds.markets;
    if (!feed || feed.capturedAt < entry.deadline) return PENDING;
    const m = feed.records.find((r) => r.title.slice(0, 100) === parsed.value);
    // A market that closed left the feed: its final price is not in our data.
    if (!m || !Number.isFinite(m.yesPercent)) return { status: 'void', evidence: 'no_establishable_metric' };
    return settled(m.yesPercent, spec, parsed.fn);
  }
  return { status: 'void', evidence: 'unsupported_metric_key' };
}

function newEntry(card: ForecastCard, publishedAt: number): LedgerEntry {
  const spec = card.resolution;
  return {
    key: `${card.id}@${spec.deadline}`,
    forecastId: card.id,
    domain: card.domain,
    region: card.region,
    title: card.title,
    timeHorizon: card.timeHorizon,
    generationOrigin: card.generationOrigin,
    probability: card.probability,
    marketProbability: card.calibration ? card.calibration.marketPrice : null,
    published: true,
    publishedAt,
    deadline: spec.deadline,
    spec,
    status: spec.kind === 'judged' ? 'pending_judge' : 'pending',
    outcome: null,
    resolvedAt: null,
    evidence: '',
  };
}

const isOpen = (e: LedgerEntry) => e.status === 'pending' || e.status === 'pending_judge';

/**
 * The next ledger: `previous` plus the windows of `cards` (a document generated at `documentAt`), then
 * every open entry resolved as of `at`. An open window of the same forecast takes the newer probability
 * instead of opening a second one. Entries resolved more than 180 days before `at` leave the ledger
 * (the scorecard's window). Sorted by key.
 */
export function nextLedger(
  previous: readonly LedgerEntry[],
  cards: readonly ForecastCard[],
  documentAt: number,
  feeds: ResolutionFeeds,
  at: number,
): LedgerEntry[] {
  const byKey = new Map(previous.map((e) => [e.key, { ...e }]));
  const byForecast = new Map<string, LedgerEntry[]>();
  for (const e of byKey.values()) byForecast.set(e.forecastId, [...(byForecast.get(e.forecastId) ?? []), e]);
  for (const card of cards) {
    const open = byForecast
      .get(card.id)
      ?.find((e) => isOpen(e) && documentAt < e.deadline && e.publishedAt <= documentAt);
    if (open) {
      open.probability = card.probability;
      open.marketProbability = card.calibration ? card.calibration.marketPrice : open.marketProbability;
      continue;
    }
    const e = newEntry(card, documentAt);
    if (!byKey.has(e.key)) byKey.set(e.key, e);
  }
  for (const e of byKey.values()) {
    if (e.status === 'pending') {
      const r = resolveHard(e, feeds, at);
      if (r.status === 'pending') continue;
      e.status = r.status;
      e.outcome = r.status === 'resolved' ? r.outcome : null;
      e.evidence = r.evidence;
      e.resolvedAt = at;
    } else if (e.status === 'pending_judge' && at - e.deadline >= JUDGED_MAX_PENDING_MS) {
      e.status = 'void';
      e.evidence = 'judge_unavailable';
      e.resolvedAt = at;
    }
  }
  const keepFrom = at - ROLLING_WINDOW_DAYS * DAY_MS;
  return [...byKey.values()]
    .filter((e) => e.resolvedAt === null || e.resolvedAt >= keepFrom)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
