import { z } from 'zod';
import type { Config } from '../../config.js';

/** Wingbits: aircraft details (customer API) and live positions (ECS API), both with `WINGBITS_API_KEY`. */
export const WINGBITS_DETAILS_URL = 'https://customer-api.wingbits.com/v1/flights/details';
export const WINGBITS_LIVE_URL = 'https://ecs-api.wingbits.com/v1/flights';

export function wingbitsKey(config: Config): string | undefined {
  return (config as { WINGBITS_API_KEY?: string }).WINGBITS_API_KEY;
}

export function wingbitsHeaders(config: Config): Record<string, string> {
  const key = wingbitsKey(config);
  return { accept: 'application/json', ...(key ? { 'x-api-key': key } : {}) };
}

/** The aircraft-details fields, as Wingbits and the open registry both name them. */
export interface AircraftDetailsRecord {
  icao24: string;
  registration: string;
  manufacturerIcao: string;
  manufacturerName: string;
  model: string;
  typecode: string;
  serialNumber: string;
  icaoAircraftType: string;
  operator: string;
  operatorCallsign: string;
  operatorIcao: string;
  owner: string;
  built: string;
  engines: string;
  categoryDescription: string;
}

const str = z
  .union([z.string(), z.number()])
  .nullable()
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : String(v).trim()));

const Details = z.object({
  icao24: str,
  registration: str,
  manufacturerIcao: str,
  manufacturerName: str,
  model: str,
  typecode: str,
  serialNumber: str,
  icaoAircraftType: str,
  operator: str,
  operatorCallsign: str,
  operatorIcao: str,
  owner: str,
  built: str,
  engines: str,
  categoryDescription: str,
});

/** A details answer (bare or under `data`) -> record, icao24 lower-case. */
export function parseWingbitsDetails(bytes: Buffer, icao24: string): AircraftDetailsRecord {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`Wingbits details are not JSON: ${(err as Error).message}`);
  }
  const body = (json as { data?: unknown } | null)?.data ?? json;
  const d = Details.safeParse(body);
  if (!d.success || typeof body !== 'object' || body === null)
    throw new Error('Wingbits details have an unexpected shape');
  return { ...d.data, icao24: (d.data.icao24 || icao24).toLowerCase() };
}

export interface WingbitsPosition {
  icao24: string;
  callsign: string;
  lat: number;
  lon: number;
  altitude: number;
  speed: number;
  heading: number;
  verticalRate: number;
  onGround: boolean;
  registration: string;
  /** Epoch seconds. */
  lastSeen: number;
}

const num = z.number().finite().nullable().optional();

/** A live position answer, long (`latitude`) or compact (`la`) field names, bare or under `data`/`flight`. */
export function parseWingbitsLive(bytes: Buffer, icao24: string): WingbitsPosition | undefined {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`Wingbits live flight is not JSON: ${(err as Error).message}`);
  }
  const o = ((json as { data?: unknown; flight?: unknown } | null)?.data ??
    (json as { flight?: unknown } | null)?.flight ??
    json) as Record<string, unknown>;
  if (!o || typeof o !== 'object') return undefined;
  const pick = (...keys: string[]) => keys.map((k) => o[k]).find((v) => v !== undefined && v !== null);
  const n = (...keys: string[]) => {
    const r = num.safeParse(pick(...keys));
    return r.success && typeof r.data === 'number' ? r.data : undefined;
  };
  const lat = n('latitude', 'lat', 'la');
  const lon = n('longitude', 'lon', 'lo');
  if (lat === undefined || lon === undefined) return undefined;
  return {
    icao24: String(pick('icao24', 'h') ?? icao24).toLowerCase(),
    callsign: String(pick('callsign', 'flight', 'f') ?? '').trim(),
    lat,
    lon,
    altitude: n('altitude', 'alt', 'ab') ?? 0,
    speed: n('speed', 'groundSpeed', 'gs') ?? 0,
    heading: n('heading', 'track', 'tr') ?? 0,
    verticalRate: n('verticalRate', 'rs') ?? 0,
    onGround: pick('onGround', 'og') === true,
    registration: String(pick('registration', 'ra') ?? '').trim(),
    lastSeen: n('lastSeen', 'timestamp', 'ts') ?? 0,
  };
}
