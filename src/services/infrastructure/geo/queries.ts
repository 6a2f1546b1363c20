import type { IncomingHttpHeaders } from 'node:http';
import { ServiceError } from '../../../platform/errors.js';
import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { countryName } from '../../../reference/countries.js';
import type { IpRange } from '../../../sources/dbip/ip-to-country.js';
import type { Answer } from '../answer.js';
import { GAZETTEER } from './datasets/gazetteer.js';
import { IP_COUNTRY_RANGES } from './datasets/ip-country-ranges.js';
import {
  buildGrid,
  buildRangeTable,
  ipToBigInt,
  lookupRange,
  nearestPlace,
  publicCountry,
  type Place,
  type RangeTable,
} from './rules.js';
import type { GetIpGeoResponse, ReverseGeocodeRequest, ReverseGeocodeResponse } from './schemas.js';

/** The client address: the trusted proxy's header when configured (first entry), else the socket's. */
export function clientAddress(
  headers: IncomingHttpHeaders,
  socketAddress: string | undefined,
  header: string | undefined,
): string | undefined {
  if (header) {
    const raw = headers[header.toLowerCase()];
    const first = (Array.isArray(raw) ? raw[0] : raw)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return socketAddress;
}

/** Country of an address from the range table (bisection over ranges sorted once per snapshot). */
export function countryOfAddress(store: SnapshotStore, address: string | undefined): Answer<GetIpGeoResponse> {
  const snapshot = store.read<IpRange>(IP_COUNTRY_RANGES);
  if (!snapshot) return { body: { country: 'XX', region: '', city: '' }, degraded: true };
  const tables = snapshot.derive('range-tables', (s) => {
    const v4: { start: bigint; end: bigint; country: string }[] = [];
    const v6: typeof v4 = [];
    for (const r of s.records) {
      const a = ipToBigInt(r.start)!;
      (a.family === 4 ? v4 : v6).push({ start: a.value, end: ipToBigInt(r.end)!.value, country: r.country });
    }
    return { 4: buildRangeTable(v4), 6: buildRangeTable(v6) } as Record<4 | 6, RangeTable>;
  });
  const ip = address ? ipToBigInt(address) : undefined;
  const country = ip ? publicCountry(lookupRange(tables[ip.family], ip.value)) : 'XX';
  return { body: { country, region: '', city: '' }, degraded: false };
}

/** Places farther than this from every gazetteer entry are not named from it. */
export const GAZETTEER_RADIUS_KM = 150;

/**
 * Nearest gazetteer place within the radius (grid index built once per snapshot); beyond it, the
 * live geocoder when one is configured, else an empty answer (open sea).
 */
export async function reverseGeocode(
  store: SnapshotStore,
  req: ReverseGeocodeRequest,
  live: ((lat: number, lon: number) => Promise<ReverseGeocodeResponse>) | undefined,
): Promise<Answer<ReverseGeocodeResponse>> {
  const missing = (['lat', 'lon'] as const).filter((k) => req[k] === undefined);
  if (missing.length)
    throw ServiceError.validation(missing.map((field) => ({ field, description: `${field} is required` })));
  const lat = req.lat!;
  const lon = req.lon!;
  const snapshot = store.read<Place>(GAZETTEER);
  const hit = snapshot
    ? nearestPlace(
        snapshot.derive('grid', (s) => buildGrid(s.records)),
        lat,
        lon,
        GAZETTEER_RADIUS_KM,
      )
    : undefined;
  if (hit) {
    const country = countryName(hit.place.countryCode) ?? hit.place.countryCode;
    return {
      body: { country, code: hit.place.countryCode, displayName: `${hit.place.name}, ${country}`, error: '' },
      degraded: false,
    };
  }
  if (live) {
    const body = await live(lat, lon);
    return { body, degraded: body.error !== '' };
  }
  return { body: { country: '', code: '', displayName: '', error: '' }, degraded: !snapshot };
}
