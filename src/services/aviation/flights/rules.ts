/** Flight identity and status: flight numbers, dates, provider statuses. */

/**
 * Canonical flight number: upper case, no spaces, no leading zeros after the airline prefix
 * (`tk 01952` -> `TK1952`). Values that do not look like a flight number come back upper-cased.
 */
export function normaliseFlightNumber(raw: string): string {
  const s = raw.replace(/\s+/g, '').toUpperCase();
  const m = /^([A-Z0-9]{2}[A-Z]?)(\d+[A-Z]?)$/.exec(s);
  if (!m || !/[A-Z]/.test(m[1])) return s;
  const digits = m[2].replace(/^0+(?=\d)/, '');
  return m[1] + digits;
}

/** `YYYY-MM-DD` naming a real calendar day. */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export const FLIGHT_STATUSES = [
  'FLIGHT_INSTANCE_STATUS_UNSPECIFIED',
  'FLIGHT_INSTANCE_STATUS_SCHEDULED',
  'FLIGHT_INSTANCE_STATUS_BOARDING',
  'FLIGHT_INSTANCE_STATUS_DEPARTED',
  'FLIGHT_INSTANCE_STATUS_AIRBORNE',
  'FLIGHT_INSTANCE_STATUS_LANDED',
  'FLIGHT_INSTANCE_STATUS_ARRIVED',
  'FLIGHT_INSTANCE_STATUS_CANCELLED',
  'FLIGHT_INSTANCE_STATUS_DIVERTED',
  'FLIGHT_INSTANCE_STATUS_UNKNOWN',
] as const;
export type FlightStatus = (typeof FLIGHT_STATUSES)[number];

/** AviationStack `flight_status` -> contract status. */
export function flightStatusOf(s: string | null | undefined): FlightStatus {
  switch ((s ?? '').toLowerCase()) {
    case 'scheduled':
      return 'FLIGHT_INSTANCE_STATUS_SCHEDULED';
    case 'active':
      return 'FLIGHT_INSTANCE_STATUS_AIRBORNE';
    case 'landed':
      return 'FLIGHT_INSTANCE_STATUS_LANDED';
    case 'cancelled':
      return 'FLIGHT_INSTANCE_STATUS_CANCELLED';
    case 'diverted':
      return 'FLIGHT_INSTANCE_STATUS_DIVERTED';
    default:
      return 'FLIGHT_INSTANCE_STATUS_UNKNOWN';
  }
}

/** A departure counts as delayed from this many minutes. */
export const DELAYED_MINUTES = 15;

export interface CarrierDepartures {
  carrier: { iataCode: string; icaoCode: string; name: string };
  delayMinutes: number;
  cancelled: boolean;
}

export interface CarrierOps {
  carrier: { iataCode: string; icaoCode: string; name: string };
  totalFlights: number;
  delayedCount: number;
  cancelledCount: number;
  avgDelayMinutes: number;
  delayPct: number;
  cancellationRate: number;
}

const oneDecimal = (v: number) => Math.round(v * 10) / 10;

/** Departures of one airport grouped by operating carrier (IATA code), worst cancellation rate first. */
export function carrierOps(departures: readonly CarrierDepartures[], minFlights: number): CarrierOps[] {
  const groups = new Map<string, CarrierDepartures[]>();
  for (const d of departures) {
    const key = d.carrier.iataCode || d.carrier.icaoCode || d.carrier.name;
    if (!key) continue;
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  const out: CarrierOps[] = [];
  for (const list of groups.values()) {
    if (list.length < minFlights) continue;
    const flown = list.filter((d) => !d.cancelled);
    const delayed = flown.filter((d) => d.delayMinutes >= DELAYED_MINUTES).length;
    const cancelled = list.length - flown.length;
    out.push({
      carrier: list[0]!.carrier,
      totalFlights: list.length,
      delayedCount: delayed,
      cancelledCount: cancelled,
      avgDelayMinutes: flown.length ? Math.round(flown.reduce((s, d) => s + d.delayMinutes, 0) / flown.length) : 0,
      delayPct: flown.length ? oneDecimal((delayed / flown.length) * 100) : 0,
      cancellationRate: oneDecimal((cancelled / list.length) * 100),
    });
  }
  return out.sort(
    (a, b) =>
      b.cancellationRate - a.cancellationRate ||
      b.delayPct - a.delayPct ||
      b.totalFlights - a.totalFlights ||
      (a.carrier.iataCode < b.carrier.iataCode ? -1 : 1),
  );
}
