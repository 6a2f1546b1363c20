import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { asList, parseXml, textOf } from '../../../../platform/xml.js';
import { parseFaaDuration, severityForDelay, worse, type DelayType, type Severity } from '../rules.js';

export const FAA_STATUS = 'aviation.faa-status';

/** One airport the FAA currently reports a programme or delay for (its worst one). */
export interface FaaDelay {
  iata: string;
  delayType: DelayType;
  severity: Severity;
  avgDelayMinutes: number;
  reason: string;
}

export interface FaaStatusInfo {
  /** The feed's own Update_Time, epoch ms. */
  updatedAt: number;
}

/** Among several reports for one airport, which kind wins on equal severity. */
const TYPE_PRIORITY: Record<DelayType, number> = {
  FLIGHT_DELAY_TYPE_CLOSURE: 5,
  FLIGHT_DELAY_TYPE_GROUND_STOP: 4,
  FLIGHT_DELAY_TYPE_GROUND_DELAY: 3,
  FLIGHT_DELAY_TYPE_ARRIVAL_DELAY: 2,
  FLIGHT_DELAY_TYPE_DEPARTURE_DELAY: 1,
  FLIGHT_DELAY_TYPE_GENERAL: 0,
  FLIGHT_DELAY_TYPE_UNSPECIFIED: 0,
};

/** A listed delay is at least MINOR, whatever its length. */
const listed = (minutes: number): Severity => worse('FLIGHT_DELAY_SEVERITY_MINOR', severityForDelay(minutes));

/**
 * FAA NAS airport status XML -> one record per airport. Ground stops and closures are SEVERE;
 * ground delay programmes use their average delay; arrival/departure delays the midpoint of their
 * range. Entries without an airport code are skipped; an airport listed twice keeps its worst entry.
 */
export function parseFaaStatus(bytes: Buffer): { delays: FaaDelay[]; info: FaaStatusInfo } {
  const doc = parseXml(bytes);
  const root = doc.AIRPORT_STATUS_INFORMATION as Record<string, unknown> | undefined;
  if (!root || typeof root !== 'object') throw new Error('FAA status has no <AIRPORT_STATUS_INFORMATION> element');
  const updatedAt = Date.parse(textOf(root.Update_Time));
  if (!Number.isFinite(updatedAt)) throw new Error('FAA status has no readable Update_Time');
  const found: FaaDelay[] = [];
  const add = (arpt: unknown, delayType: DelayType, severity: Severity, avg: number, reason: unknown) => {
    const iata = textOf(arpt).trim().toUpperCase();
    if (!/^[A-Z0-9]{3,4}$/.test(iata)) return;
    found.push({
      iata,
      delayType,
      severity,
      avgDelayMinutes: Number.isFinite(avg) ? Math.round(avg) : 0,
      reason: textOf(reason).trim(),
    });
  };
  for (const type of asList<Record<string, unknown>>(root.Delay_type)) {
    const gdp = type.Ground_Delay_List as Record<string, unknown> | undefined;
    for (const g of asList<Record<string, unknown>>(gdp?.Ground_Delay)) {
      const avg = parseFaaDuration(textOf(g.Avg));
      add(g.ARPT, 'FLIGHT_DELAY_TYPE_GROUND_DELAY', listed(avg), avg, g.Reason);
    }
    const stops = type.Ground_Stop_List as Record<string, unknown> | undefined;
    for (const s of asList<Record<string, unknown>>(stops?.Program)) {
      add(s.ARPT, 'FLIGHT_DELAY_TYPE_GROUND_STOP', 'FLIGHT_DELAY_SEVERITY_SEVERE', 0, s.Reason);
    }
    const general = type.Arrival_Departure_Delay_List as Record<string, unknown> | undefined;
    for (const d of asList<Record<string, unknown>>(general?.Delay)) {
      for (const ad of asList<Record<string, unknown>>(d.Arrival_Departure)) {
        const min = parseFaaDuration(textOf(ad.Min));
        const max = parseFaaDuration(textOf(ad.Max));
        const mid = Number.isFinite(min) && Number.isFinite(max) ? (min + max) / 2 : Number.isFinite(max) ? max : min;
        const kind = String(ad['@_Type'] ?? '').toLowerCase();
        const delayType: DelayType =
          kind === 'arrival'
            ? 'FLIGHT_DELAY_TYPE_ARRIVAL_DELAY'
            : kind === 'departure'
              ? 'FLIGHT_DELAY_TYPE_DEPARTURE_DELAY'
              : 'FLIGHT_DELAY_TYPE_GENERAL';
        add(d.ARPT, delayType, listed(mid), mid, d.Reason);
      }
    }
    const closures = type.Airport_Closure_List as Record<string, unknown> | undefined;
    for (const c of asList<Record<string, unknown>>(closures?.Airport)) {
      add(c.ARPT, 'FLIGHT_DELAY_TYPE_CLOSURE', 'FLIGHT_DELAY_SEVERITY_SEVERE', 0, c.Reason);
    }
  }
  const byAirport = new Map<string, FaaDelay>();
  for (const d of found) {
    const prev = byAirport.get(d.iata);
    if (!prev || isWorse(d, prev)) byAirport.set(d.iata, d);
  }
  return { delays: [...byAirport.values()].sort((a, b) => (a.iata < b.iata ? -1 : 1)), info: { updatedAt } };
}

function isWorse(a: FaaDelay, b: FaaDelay): boolean {
  if (a.severity !== b.severity) return worse(b.severity, a.severity) === a.severity;
  if (TYPE_PRIORITY[a.delayType] !== TYPE_PRIORITY[b.delayType])
    return TYPE_PRIORITY[a.delayType] > TYPE_PRIORITY[b.delayType];
  return a.avgDelayMinutes > b.avgDelayMinutes;
}

export const faaStatusDataset: Dataset<FaaDelay, FaaStatusInfo> = {
  name: FAA_STATUS,
  source: 'FAA Air Traffic Control System Command Center (NAS status)',
  kind: 'live',
  maxStaleMinutes: 60,
  // A calm day lists no airport at all; the feed's timestamp still proves it is current.
  allowEmpty: true,
  minRetainedRatio: 0,
  sources: {
    status: {
      url: 'https://nasstatus.faa.gov/api/airport-status-information',
      sample: 'aviation/faa-airport-status.xml',
      headers: () => ({ accept: 'application/xml' }),
    },
  },
  parse(payloads) {
    const { delays, info } = parseFaaStatus(payloads.status!);
    return { records: delays, info };
  },
};
