import type { Snapshot, SnapshotStore } from '../../../platform/snapshots/store.js';
import { dataTime } from '../../../platform/snapshots/data-time.js';
import { COMMODITIES_SNAPSHOT, type StoredInstrument, INDEX_BOARDS, type BoardInstrument } from '../../market/index.js';
import {
  SHIPPING_RATES,
  type ShippingIndex,
  CHINA_PORTS,
  type ChinaPortsInfo,
  CORRIDOR_INPUT_DATASETS,
  corridorComposition,
  hubBalance,
} from '../../supply-chain/index.js';
import type { PortActivity } from '../../../sources/portwatch/port-activity.js';
import { CHINA_MACRO } from './datasets/china-macro.js';
import { CORRIDOR_HISTORY, type CorridorHistoryPoint } from './datasets/corridor-history.js';
import {
  COMPARISON_WINDOW_DAYS,
  NOWCAST_METHOD_VERSION,
  PROXY_SERIES,
  classify,
  confidence,
  screen,
  sensitivity,
  type Official,
  type ProxyFamily,
  type ProxyObservation,
} from './nowcast-rules.js';
import { getChinaMacroSnapshot } from './queries.js';
import { periodEnd } from './rules.js';
import type { GetChinaActivityNowcastResponse } from './schemas.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Every snapshot the nowcast reads; their versions key the once-per-version evaluation. */
export const NOWCAST_INPUT_DATASETS = [
  CHINA_MACRO,
  CORRIDOR_HISTORY,
  COMMODITIES_SNAPSHOT,
  INDEX_BOARDS,
  ...CORRIDOR_INPUT_DATASETS,
] as const;

/** Copper and aluminium futures: the published input basket. */
const INPUT_COMMODITIES = ['HG=F', 'ALI=F'];
const SSE_COMPOSITE = '000001.SS';
/** Sessions in a week of the SSE composite. */
const WEEK_SESSIONS = 5;
/** The prior corridor reading may be at most this old. */
const CORRIDOR_PRIOR_MAX_MS = 72 * HOUR;

/** The official activity reading: value, not stale, directional, and released in order (period end <= release <= retrieval <= now). */
function officialReading(store: SnapshotStore, assessedAt: number) {
  const macro = getChinaMacroSnapshot(store, assessedAt);
  const candidates = macro.indicators
    .filter(
      (i) =>
        i.category === 'activity' &&
        i.hasValue &&
        !i.stale &&
        ['strengthening', 'weakening', 'unchanged'].includes(i.direction),
    )
    .filter((i) => {
      const end = periodEnd(i.observationPeriod);
      const release = Date.parse(i.releaseTime);
      const retrieval = Date.parse(i.retrievalTime);
      return end <= release && release <= retrieval && retrieval <= assessedAt;
    })
    .sort(
      (a, b) =>
        periodEnd(b.observationPeriod) - periodEnd(a.observationPeriod) ||
        Date.parse(b.retrievalTime) - Date.parse(a.retrievalTime),
    );
  const i = candidates[0];
  if (!i) return undefined;
  return {
    official: { direction: i.direction as Official['direction'], periodEnd: periodEnd(i.observationPeriod) },
    detail: {
      seriesId: i.id,
      value: i.value,
      priorValue: i.priorValue,
      direction: i.direction,
      observationPeriod: i.observationPeriod,
      releaseTime: i.releaseTime,
      retrievalTime: i.retrievalTime,
      vintageId: i.vintageId,
    },
  };
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : Number.NaN);

/** Each proxy's reading from the snapshots; undefined when there is none, with a note why where useful. */
function proxyReadings(store: SnapshotStore): {
  readings: Partial<Record<ProxyFamily, ProxyObservation>>;
  notes: Partial<Record<ProxyFamily, string>>;
  corridorPoints: number;
} {
  const readings: Partial<Record<ProxyFamily, ProxyObservation>> = {};
  const notes: Partial<Record<ProxyFamily, string>> = {
    energy: 'the JODI snapshot holds the latest month only; a year-on-year change needs the month a year earlier',
  };

  const ccfi = store.read<ShippingIndex>(SHIPPING_RATES)?.records.find((i) => i.indexId === 'CCFI');
  const ccfiDate = ccfi?.history.at(-1)?.date;
  if (ccfi?.periodChangePct !== undefined && ccfiDate)
    readings.freight = {
      value: ccfi.periodChangePct,
      alignedAt: Date.parse(`${ccfiDate}T00:00:00Z`),
      note: `CCFI publication of ${ccfiDate}`,
    };

  const ports = store.read<PortActivity, ChinaPortsInfo>(CHINA_PORTS);
  const trends = (ports?.records ?? []).map((p) => p.trendDeltaPct).filter(Number.isFinite);
  if (ports && trends.length)
    readings.maritime = {
      value: Math.round(mean(trends) * 100) / 100,
      alignedAt: ports.info.latestDay + DAY,
      note: `mean over ${trends.length} Chinese ports`,
    };

  const hubs = corridorComposition(store)
    .payload.corridors.flatMap((c) =>
      c.conditions.filter((k) => k.family === 'aviation').flatMap((k) => k.sourceSignals),
    )
    .filter((s) => s.availability !== 'unavailable');
  const departures = hubs.reduce((s, h) => s + Number(h.metrics.departures ?? 0), 0);
  const disrupted = hubs.reduce((s, h) => s + Number(h.metrics.disrupted ?? 0), 0);
  const balance = hubBalance(departures, disrupted);
  if (balance !== undefined)
    readings.aviation = {
      value: Math.round(balance * 1000) / 1000,
      alignedAt: Math.min(...hubs.map((h) => Date.parse(h.observationTime ?? ''))),
      note: `${hubs.length} corridor hubs, ${departures} departures`,
    };

  const metals = (store.read<StoredInstrument>(COMMODITIES_SNAPSHOT)?.records ?? []).filter((r) =>
    INPUT_COMMODITIES.includes(r.symbol),
  );
  if (metals.length)
    readings.commodity = {
      value: Math.round(mean(metals.map((m) => m.change)) * 100) / 100,
      alignedAt: Math.min(...metals.map((m) => m.priceTime)),
      note: metals.map((m) => m.symbol).join(', '),
    };

  const sse = store.read<BoardInstrument>(INDEX_BOARDS)?.records.find((r) => r.symbol === SSE_COMPOSITE);
  if (sse && sse.closes.length > WEEK_SESSIONS) {
    const base = sse.closes[sse.closes.length - 1 - WEEK_SESSIONS]!;
    if (base > 0)
      readings.market = {
        value: Math.round((sse.price / base - 1) * 10000) / 100,
        alignedAt: sse.priceTime,
        note: `SSE Composite against ${WEEK_SESSIONS} sessions earlier`,
      };
  }

  // The corridor breadth change compares the last two readings the history dataset took at ingestion.
  const points = store.read<CorridorHistoryPoint>(CORRIDOR_HISTORY)?.records ?? [];
  const current = points.at(-1);
  const prior = current
    ? [...points].reverse().find((p) => p.at < current.at && current.at - p.at <= CORRIDOR_PRIOR_MAX_MS)
    : undefined;
  if (current && prior)
    readings.corridor = {
      value: current.breadth - prior.breadth,
      alignedAt: current.at,
      note: `breadth ${current.breadth} against ${prior.breadth} at ${iso(prior.at)}`,
    };
  else notes.corridor = current ? 'no earlier corridor reading within 72 hours' : 'no corridor reading yet';
  return { readings, notes, corridorPoints: points.length };
}

function readVersions(store: SnapshotStore): { key: string; snaps: (Snapshot<unknown> | undefined)[] } {
  const snaps = NOWCAST_INPUT_DATASETS.map((d) => store.read(d));
  return { key: snaps.map((s) => s?.version ?? 0).join(','), snaps };
}

/**
 * GET get-china-activity-nowcast: evaluated once per combination of input snapshot versions (derived
 * on the corridor history snapshot, which every ingestion replaces, else on the macro snapshot), at
 * the newest input's time. Reads the history; never writes it (it grows at ingestion).
 */
export function getChinaActivityNowcast(store: SnapshotStore): GetChinaActivityNowcastResponse {
  const { key, snaps } = readVersions(store);
  const anchor = store.read(CORRIDOR_HISTORY) ?? store.read(CHINA_MACRO);
  return anchor ? anchor.derive(`china-nowcast:${key}`, () => evaluate(store, snaps)) : evaluate(store, snaps);
}

function evaluate(store: SnapshotStore, snaps: (Snapshot<unknown> | undefined)[]): GetChinaActivityNowcastResponse {
  const assessedAt = dataTime(snaps);
  const off = assessedAt ? officialReading(store, assessedAt) : undefined;
  const { readings, notes, corridorPoints } = assessedAt
    ? proxyReadings(store)
    : { readings: {}, notes: {}, corridorPoints: 0 };
  const windowStart = (off?.official.periodEnd ?? assessedAt) - COMPARISON_WINDOW_DAYS * DAY;
  const contributions = PROXY_SERIES.map((s) =>
    screen(s, readings[s.family], windowStart, assessedAt, notes[s.family]),
  );
  const comparisonState = classify(off?.official, contributions);
  const upstreamUnavailable = !off && !contributions.some((c) => c.included);
  const payload = {
    methodVersion: NOWCAST_METHOD_VERSION,
    generatedAt: iso(assessedAt),
    comparisonState,
    comparisonWindow: { start: iso(windowStart), end: iso(assessedAt), days: COMPARISON_WINDOW_DAYS },
    official: off?.detail ?? null,
    contributions,
    missingInputs: contributions
      .filter((c) => !c.included)
      .map((c) => ({ seriesId: c.seriesId, reason: c.exclusionReason })),
    confidence: confidence(comparisonState, off?.official, contributions),
    sensitivity: sensitivity(off?.official, contributions),
    historicalEvaluation: {
      status: 'unavailable',
      reason: 'no scored history of past nowcasts against later official releases is kept',
    },
    limitations: [
      'proxies are national or corridor-level readings of the snapshots this service keeps, not a statistical model',
      'energy demand is excluded until a year-on-year base is available',
      'the commodity budget is 96 hours because the snapshot holds daily closes',
    ],
    audit: {
      inputs: Object.fromEntries(NOWCAST_INPUT_DATASETS.map((d, i) => [d, snaps[i]?.version ?? 0])),
      corridorHistoryPoints: corridorPoints,
    },
  };
  return {
    generatedAt: iso(assessedAt),
    methodVersion: NOWCAST_METHOD_VERSION,
    comparisonState,
    upstreamUnavailable,
    payloadJson: JSON.stringify(payload),
  };
}
