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
