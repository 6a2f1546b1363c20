import { haversineKm } from '../../../platform/geo.js';
import type { FlightInstance } from '../../aviation/index.js';
import type { PortActivity } from '../../../sources/portwatch/port-activity.js';
import type { NaturalEvent } from '../../natural/index.js';
import type { ComtradeFlow } from '../../trade/index.js';
import type { OilRecord } from '../energy/datasets/oil-balances.js';
import type { ShippingIndex } from '../freight/schemas.js';
import { CORRIDOR_IDS, type CorridorDef, type Family } from './datasets/corridors.js';
import type { ChinaPortsInfo } from './datasets/china-ports.js';
import {
  DISRUPTION_DELAY_MINUTES,
  FRESHNESS_BUDGET_MS,
  HAZARD_RADIUS_KM,
  contentFreshness,
  hubBalance,
  insidePolygon,
  signalAvailability,
  transportOf,
  trendOfChange,
  type InputSnapshot,
  type Precision,
  type SourceSignal,
  type Trend,
} from './rules.js';

/**
 * Family adapters: each reads one or two existing snapshots and says, per corridor, what its
 * signals are. A signal carries its trend next to it for the nowcast; the trend is also in metrics.
 */
export type TrendedSignal = SourceSignal & { trend: Trend };

export interface CorridorInputs {
  ports?: InputSnapshot<PortActivity, ChinaPortsInfo>;
  flights?: InputSnapshot<FlightInstance, { readAt?: number }>;
  hazards?: InputSnapshot<NaturalEvent>;
  oil?: InputSnapshot<OilRecord>;
  comtrade?: InputSnapshot<ComtradeFlow>;
  shipping?: InputSnapshot<ShippingIndex>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const DAY = 86_400_000;

interface Base {
  id: string;
  family: Family;
  selectorId: string;
  corridorIds: CorridorDef['id'][];
  publisher: SourceSignal['publisher'];
  sourceUrl: string | null;
  sourceScope: SourceSignal['sourceScope'];
}

function signal(
  base: Base,
  input: { fetchedAt: number; failing: boolean } | undefined,
  observed: { time: string | null; precision: Precision; until?: number } | undefined,
  budgetMs: number,
  assessedAt: number,
  summary: string,
  metrics: SourceSignal['metrics'],
  trend: Trend,
): TrendedSignal {
  const transportFreshness = transportOf(input);
  const contentFreshnessValue =
    !input || !observed ? 'unavailable' : contentFreshness(observed.until, budgetMs, assessedAt);
  return {
    ...base,
    availability: signalAvailability(transportFreshness, contentFreshnessValue),
    observationTime: observed?.time ?? null,
    observationTimePrecision: observed?.precision ?? 'unknown',
    releaseTime: null,
    releaseTimePrecision: 'unknown',
    retrievalTime: input ? iso(input.fetchedAt) : null,
    retrievalTimePrecision: input ? 'instant' : 'unknown',
    revision: null,
    transportFreshness,
    contentFreshness: contentFreshnessValue,
    summary,
    metrics: { ...metrics, trend },
    trend,
  };
}

const PORTWATCH = { id: 'imf-portwatch', name: 'IMF PortWatch', type: 'official' } as const;
const AVIATIONSTACK = { id: 'aviationstack', name: 'AviationStack', type: 'market' } as const;
const EONET = { id: 'nasa-eonet', name: 'NASA EONET', type: 'official' } as const;
const JODI = { id: 'jodi-oil', name: 'Joint Organisations Data Initiative (JODI-Oil)', type: 'official' } as const;
const COMTRADE = { id: 'un-comtrade', name: 'UN Comtrade', type: 'official' } as const;
const SSE = { id: 'shanghai-shipping-exchange', name: 'Shanghai Shipping Exchange', type: 'market' } as const;

/** Port nodes: 30-day tanker calls against the 30 days before. */
export function portSignals(
  corridor: CorridorDef,
  ports: CorridorInputs['ports'],
  assessedAt: number,
): TrendedSignal[] {
  const byName = new Map((ports?.records ?? []).map((p) => [p.portName.toLowerCase(), p]));
  return corridor.nodes.flatMap((node) => {
    if (node.sourceSelector?.family !== 'port') return [];
    const p = byName.get(node.sourceSelector.id.toLowerCase());
    const base: Base = {
      id: `port:${node.id}`,
      family: 'port',
      selectorId: node.sourceSelector.id,
      corridorIds: [corridor.id],
      publisher: PORTWATCH,
      sourceUrl: 'https://portwatch.imf.org/',
      sourceScope: 'node',
    };
    if (!ports || !p)
      return [
        signal(
          base,
          ports,
          undefined,
          FRESHNESS_BUDGET_MS.portwatch,
          assessedAt,
          `${node.name}: no PortWatch rows`,
          {},
          'unknown',
        ),
      ];
    const day = ports.info.latestDay;
    const trend = trendOfChange(p.trendDeltaPct);
    return [
      signal(
        base,
        ports,
        { time: iso(day).slice(0, 10), precision: 'day', until: day + DAY },
        FRESHNESS_BUDGET_MS.portwatch,
        assessedAt,
        `${node.name}: ${p.tankerCalls30d} tanker calls in 30 days, ${p.trendDeltaPct >= 0 ? '+' : ''}${p.trendDeltaPct}% on the 30 days before`,
        { tankerCalls30d: p.tankerCalls30d, trendDeltaPct: p.trendDeltaPct },
        trend,
      ),
    ];
  });
}

/** Airport nodes: the share of departures in the feed that left normally. */
export function aviationSignals(
  corridor: CorridorDef,
  flights: CorridorInputs['flights'],
  assessedAt: number,
): TrendedSignal[] {
  return corridor.nodes.flatMap((node) => {
    if (node.sourceSelector?.family !== 'aviation') return [];
    const iata = node.sourceSelector.id;
    const base: Base = {
      id: `aviation:${node.id}`,
      family: 'aviation',
      selectorId: iata,
      corridorIds: [corridor.id],
      publisher: AVIATIONSTACK,
      sourceUrl: 'https://aviationstack.com/',
      sourceScope: 'node',
    };
    const departures = (flights?.records ?? []).filter((f) => f.origin.iata === iata);
    if (!flights || departures.length === 0)
      return [
        signal(
          base,
          flights,
          undefined,
          FRESHNESS_BUDGET_MS.aviation,
          assessedAt,
          `${iata}: no departures in the flight feed`,
          {},
          'unknown',
        ),
      ];
    const disrupted = departures.filter(
      (f) =>
        f.status === 'FLIGHT_INSTANCE_STATUS_CANCELLED' ||
        f.status === 'FLIGHT_INSTANCE_STATUS_DIVERTED' ||
        f.delayMinutes >= DISRUPTION_DELAY_MINUTES,
    ).length;
    const balance = hubBalance(departures.length, disrupted)!;
    const readAt = flights.info.readAt ?? flights.fetchedAt;
    return [
      signal(
        base,
        flights,
        { time: iso(readAt), precision: 'instant', until: readAt },
        FRESHNESS_BUDGET_MS.aviation,
        assessedAt,
        `${iata}: ${disrupted} of ${departures.length} departures cancelled, diverted or ${DISRUPTION_DELAY_MINUTES}+ minutes late`,
        { departures: departures.length, disrupted, balance: Math.round(balance * 1000) / 1000 },
        balance > 0 ? 'strengthening' : balance < 0 ? 'weakening' : 'flat',
      ),
    ];
  });
}

/** Open natural hazards inside the corridor or within reach of one of its nodes; "none active" is a signal too. */
export function hazardSignals(
  corridor: CorridorDef,
  hazards: CorridorInputs['hazards'],
  assessedAt: number,
): TrendedSignal[] {
  const base = (id: string, selectorId: string): Base => ({
    id,
    family: 'hazard',
    selectorId,
    corridorIds: [corridor.id],
    publisher: EONET,
    sourceUrl: 'https://eonet.gsfc.nasa.gov/',
    sourceScope: 'regional',
  });
  if (!hazards)
    return [
      signal(
        base(`hazard:${corridor.id}`, corridor.id),
        undefined,
        undefined,
        FRESHNESS_BUDGET_MS.hazard,
        assessedAt,
        'no natural-hazard snapshot',
        {},
        'unknown',
      ),
    ];
  const near = hazards.records.filter((e) => {
    if (e.closed) return false;
    if (insidePolygon(e.lat, e.lon, corridor.boundary)) return true;
    return corridor.nodes.some((n) => haversineKm(n.lat, n.lon, e.lat, e.lon) <= HAZARD_RADIUS_KM);
  });
  if (near.length === 0) {
    return [
      signal(
        base(`hazard:${corridor.id}`, corridor.id),
        hazards,
        { time: iso(hazards.fetchedAt), precision: 'instant', until: hazards.fetchedAt },
        FRESHNESS_BUDGET_MS.hazard,
        assessedAt,
        `no open natural hazard within ${HAZARD_RADIUS_KM} km`,
        { activeEvents: 0 },
        'flat',
      ),
    ];
  }
  return near.map((e) =>
    signal(
      base(`hazard:${e.id}`, e.id),
      hazards,
      { time: iso(e.date), precision: 'instant', until: e.date },
      FRESHNESS_BUDGET_MS.hazard,
      assessedAt,
      `${e.title} (${e.categoryTitle})`,
      { category: e.category, lat: e.lat, lon: e.lon },
      'weakening',
    ),
  );
}

/** China's crude imports and oil-product demand, latest JODI month (national; no base month in the snapshot, so no trend). */
export function energySignals(oil: CorridorInputs['oil'], assessedAt: number): TrendedSignal[] {
  const base: Base = {
    id: 'power_energy:jodi-CN',
    family: 'power_energy',
    selectorId: 'CN',
    corridorIds: [...CORRIDOR_IDS],
    publisher: JODI,
    sourceUrl: 'https://www.jodidata.org/oil/',
    sourceScope: 'national',
  };
  const rows = (oil?.records ?? []).filter((r) => r.kind === 'jodi' && r.iso2 === 'CN');
  if (!oil || rows.length === 0)
    return [
      signal(base, oil, undefined, FRESHNESS_BUDGET_MS.energy, assessedAt, 'no JODI figures for China', {}, 'unknown'),
    ];
  const period = rows.reduce((m, r) => (r.period > m ? r.period : m), '');
  const latest = rows.filter((r) => r.period === period && r.kind === 'jodi');
  const crude = latest.find((r) => r.kind === 'jodi' && r.product === 'CRUDEOIL' && r.flow === 'IMPORTS');
  const demand = latest
    .filter((r) => r.kind === 'jodi' && r.flow === 'TOTDEMO')
    .reduce((s, r) => s + (r.kind === 'jodi' ? r.kbd : 0), 0);
  const [y, m] = period.split('-').map(Number);
  return [
    signal(
      base,
      oil,
      { time: period, precision: 'month', until: Date.UTC(y!, m!, 1) },
      FRESHNESS_BUDGET_MS.energy,
      assessedAt,
      `China ${period}: crude imports ${crude && crude.kind === 'jodi' ? crude.kbd : 'n/a'} kb/d, oil-product demand ${demand} kb/d`,
      { period, crudeImportsKbd: crude && crude.kind === 'jodi' ? crude.kbd : null, productDemandKbd: demand },
      'unknown',
    ),
  ];
}

/** China's strategic-goods exports (Comtrade, year on year) and the CCFI container rate change. */
export function tradeSignals(
  comtrade: CorridorInputs['comtrade'],
  shipping: CorridorInputs['shipping'],
  assessedAt: number,
): TrendedSignal[] {
  const out: TrendedSignal[] = [];
  const cBase: Base = {
    id: 'trade:comtrade-CN-exports',
    family: 'trade',
    selectorId: '156',
    corridorIds: [...CORRIDOR_IDS],
    publisher: COMTRADE,
    sourceUrl: 'https://comtradeplus.un.org/',
    sourceScope: 'national',
  };
  const exports = (comtrade?.records ?? []).filter(
    (r) => r.reporterCode === '156' && r.partnerCode === '0' && r.flowCode === 'X',
  );
  const year = exports.reduce((m, r) => Math.max(m, r.year), 0);
  const byCode = (y: number) => new Map(exports.filter((r) => r.year === y).map((r) => [r.cmdCode, r.tradeValueUsd]));
  const now = byCode(year);
  const before = byCode(year - 1);
  const codes = [...now.keys()].filter((c) => before.has(c));
  if (!comtrade || codes.length === 0)
    out.push(
      signal(
        cBase,
        comtrade,
        undefined,
        FRESHNESS_BUDGET_MS.comtrade,
        assessedAt,
        'no two consecutive years of Chinese exports',
        {},
        'unknown',
      ),
    );
  else {
    const cur = codes.reduce((s, c) => s + now.get(c)!, 0);
    const prev = codes.reduce((s, c) => s + before.get(c)!, 0);
    const pct = prev > 0 ? Math.round(((cur - prev) / prev) * 1000) / 10 : undefined;
    out.push(
      signal(
        cBase,
        comtrade,
        { time: String(year), precision: 'year', until: Date.UTC(year + 1, 0, 1) },
        FRESHNESS_BUDGET_MS.comtrade,
        assessedAt,
        `China's exports of ${codes.length} strategic HS codes ${year}: ${pct === undefined ? 'n/a' : `${pct >= 0 ? '+' : ''}${pct}%`} on ${year - 1}`,
        { year, codes: codes.length, exportsUsd: cur, yoyPct: pct ?? null },
        trendOfChange(pct),
      ),
    );
  }
  const sBase: Base = {
    id: 'trade:sse-ccfi',
    family: 'trade',
    selectorId: 'CCFI',
    corridorIds: [...CORRIDOR_IDS],
    publisher: SSE,
    sourceUrl: 'https://en.sse.net.cn/indices/ccfinew.jsp',
    sourceScope: 'national',
  };
  const ccfi = shipping?.records.find((i) => i.indexId === 'CCFI');
  const date = ccfi?.history.at(-1)?.date;
  if (!shipping || !ccfi || !date || ccfi.periodChangePct === undefined)
    out.push(
      signal(
        sBase,
        shipping,
        undefined,
        FRESHNESS_BUDGET_MS.ccfi,
        assessedAt,
        'no dated CCFI publication',
        {},
        'unknown',
      ),
    );
  else {
    out.push(
      signal(
        sBase,
        shipping,
        { time: date, precision: 'day', until: Date.parse(`${date}T00:00:00Z`) + DAY },
        FRESHNESS_BUDGET_MS.ccfi,
        assessedAt,
        `CCFI ${ccfi.currentValue} on ${date}, ${ccfi.periodChangePct >= 0 ? '+' : ''}${ccfi.periodChangePct}% on the previous publication`,
        { value: ccfi.currentValue, periodChangePct: ccfi.periodChangePct },
        trendOfChange(ccfi.periodChangePct, 0),
      ),
    );
  }
  return out;
}
