import type { Snapshot, SnapshotStore } from '../../platform/snapshots/store.js';
import { resolveCountry } from '../../reference/countries.js';
import type { WtoObservation } from '../../sources/wto/timeseries.js';
import { COMTRADE_FLOWS, isStrategicFlow, type ComtradeFlow } from './datasets/comtrade-flows.js';
import { CUSTOMS_REVENUE } from './datasets/customs-revenue.js';
import { WTO, WTO_INDICATORS } from './datasets/wto-indicators.js';
import {
  DEFAULT_YEARS,
  flowYears,
  isComtradeAnomaly,
  latestWithin,
  listLimit,
  round,
  tariffBand,
  tariffGap,
  yearWindow,
  yoyRatio,
  type YearValue,
} from './rules.js';
import type {
  ComtradeFlowRecord,
  CustomsRevenueMonth,
  GetCustomsRevenueResponse,
  GetTariffTrendsRequest,
  GetTariffTrendsResponse,
  GetTradeBarriersRequest,
  GetTradeBarriersResponse,
  GetTradeFlowsRequest,
  GetTradeFlowsResponse,
  GetTradeRestrictionsRequest,
  GetTradeRestrictionsResponse,
  ListComtradeFlowsRequest,
  ListComtradeFlowsResponse,
  TariffDataPoint,
  TradeFlowRecord,
} from './schemas.js';

type TradeRestriction = GetTradeRestrictionsResponse['restrictions'][number];
type TradeBarrier = GetTradeBarriersResponse['barriers'][number];

const WTO_STATS_URL = 'https://stats.wto.org';
/** The latest value of an indicator counts when it is at most this many years older than the newest. */
const LATEST_SPAN_YEARS = 3;
const DEFAULT_REPORTER = '840';
const WORLD = '000';

const iso = (ms: number) => new Date(ms).toISOString();

/** Everything the WTO operations need, derived once per snapshot version. */
interface WtoViews {
  names: Map<string, string>;
  /** Reporter code -> ISO alpha-2 of its WTO name, where the country table knows it. */
  alpha2: Map<string, string | undefined>;
  series: Map<string, Map<string, YearValue[]>>;
  restrictions: TradeRestriction[];
  barriers: TradeBarrier[];
  tariffs: Map<string, TariffDataPoint[]>;
  flows: Map<string, TradeFlowRecord[]>;
}

function wtoViews(snapshot: Snapshot<WtoObservation, unknown>): WtoViews {
  return snapshot.derive('trade-views', (s) => {
    const names = new Map<string, string>();
    const series = new Map<string, Map<string, YearValue[]>>();
    for (const o of s.records) {
      names.set(o.reporterCode, o.reporterName);
      let byReporter = series.get(o.indicator);
      if (!byReporter) series.set(o.indicator, (byReporter = new Map()));
      let points = byReporter.get(o.reporterCode);
      if (!points) byReporter.set(o.reporterCode, (points = []));
      points.push({ year: o.year, value: o.value });
    }
    for (const byReporter of series.values())
      for (const points of byReporter.values()) points.sort((a, b) => a.year - b.year);
    const of = (indicator: string) => series.get(indicator) ?? new Map<string, YearValue[]>();

    const restrictions = [...latestWithin(of(WTO.mfnAllProducts), LATEST_SPAN_YEARS)]
      .map(([code, p]) => ({ code, p }))
      .sort((a, b) => b.p.value - a.p.value || (a.code < b.code ? -1 : 1))
      .map(({ code, p }) => ({
        id: `${code}-${p.year}-${WTO.mfnAllProducts}`,
        reportingCountry: names.get(code) ?? code,
        affectedCountry: 'All trading partners',
        productSector: 'All products',
        measureType: 'WTO MFN Baseline',
        description: `WTO MFN baseline: ${p.value.toFixed(1)}%`,
        status: tariffBand(p.value),
        notifiedAt: String(p.year),
        sourceUrl: WTO_STATS_URL,
      }));

    const agri = latestWithin(of(WTO.mfnAgricultural), LATEST_SPAN_YEARS);
    const nonAgri = latestWithin(of(WTO.mfnNonAgricultural), LATEST_SPAN_YEARS);
    const barriers = [...agri]
      .filter(([code]) => nonAgri.has(code))
      .map(([code, a]) => ({ code, year: a.year, g: tariffGap(a.value, nonAgri.get(code)!.value) }))
      .sort((x, y) => y.g.gap - x.g.gap || (x.code < y.code ? -1 : 1))
      .map(({ code, year, g }) => ({
        id: `${code}-tariff-gap-${year}`,
        notifyingCountry: names.get(code) ?? code,
        title: g.title,
        measureType: g.measureType,
        productDescription: 'Agricultural vs non-agricultural products',
        objective: g.objective,
        status: g.status,
        dateDistributed: String(year),
        sourceUrl: WTO_STATS_URL,
      }));

    const tariffs = new Map<string, TariffDataPoint[]>();
    for (const [code, points] of of(WTO.mfnAllProducts)) {
      tariffs.set(
        code,
        points.map((p) => ({
          reportingCountry: names.get(code) ?? code,
          partnerCountry: 'World',
          productSector: 'All products',
          year: p.year,
          tariffRate: round(p.value, 2),
          boundRate: 0,
          indicatorCode: WTO.mfnAllProducts,
        })),
      );
    }

    const flows = new Map<string, TradeFlowRecord[]>();
    const imports = of(WTO.merchandiseImports);
    for (const [code, exp] of of(WTO.merchandiseExports)) {
      const imp = imports.get(code);
      if (!imp) continue;
      const years = flowYears(new Map(exp.map((p) => [p.year, p.value])), new Map(imp.map((p) => [p.year, p.value])));
      if (years.length === 0) continue;
      flows.set(
        code,
        years.map((y) => ({
          reportingCountry: names.get(code) ?? code,
          partnerCountry: 'World',
          year: y.year,
          exportValueUsd: y.exports,
          importValueUsd: y.imports,
          yoyExportChange: y.yoyExportChange,
          yoyImportChange: y.yoyImportChange,
          productSector: 'Total merchandise',
        })),
      );
    }
    const alpha2 = new Map([...names].map(([code, name]) => [code, resolveCountry(name)?.alpha2]));
    return { names, alpha2, series, restrictions, barriers, tariffs, flows };
  });
}

/**
 * A reporter filter: WTO codes match directly, anything else through the country table (ISO codes,
 * names, aliases) against the reporter's WTO name. Unresolvable entries match nothing.
 */
function reporterMatcher(
  countries: readonly string[] | undefined,
  reporterAlpha2: ReadonlyMap<string, string | undefined>,
) {
  if (!countries || countries.length === 0) return () => true;
  const codes = new Set<string>();
  const alpha2 = new Set<string>();
  for (const c of countries) {
    if (/^\d{1,3}$/.test(c)) codes.add(c.padStart(3, '0'));
    else {
      const hit = resolveCountry(c);
      if (hit) alpha2.add(hit.alpha2);
    }
  }
  return (code: string) => codes.has(code) || alpha2.has(reporterAlpha2.get(code) ?? '');
}

const codeOfId = (id: string) => id.slice(0, 3);

export function getTradeRestrictions(
  store: SnapshotStore,
  req: GetTradeRestrictionsRequest,
  now: number,
): GetTradeRestrictionsResponse {
  const snapshot = store.read<WtoObservation>(WTO_INDICATORS);
  if (!snapshot) return { restrictions: [], fetchedAt: iso(now), upstreamUnavailable: true };
  const views = wtoViews(snapshot);
  const keep = reporterMatcher(req.countries, views.alpha2);
  return {
    restrictions: views.restrictions.filter((r) => keep(codeOfId(r.id))).slice(0, listLimit(req.limit)),
    fetchedAt: iso(snapshot.capturedAt),
    upstreamUnavailable: false,
  };
}

export function getTradeBarriers(
  store: SnapshotStore,
  req: GetTradeBarriersRequest,
  now: number,
): GetTradeBarriersResponse {
  const snapshot = store.read<WtoObservation>(WTO_INDICATORS);
  if (!snapshot) return { barriers: [], fetchedAt: iso(now), upstreamUnavailable: true };
  const views = wtoViews(snapshot);
  const keep = reporterMatcher(req.countries, views.alpha2);
  const measure = req.measure_type?.trim().toLowerCase();
  return {
    barriers: views.barriers
      .filter((b) => keep(codeOfId(b.id)) && (!measure || b.measureType.toLowerCase().includes(measure)))
      .slice(0, listLimit(req.limit)),
    fetchedAt: iso(snapshot.capturedAt),
    upstreamUnavailable: false,
  };
}

export function getTariffTrends(store: SnapshotStore, req: GetTariffTrendsRequest): GetTariffTrendsResponse {
  const empty = (
    reason: GetTariffTrendsResponse['unavailableReason'],
    upstreamUnavailable: boolean,
  ): GetTariffTrendsResponse => ({
    datapoints: [],
    fetchedAt: '',
    upstreamUnavailable,
    unavailableReason: reason,
    coverageStartYear: 0,
    coverageEndYear: 0,
  });
  const sector = (req.product_sector ?? '').toLowerCase();
  if (sector !== '' && sector !== 'all') return empty('TARIFF_TREND_UNAVAILABLE_REASON_NOT_COVERED', false);
  const snapshot = store.read<WtoObservation>(WTO_INDICATORS);
  if (!snapshot) return empty('TARIFF_TREND_UNAVAILABLE_REASON_COVERAGE_UNKNOWN', true);
  const points = wtoViews(snapshot).tariffs.get(req.reporting_country || DEFAULT_REPORTER);
  if (!points) return empty('TARIFF_TREND_UNAVAILABLE_REASON_NOT_COVERED', false);
  const datapoints = yearWindow(points, req.years || DEFAULT_YEARS);
  return {
    datapoints,
    fetchedAt: iso(snapshot.capturedAt),
    upstreamUnavailable: false,
    unavailableReason: 'TARIFF_TREND_UNAVAILABLE_REASON_UNSPECIFIED',
    coverageStartYear: datapoints[0].year,
    coverageEndYear: datapoints[datapoints.length - 1].year,
  };
}

export function getTradeFlows(store: SnapshotStore, req: GetTradeFlowsRequest): GetTradeFlowsResponse {
  const empty = (
    reason: GetTradeFlowsResponse['unavailableReason'],
    upstreamUnavailable: boolean,
  ): GetTradeFlowsResponse => ({
    flows: [],
    fetchedAt: '',
    upstreamUnavailable,
    unavailableReason: reason,
    coverageStartYear: 0,
    coverageEndYear: 0,
  });
  if ((req.partner_country || WORLD) !== WORLD) return empty('TRADE_FLOW_UNAVAILABLE_REASON_NOT_COVERED', false);
  const snapshot = store.read<WtoObservation>(WTO_INDICATORS);
  if (!snapshot) return empty('TRADE_FLOW_UNAVAILABLE_REASON_COVERAGE_UNKNOWN', true);
  const rows = wtoViews(snapshot).flows.get(req.reporting_country || DEFAULT_REPORTER);
  if (!rows) return empty('TRADE_FLOW_UNAVAILABLE_REASON_NOT_COVERED', false);
  const flows = yearWindow(rows, req.years || DEFAULT_YEARS);
  return {
    flows,
    fetchedAt: iso(snapshot.capturedAt),
    upstreamUnavailable: false,
    unavailableReason: 'TRADE_FLOW_UNAVAILABLE_REASON_UNSPECIFIED',
    coverageStartYear: flows[0].year,
    coverageEndYear: flows[flows.length - 1].year,
  };
}

export function getCustomsRevenue(store: SnapshotStore, now: number): GetCustomsRevenueResponse {
  const snapshot = store.read<CustomsRevenueMonth>(CUSTOMS_REVENUE);
  if (!snapshot || snapshot.records.length === 0) return { months: [], fetchedAt: iso(now), upstreamUnavailable: true };
  return { months: [...snapshot.records], fetchedAt: iso(snapshot.capturedAt), upstreamUnavailable: false };
}

/**
 * Comtrade rows -> one record per (reporter, HS code, year): the World rows of both flows summed
 * (bilateral rows summed when a flow has no World row), with the change on the previous year.
 */
export function comtradeRecords(rows: readonly ComtradeFlow[]): ComtradeFlowRecord[] {
  interface Acc {
    reporterCode: string;
    reporterName: string;
    cmdCode: string;
    cmdDesc: string;
    year: number;
    world: Map<string, [number, number]>;
    partners: Map<string, [number, number]>;
  }
  const groups = new Map<string, Acc>();
  for (const r of rows) {
    const key = `${r.reporterCode}|${r.cmdCode}|${r.year}`;
    let g = groups.get(key);
    if (!g)
      groups.set(
        key,
        (g = {
          reporterCode: r.reporterCode,
          reporterName: r.reporterName,
          cmdCode: r.cmdCode,
          cmdDesc: r.cmdDesc,
          year: r.year,
          world: new Map(),
          partners: new Map(),
        }),
      );
    const bucket = r.partnerCode === '0' ? g.world : g.partners;
    const [v, w] = bucket.get(r.flowCode) ?? [0, 0];
    bucket.set(r.flowCode, [v + r.tradeValueUsd, w + r.netWeightKg]);
  }
  const totals = [...groups.values()].map((g) => {
    let value = 0;
    let weight = 0;
    for (const flow of ['X', 'M']) {
      const [v, w] = g.world.get(flow) ?? g.partners.get(flow) ?? [0, 0];
      value += v;
      weight += w;
    }
    return { g, value: round(value, 2), weight: round(weight, 0) };
  });
  const byKey = new Map(totals.map((t) => [`${t.g.reporterCode}|${t.g.cmdCode}|${t.g.year}`, t.value]));
  return totals
    .map(({ g, value, weight }) => {
      const yoy = yoyRatio(value, byKey.get(`${g.reporterCode}|${g.cmdCode}|${g.year - 1}`));
      return {
        reporterCode: g.reporterCode,
        reporterName: g.reporterName,
        partnerCode: WORLD,
        partnerName: 'World',
        cmdCode: g.cmdCode,
        cmdDesc: g.cmdDesc,
        year: g.year,
        tradeValueUsd: value,
        netWeightKg: weight,
        yoyChange: yoy,
        isAnomaly: isComtradeAnomaly(yoy),
      };
    })
    .sort(
      (a, b) =>
        b.year - a.year ||
        Math.abs(b.yoyChange) - Math.abs(a.yoyChange) ||
        (a.reporterCode + a.cmdCode < b.reporterCode + b.cmdCode ? -1 : 1),
    );
}

export function listComtradeFlows(store: SnapshotStore, req: ListComtradeFlowsRequest): ListComtradeFlowsResponse {
  const snapshot = store.read<ComtradeFlow>(COMTRADE_FLOWS);
  if (!snapshot) return { flows: [], fetchedAt: '', upstreamUnavailable: true };
  const all = snapshot.derive('comtrade-records', (s) => comtradeRecords(s.records.filter(isStrategicFlow)));
  const reporter = req.reporter_code ? String(Number(req.reporter_code)) : undefined;
  return {
    flows: all.filter(
      (f) =>
        (!reporter || f.reporterCode === reporter) &&
        (!req.cmd_code || f.cmdCode === req.cmd_code) &&
        (!req.anomalies_only || f.isAnomaly),
    ),
    fetchedAt: iso(snapshot.capturedAt),
    upstreamUnavailable: false,
  };
}
