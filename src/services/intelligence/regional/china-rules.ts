import type { NbsObservation } from '../../../sources/nbs/easyquery.js';
import { NBS_PORTAL } from '../../../sources/nbs/easyquery.js';
import type { PlaActivityReport } from '../../../sources/taiwan-mnd/pla-activity.js';
import type { PolicyDocument } from '../../../sources/mofcom/announcements.js';
import type { ExchangeBulletin } from '../../../sources/sse/bulletins.js';
import { disclosureGroup, policyGroup } from './china-documents.js';
export { GROUP_IDS } from './china-signals.js';
export type { DecisionSnapshot, GroupId, GroupState, Input, SignalGroup, SignalItem } from './china-signals.js';
import {
  GROUP_IDS,
  type DecisionSnapshot,
  type GroupId,
  type GroupState,
  type Input,
  type SignalGroup,
  type SignalItem,
} from './china-signals.js';
import {
  activityRecordClaims,
  derivedClaims,
  officialObservationClaims,
  PROVENANCE_VERSION,
  type Freshness,
  type Publisher,
} from './china-provenance.js';

/** The rules that fill the China decision-signal snapshot (its shape: china-signals.ts). */
export const MAX_ITEMS = 4;
export const MAX_PAYLOAD_BYTES = 65_536;
const DAY_MS = 86_400_000;
/** A monthly figure whose period ended more than this long before the fetch is stale. */
export const MACRO_STALE_MONTHS = 2;
export const CROSS_STRAIT_STALE_DAYS = 3;

export interface CorridorInput {
  id: string;
  name: string;
  threatLevel: string;
  threatDescription: string;
}

export interface DecisionInputs {
  macro?: Input<NbsObservation>;
  crossStrait?: Input<PlaActivityReport>;
  corridors?: Input<CorridorInput> & { reviewedAt: string };
  policy?: Input<PolicyDocument>;
  disclosures?: Input<ExchangeBulletin>;
  /** The snapshot's time (newest input fetch), epoch ms. */
  now: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
const unavailable = (id: GroupId, reason: string): SignalGroup => ({
  id,
  state: 'unavailable',
  reason,
  items: [],
  metadata: {},
});

/** Months between two YYYY-MM periods (b − a). */
export function monthsBetween(a: string, b: string): number {
  return (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + (Number(b.slice(5, 7)) - Number(a.slice(5, 7)));
}
/** The month after a YYYY-MM period: NBS releases a month's figures in the following month. */
export function nextMonth(period: string): string {
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(5, 7));
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

// ---------------------------------------------------------------- macro

/** Core indicators, in item order: code prefix, label, how to read the value. */
export const MACRO_INDICATORS = [
  { code: 'A01010101', label: 'Consumer prices', index: true },
  { code: 'A01080101', label: 'Producer prices', index: true },
  { code: 'A02010201', label: 'Industrial value added', index: false },
  { code: 'A0B0101', label: 'Manufacturing PMI', index: false },
  { code: 'A07010101', label: 'Retail sales', index: false },
  { code: 'A08010101', label: 'Exports (USD)', index: false },
] as const;

const NBS: Publisher = {
  id: 'cn-nbs',
  name: 'National Bureau of Statistics of China',
  type: 'official_government',
  registryReference: {
    sourceName: 'National Bureau of Statistics of China',
    sourceType: 'government statistics agency',
    propagandaRisk: 'medium',
  },
};
const fmt = (x: number) => (Math.round(x * 10) / 10).toFixed(1);
const signed = (x: number) => `${x >= 0 ? '+' : ''}${fmt(x)}`;

function series(rows: readonly NbsObservation[], code: string): NbsObservation[] {
  return rows.filter((r) => r.indicatorCode === code).sort((a, b) => a.period.localeCompare(b.period));
}

function describe(ind: (typeof MACRO_INDICATORS)[number], o: NbsObservation, prev?: NbsObservation): string {
  const v = (x: NbsObservation) =>
    ind.index
      ? `${signed(x.value - 100)}% year on year`
      : ind.code === 'A0B0101'
        ? fmt(x.value)
        : `${signed(x.value)}% year on year`;
  return `${ind.label}: ${v(o)} in ${o.period}${prev ? ` (${v(prev)} in ${prev.period})` : ''}.`;
}

function macroGroup(input: Input<NbsObservation> | undefined, now: number): SignalGroup {
  if (!input) return unavailable('macro', 'No China macro snapshot (NBS monthly indicators) is loaded.');
  const fetchMonth = iso(input.fetchedAt).slice(0, 7);
  const items: SignalItem[] = [];
  let latest = '';
  for (const ind of MACRO_INDICATORS) {
    const s = series(input.rows, ind.code);
    const o = s.at(-1);
    if (!o) continue;
    if (o.period > latest) latest = o.period;
    if (items.length >= MAX_ITEMS) continue;
    const signalId = `macro:${ind.code}:${o.period}`;
    const stale = monthsBetween(o.period, fetchMonth) > MACRO_STALE_MONTHS;
    const f: Freshness = {
      retrievedAt: iso(input.fetchedAt),
      assessedAt: iso(now),
      transportStale: input.failed,
      contentStale: stale,
      contentAsOf: o.period,
    };
    items.push({
      id: signalId,
      lineageId: `macro:${ind.code}`,
      label: ind.label,
      summary: describe(ind, o, s.at(-2)),
      sourceName: NBS.name,
      sourceUrl: NBS_PORTAL,
      publisherType: 'official_government',
      observedAt: o.period,
      publishedAt: nextMonth(o.period),
      effectiveAt: null,
      retrievedAt: iso(input.fetchedAt),
      stale,
      metadata: { indicator: o.indicator, indicatorCode: o.indicatorCode, unit: o.unit, value: o.value },
      provenance: {
        contractVersion: PROVENANCE_VERSION,
        signalId,
        familyId: 'china_macro_official_numeric_observation',
        claims: officialObservationClaims(NBS, f, {
          sourceUrl: NBS_PORTAL,
          referenceId: `${o.indicatorCode}:${o.period}`,
          period: o.period,
          publishedMonth: nextMonth(o.period),
          vintageId: `nbs:${o.indicatorCode}:${o.period}`,
          signalId,
        }),
      },
    });
  }
  if (!items.length) return unavailable('macro', 'The NBS snapshot holds none of the core indicators.');
  const present = MACRO_INDICATORS.filter((i) => series(input.rows, i.code).length).length;
  const state: GroupState =
    input.failed || items.every((i) => i.stale) ? 'stale' : present < MACRO_INDICATORS.length ? 'partial' : 'available';
  const reason =
    state === 'stale'
      ? input.failed
        ? 'The last NBS refresh failed; figures are from the previous one.'
        : `The newest period (${latest}) is more than ${MACRO_STALE_MONTHS} months old.`
      : state === 'partial'
        ? `${present} of ${MACRO_INDICATORS.length} core indicators present.`
        : null;
  return { id: 'macro', state, reason, items, metadata: { latestPeriod: latest, indicators: present } };
}

// ---------------------------------------------------------------- activity nowcast

/** Momentum of a series: latest value against the mean of the three before it. */
export function momentum(values: readonly number[]): number | undefined {
  if (values.length < 4) return undefined;
  const before = values.slice(-4, -1);
  return values.at(-1)! - before.reduce((a, b) => a + b, 0) / before.length;
}

const NOWCAST = [
  { code: 'A02010201', label: 'Industrial momentum', what: 'industrial value added growth' },
  { code: 'A07010101', label: 'Consumption momentum', what: 'retail sales growth' },
  { code: 'A08010101', label: 'Export momentum', what: 'export growth' },
  { code: 'A0B0101', label: 'Factory sentiment momentum', what: 'the manufacturing PMI' },
] as const;

function nowcastGroup(input: Input<NbsObservation> | undefined, now: number): SignalGroup {
  if (!input) return unavailable('activity-nowcast', 'No China macro snapshot to compare activity from.');
  const fetchMonth = iso(input.fetchedAt).slice(0, 7);
  const items: SignalItem[] = [];
  for (const n of NOWCAST) {
    const s = series(input.rows, n.code);
    const m = momentum(s.map((o) => o.value));
    if (m === undefined) continue;
    const last = s.at(-1)!;
    const inputs = s.slice(-4).map((o) => `macro:${o.indicatorCode}:${o.period}`);
    const direction = m > 0.5 ? 'accelerating' : m < -0.5 ? 'slowing' : 'steady';
    const stale = monthsBetween(last.period, fetchMonth) > MACRO_STALE_MONTHS;
    const signalId = `nowcast:${n.code}:${last.period}`;
    const f: Freshness = {
      retrievedAt: iso(input.fetchedAt),
      assessedAt: iso(now),
      transportStale: input.failed,
      contentStale: stale,
      contentAsOf: last.period,
    };
    items.push({
      id: signalId,
      lineageId: `nowcast:${n.code}`,
      label: n.label,
      summary: `${direction[0]!.toUpperCase()}${direction.slice(1)}: ${n.what} ${fmt(last.value)} in ${last.period}, ${signed(m)} against the mean of the three months before.`,
      sourceName: 'Monitoring Data Service (from NBS monthly indicators)',
      sourceUrl: null,
      publisherType: 'derived_output',
      observedAt: last.period,
      publishedAt: null,
      effectiveAt: last.period,
      retrievedAt: iso(input.fetchedAt),
      stale,
      metadata: { direction, momentum: Math.round(m * 100) / 100 },
      provenance: {
        contractVersion: PROVENANCE_VERSION,
        signalId,
        familyId: 'derived_comparison',
        claims: derivedClaims(f, {
          observed: last.period,
          precision: 'month',
          vintageId: `nbs:${last.period}`,
          method: 'momentum-vs-3-month-mean',
          methodVersion: '1',
          inputSignalIds: inputs,
          classificationScore: 0.6,
          classificationMethod: 'threshold ±0.5 point',
        }),
      },
    });
  }
  if (!items.length) return unavailable('activity-nowcast', 'Fewer than four months of the activity indicators.');
  const state: GroupState =
    input.failed || items.every((i) => i.stale) ? 'stale' : items.length < NOWCAST.length ? 'partial' : 'available';
  return {
    id: 'activity-nowcast',
    state,
    reason:
      state === 'available'
        ? null
        : state === 'stale'
          ? 'The macro figures it compares are stale.'
          : `${items.length} of ${NOWCAST.length} comparisons possible.`,
    items,
    metadata: { method: 'latest vs mean of the three months before' },
  };
}

// ---------------------------------------------------------------- cross-strait activity

const MND: Publisher = {
  id: 'tw-mnd',
  name: 'Ministry of National Defense, R.O.C. (Taiwan)',
  type: 'official_government',
  registryReference: {
    sourceName: 'Ministry of National Defense, R.O.C. (Taiwan)',
    sourceType: 'defence ministry',
    propagandaRisk: 'medium',
  },
};

function crossStraitGroup(input: Input<PlaActivityReport> | undefined, now: number): SignalGroup {
  if (!input || !input.rows.length)
    return unavailable('cross-strait-activity', 'No Taiwan MND PLA activity report is loaded.');
  const newest = input.rows.reduce((m, r) => (r.date > m ? r.date : m), '');
  const isStale = (day: string) => input.fetchedAt - Date.parse(`${day}T00:00:00Z`) > CROSS_STRAIT_STALE_DAYS * DAY_MS;
  const items = [...input.rows]
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, MAX_ITEMS)
    .map((r): SignalItem => {
      const signalId = `cross-strait:${r.date}`;
      const stale = isStale(r.date);
      const f: Freshness = {
        retrievedAt: iso(input.fetchedAt),
        assessedAt: iso(now),
        transportStale: input.failed,
        contentStale: stale,
        contentAsOf: r.date,
      };
      return {
        id: signalId,
        lineageId: 'cross-strait:mnd-daily',
        label: `PLA activity around Taiwan, ${r.date}`,
        summary: `${r.aircraftSorties} aircraft sorties (${r.medianLineCrossings} across the median line or into the ADIZ), ${r.navalVessels} naval vessels, ${r.officialShips} official ships.`,
        sourceName: MND.name,
        sourceUrl: r.url.startsWith('https://') ? r.url : null,
        publisherType: 'official_government',
        observedAt: r.date,
        publishedAt: r.date,
        effectiveAt: null,
        retrievedAt: iso(input.fetchedAt),
        stale,
        metadata: {
          aircraftSorties: r.aircraftSorties,
          medianLineCrossings: r.medianLineCrossings,
          navalVessels: r.navalVessels,
          officialShips: r.officialShips,
        },
        provenance: {
          contractVersion: PROVENANCE_VERSION,
          signalId,
          familyId: 'operational_activity_record',
          claims: activityRecordClaims(MND, f, { sourceUrl: r.url, referenceId: r.url, day: r.date }),
        },
      };
    })
    .filter((i) => i.sourceUrl !== null);
  if (!items.length) return unavailable('cross-strait-activity', 'The MND reports carry no https link.');
  const state: GroupState = input.failed || isStale(newest) ? 'stale' : 'available';
  const window = input.rows.filter((r) => !isStale(r.date));
  return {
    id: 'cross-strait-activity',
    state,
    reason:
      state === 'stale'
        ? input.failed
          ? 'The last MND refresh failed; reports are from the previous one.'
          : `The newest report (${newest}) is more than ${CROSS_STRAIT_STALE_DAYS} days old.`
        : null,
    items,
    metadata: { newestReport: newest, sortiesLast3Days: window.reduce((a, r) => a + r.aircraftSorties, 0) },
  };
}

// ---------------------------------------------------------------- corridor conditions

/** The sea corridors of China's trade the condition is composed for, in item order. */
export const CHINA_CORRIDORS = ['taiwan_strait', 'malacca_strait', 'korea_strait', 'lombok_strait'] as const;
const THREAT_SCORE: Record<string, number> = { war_zone: 1, critical: 0.8, high: 0.6, elevated: 0.4, normal: 0.2 };

function corridorGroup(input: DecisionInputs['corridors'], now: number): SignalGroup {
  if (!input) return unavailable('corridor-conditions', 'No chokepoint registry is loaded.');
  const items = CHINA_CORRIDORS.map((id) => input.rows.find((c) => c.id === id))
    .filter((c): c is CorridorInput => Boolean(c))
    .map((c): SignalItem => {
      const signalId = `corridor:${c.id}:${input.reviewedAt}`;
      const f: Freshness = {
        retrievedAt: iso(input.fetchedAt),
        assessedAt: iso(now),
        transportStale: input.failed,
        contentStale: false,
        contentAsOf: input.reviewedAt,
      };
      return {
        id: signalId,
        lineageId: `corridor:${c.id}`,
        label: c.name,
        summary: `Threat level ${c.threatLevel.replace('_', ' ')}${c.threatDescription ? `: ${c.threatDescription}` : ''}.`,
        sourceName: 'Monitoring Data Service (chokepoint registry)',
        sourceUrl: null,
        publisherType: 'derived_output',
        observedAt: input.reviewedAt,
        publishedAt: null,
        effectiveAt: input.reviewedAt,
        retrievedAt: iso(input.fetchedAt),
        stale: false,
        metadata: { chokepointId: c.id, threatLevel: c.threatLevel },
        provenance: {
          contractVersion: PROVENANCE_VERSION,
          signalId,
          familyId: 'composed_corridor_condition',
          claims: derivedClaims(f, {
            observed: input.reviewedAt,
            precision: 'day',
            vintageId: `registry:${input.reviewedAt}`,
            method: 'corridor-threat-from-registry',
            methodVersion: '1',
            inputSignalIds: [`chokepoint:${c.id}`],
            classificationScore: THREAT_SCORE[c.threatLevel] ?? 0.2,
            classificationMethod: 'curated threat level',
          }),
        },
      };
    });
  if (!items.length) return unavailable('corridor-conditions', 'The registry lists none of the corridors.');
  const state: GroupState = input.failed ? 'stale' : items.length < CHINA_CORRIDORS.length ? 'partial' : 'available';
  return {
    id: 'corridor-conditions',
    state,
    reason:
      state === 'available'
        ? null
        : state === 'stale'
          ? 'The last registry refresh failed.'
          : `${items.length} of ${CHINA_CORRIDORS.length} corridors in the registry.`,
    items,
    metadata: { registryReviewedAt: input.reviewedAt },
  };
}

// ---------------------------------------------------------------- the snapshot

/** Drops items (last group with most items first) until the serialised snapshot fits `max` bytes. */
export function capSnapshot(s: DecisionSnapshot, max = MAX_PAYLOAD_BYTES): DecisionSnapshot {
  const out: DecisionSnapshot = { ...s, groups: s.groups.map((g) => ({ ...g, items: [...g.items] })) };
  const size = () => Buffer.byteLength(JSON.stringify(out));
  while (size() > max) {
    const g = [...out.groups]
      .reverse()
      .reduce<SignalGroup | undefined>(
        (best, x) => (x.items.length > 1 && (!best || x.items.length > best.items.length) ? x : best),
        undefined,
      );
    if (!g) break;
    g.items.pop();
  }
  return out;
}

export function composeDecisionSnapshot(inputs: DecisionInputs): DecisionSnapshot {
  const byId: Record<GroupId, SignalGroup> = {
    macro: macroGroup(inputs.macro, inputs.now),
    'policy-enforcement': policyGroup(inputs.policy, inputs.now),
    'cross-strait-activity': crossStraitGroup(inputs.crossStrait, inputs.now),
    'corporate-disclosures': disclosureGroup(inputs.disclosures, inputs.now),
    'corridor-conditions': corridorGroup(inputs.corridors, inputs.now),
    'activity-nowcast': nowcastGroup(inputs.macro, inputs.now),
  };
  return capSnapshot({
    schemaVersion: 1,
    generatedAt: iso(inputs.now),
    groups: GROUP_IDS.map((id) => byId[id]),
    access: { anonymous: 'bounded_public_summary', pro: 'same_provenance_via_mcp', operator: 'source_health_only' },
  });
}
