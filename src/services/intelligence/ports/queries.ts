import { ServiceError } from '../../../platform/errors.js';
import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { countryByCode } from '../../../reference/countries.js';
import { TANKER_PORTS } from './datasets/tanker-ports.js';
import type { PortActivity } from '../../../sources/portwatch/port-activity.js';
import type { CountryPortActivityResponse, GetCountryPortActivityRequest } from './schemas.js';

export const MAX_PORTS = 25;

/** The busiest ports of one followed country (or of all of them); unfollowed countries answer available:false. */
export function getCountryPortActivity(
  store: SnapshotStore,
  req: GetCountryPortActivityRequest,
): CountryPortActivityResponse {
  const code = req.country_code?.trim().toUpperCase();
  let iso3: string | undefined;
  if (code) {
    const c = /^[A-Z]{2}$/.test(code) ? countryByCode(code) : undefined;
    if (!c)
      throw ServiceError.validation([
        { field: 'country_code', description: 'country_code must be an ISO 3166-1 alpha-2 code' },
      ]);
    iso3 = c.alpha3;
  }
  const snap = store.read<PortActivity>(TANKER_PORTS);
  const ports = snap ? (iso3 ? snap.records.filter((p) => p.iso3 === iso3) : snap.records) : [];
  if (!snap || ports.length === 0) return { ports: [], fetchedAt: '', available: false };
  return {
    ports: ports.slice(0, MAX_PORTS).map(({ iso3: _iso3, ...p }) => ({ ...p, anomalySignal: false })),
    fetchedAt: new Date(snap.capturedAt).toISOString(),
    available: true,
  };
}
