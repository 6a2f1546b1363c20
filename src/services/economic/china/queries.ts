import type { Snapshot, SnapshotStore } from '../../../platform/snapshots/store.js';
import { NBS_RELEASE_CALENDAR, beijingTime } from '../../../sources/china-macro/releases.js';
import {
  CHINA_MACRO,
  CHINA_PAGES,
  type ChinaMacroInfo,
  type ChinaMacroRecord,
  type ChinaObservationRecord,
  type ChinaReleaseRecord,
} from './datasets/china-macro.js';
import {
  CALENDAR_AHEAD_DAYS,
  CALENDAR_PAST_DAYS,
  CHINA_SERIES,
  PILLARS,
  PUBLISHER_NAMES,
  directionOf,
  isStale,
  periodEnd,
  pillarPulse,
  snapshotStatus,
  type ChinaSeries,
} from './rules.js';
import type { ChinaMacroIndicator, GetChinaMacroSnapshotResponse } from './schemas.js';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
export const CHINA_MACRO_SCHEMA_VERSION = 2;

/** An indicator before the clock is applied, plus what staleness needs. */
interface BaseIndicator {
  series: ChinaSeries;
  indicator: ChinaMacroIndicator;
}

const EMPTY_INDICATOR = {
  value: 0,
  hasValue: false,
  priorValue: 0,
  hasPriorValue: false,
  observationDate: '',
  stale: false,
  periodKind: '',
  observationPeriod: '',
  releaseTime: '',
  retrievalTime: '',
  direction: 'unavailable',
  comparisonValue: 0,
  hasComparisonValue: false,
  revisionState: '',
  vintageId: '',
  revisionSequence: 0,
  provenanceJson: '',
  vintages: [],
  geography: 'CN',
  seasonalAdjustment: 'not_seasonally_adjusted',
} as const;

const vintageIdOf = (seriesId: string, period: string, contentHash: string, sequence: number) =>
  `${seriesId}:${period}:v${sequence}:${contentHash.slice(7, 19)}`;

function provenanceOf(
  series: ChinaSeries,
  o: ChinaObservationRecord,
  v: { contentHash: string; releaseTime: number; retrievalTime: number },
): string {
  return JSON.stringify({
    publisher: {
      id: series.publisher.toLowerCase(),
      name: PUBLISHER_NAMES[series.publisher],
      type: 'official_government',
    },
    sourceUrl: o.sourceUrl,
    originalReference: { kind: 'document', id: o.title, contentHash: v.contentHash },
    originalLanguage: 'en',
    translation: 'not_translated',
    observationPeriod: o.period,
    releaseTime: iso(v.releaseTime),
    releaseTimePrecision: o.releasePrecision,
    retrievalTime: iso(v.retrievalTime),
  });
}

function observed(series: ChinaSeries, o: ChinaObservationRecord): ChinaMacroIndicator {
  // Snapshots written before vintages were kept carry none: the reading is then its own original.
  const held = o.vintages?.length
    ? o.vintages
    : [
        {
          sequence: 1,
          state: 'original' as const,
          value: o.value,
          contentHash: o.contentHash,
          releaseTime: o.releaseTime,
          retrievalTime: o.retrievalTime,
        },
      ];
  const ids = held.map((v) => vintageIdOf(series.id, o.period, v.contentHash, v.sequence));
  const current = held.at(-1)!;
  const vintageId = ids.at(-1)!;
  const provenanceJson = provenanceOf(series, o, current);
  const hasPrior = o.priorValue !== undefined;
  const direction = directionOf(o.value, o.priorValue);
  return {
    ...EMPTY_INDICATOR,
    id: series.id,
    label: series.label,
    category: series.pillar,
    unit: series.unit,
    source: series.publisher,
    sourceUrl: o.sourceUrl,
    contextOnly: false,
    value: o.value,
    hasValue: true,
    priorValue: o.priorValue ?? 0,
    hasPriorValue: hasPrior,
    observationDate: iso(periodEnd(o.period) - DAY).slice(0, 10),
    periodKind: o.periodKind,
    observationPeriod: o.period,
    releaseTime: iso(o.releaseTime),
    retrievalTime: iso(o.retrievalTime),
    direction,
    directionReason: hasPrior ? 'PRIOR_PERIOD_COMPARISON' : 'NO_PRIOR_VALUE',
    comparisonBasis: series.comparisonBasis,
    comparisonValue: o.priorValue ?? 0,
    hasComparisonValue: hasPrior,
    revisionState: current.state,
    vintageId,
    revisionSequence: current.sequence,
    provenanceJson,
    vintages: held.map((v, n) => ({
      vintageId: ids[n]!,
      sequence: v.sequence,
      state: v.state,
      value: v.value,
      hasValue: true,
      observationPeriod: o.period,
      periodKind: o.periodKind,
      releaseTime: iso(v.releaseTime),
      retrievalTime: iso(v.retrievalTime),
      supersededBy: ids[n + 1] ?? '',
      provenanceJson: n === held.length - 1 ? provenanceJson : provenanceOf(series, o, v),
    })),
    unavailableReason: '',
    transportStatus: 'fresh',
    transportFailureReason: '',
  };
}

function absent(series: ChinaSeries): ChinaMacroIndicator {
  const collected = series.staleAfterDays !== null;
  return {
    ...EMPTY_INDICATOR,
    vintages: [],
    id: series.id,
    label: series.label,
    category: series.pillar,
    unit: series.unit,
    source: series.publisher,
    sourceUrl: series.sourceUrl,
    contextOnly: !collected,
    directionReason: collected ? 'SOURCE_MISSING' : 'SOURCE_NOT_COLLECTED',
    comparisonBasis: series.comparisonBasis,
    unavailableReason: collected ? 'SOURCE_MISSING' : 'SOURCE_NOT_COLLECTED',
    transportStatus: collected ? 'missing' : 'not_requested',
    transportFailureReason: collected
      ? 'the release page was not read in the last ingestion'
      : `not collected by design: ${PUBLISHER_NAMES[series.publisher]} pages are not read, so this series is reported unavailable rather than estimated`,
  };
}

interface BaseView {
  indicators: BaseIndicator[];
  releases: ChinaReleaseRecord[];
  decisions: GetChinaMacroSnapshotResponse['sourceDecisions'];
}

function decisionsOf(
  snapshot: Snapshot<ChinaMacroRecord, ChinaMacroInfo>,
): GetChinaMacroSnapshotResponse['sourceDecisions'] {
  const missing = new Set(snapshot.info.missingSources ?? []);
  const checkedAt = iso(snapshot.capturedAt);
  const pages = (publisher: string) => [
    ...Object.entries(CHINA_PAGES)
      .filter(([, p]) => p.seriesId.startsWith(publisher))
      .map(([k]) => k),
    ...(publisher === 'nbs' ? ['calendar'] : []),
  ];
  const collected = (source: 'NBS' | 'SAFE', host: string, sourceUrl: string, budget: number) => {
    const keys = pages(source.toLowerCase());
    const lost = keys.filter((k) => missing.has(k));
    return {
      source,
      host,
      status: lost.length === 0 ? 'accepted' : 'degraded',
      reason:
        lost.length === 0
          ? 'every release page was read and parsed'
          : `not read in the last ingestion: ${lost.join(', ')}`,
      checkedAt,
      optional: false,
      requestCount: keys.length - lost.length,
      publisherId: source.toLowerCase(),
      redirectBehavior: 'follow-safe-redirects',
      requestBudget: budget,
      robotsStatus: 'not_checked',
      termsStatus: 'public_statistical_release',
      sourceUrl,
    };
  };
  const notCollected = (source: 'PBoC' | 'GACC', host: string, sourceUrl: string) => ({
    source,
    host,
    status: 'not_collected',
    reason: 'not read by design; its series are reported unavailable, never estimated',
    checkedAt,
    optional: true,
    requestCount: 0,
    publisherId: source.toLowerCase(),
    redirectBehavior: 'none',
    requestBudget: 0,
    robotsStatus: 'not_checked',
    termsStatus: 'not_reviewed',
    sourceUrl,
  });
  return [
    collected('NBS', 'www.stats.gov.cn', 'https://www.stats.gov.cn/english/PressRelease/', 8),
    collected('SAFE', 'www.safe.gov.cn', 'https://www.safe.gov.cn/en/DataRelease/index.html', 6),
    notCollected('PBoC', 'www.pbc.gov.cn', 'https://www.pbc.gov.cn/en/3688006/index.html'),
    notCollected('GACC', 'english.customs.gov.cn', 'http://english.customs.gov.cn/statics/report/monthly.html'),
  ];
}

/** Everything that does not depend on the clock, once per snapshot version. */
function baseView(snapshot: Snapshot<ChinaMacroRecord, ChinaMacroInfo>): BaseView {
  return snapshot.derive('china-macro-base', (s) => {
    const bySeries = new Map<string, ChinaObservationRecord>();
    const releases: ChinaReleaseRecord[] = [];
    for (const r of s.records) {
      if (r.kind === 'release') releases.push(r);
      // Newest period wins should a run ever carry two pages of one series.
      else if (!bySeries.has(r.seriesId) || bySeries.get(r.seriesId)!.period < r.period) bySeries.set(r.seriesId, r);
    }
    const indicators = CHINA_SERIES.map((series) => {
      const o = bySeries.get(series.id);
      return { series, indicator: o ? observed(series, o) : absent(series) };
    });
    return { indicators, releases, decisions: decisionsOf(s) };
  });
}

/** The answer when there is no snapshot: nothing invented, nothing cached. */
export function unavailableChinaMacro(now: number): GetChinaMacroSnapshotResponse {
  return {
    countryCode: 'CN',
    generatedAt: iso(now),
    status: 'unavailable',
    launchReady: false,
    contentObservationDate: '',
    latestObservationDate: '',
    indicators: [],
    sourceDecisions: [],
    releaseEvents: [],
    unavailable: true,
    schemaVersion: CHINA_MACRO_SCHEMA_VERSION,
    pillars: [],
  };
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * GET get-china-macro-snapshot: the snapshot's figures with staleness and release status judged at `at`,
 * by default when the snapshot was captured (the data's time, never the clock's: the answer is the same
 * whenever asked); the nowcast judges them at its own inputs' time.
 */
export function getChinaMacroSnapshot(store: SnapshotStore, at?: number): GetChinaMacroSnapshotResponse {
  const snapshot = store.read<ChinaMacroRecord, ChinaMacroInfo>(CHINA_MACRO);
  if (!snapshot) return unavailableChinaMacro(at ?? 0);
  const now = at ?? snapshot.capturedAt;
  const base = baseView(snapshot);
  const indicators = base.indicators.map(({ series, indicator }) => {
    if (
      !indicator.hasValue ||
      series.staleAfterDays === null ||
      !isStale(indicator.observationPeriod, series.staleAfterDays, now)
    )
      return indicator;
    return {
      ...indicator,
      stale: true,
      direction: 'unavailable',
      directionReason: 'STALE_OBSERVATION',
      unavailableReason: 'STALE_OBSERVATION',
    };
  });
  const releaseEvents = base.releases
    .map((r) => ({ r, at: beijingTime(r.date, r.time) }))
    .filter(({ at }) => at >= now - CALENDAR_PAST_DAYS * DAY && at <= now + CALENDAR_AHEAD_DAYS * DAY)
    .map(({ r, at }) => ({
      id: `nbs-${r.date}-${slug(r.item)}`,
      event: r.item,
      countryCode: 'CN',
      releaseDate: r.date,
      releaseTime: r.time,
      timezone: 'Asia/Shanghai',
      kind: 'nbs_release',
      status: at <= now ? 'released' : 'scheduled',
      source: 'NBS',
      sourceUrl: NBS_RELEASE_CALENDAR,
    }));
  const readiness = indicators.map((i, n) => ({ ...i, required: base.indicators[n]!.series.required }));
  const accepted = base.decisions.every((d) => d.optional || d.status === 'accepted');
  const { launchReady, status } = snapshotStatus(readiness, accepted, releaseEvents.length);
  const periods = readiness
    .filter((i) => i.required && i.hasValue)
    .map((i) => i.observationPeriod)
    .sort();
  const pillarInputs = readiness.map((i) => ({
    ...i,
    pillar: i.category as ChinaSeries['pillar'],
    direction: i.direction as ReturnType<typeof directionOf>,
  }));
  return {
    countryCode: 'CN',
    generatedAt: iso(now),
    status,
    launchReady,
    contentObservationDate: periods[0] ?? '',
    latestObservationDate: periods.at(-1) ?? '',
    indicators,
    sourceDecisions: base.decisions,
    releaseEvents,
    unavailable: false,
    schemaVersion: CHINA_MACRO_SCHEMA_VERSION,
    pillars: PILLARS.map((p) => pillarPulse(p, pillarInputs)),
  };
}
