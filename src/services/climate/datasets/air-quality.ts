import type { Dataset } from '../../../platform/snapshots/dataset.js';
import {
  OPENAQ,
  PM25_PARAMETER_ID,
  openaqHeaders,
  parseOpenAqLatest,
  parseOpenAqLocations,
} from '../../../sources/openaq/openaq.js';
import { pm25ToAqi, riskLevel } from '../rules.js';
import type { AirQualityStation } from '../schemas.js';

export const AIR_QUALITY = 'climate.air-quality';

/** Readings older than this before the newest one are not current enough to show. */
const FRESH_MS = 2 * 3_600_000;
const PAGE_LIMIT = 1000;
const MAX_PAGES = 20;

/** Latest PM2.5 per location (newest reading), within two hours of the newest, worst AQI first. */
export function stationsFromOpenAq(locationsBytes: Buffer, latestBytes: Buffer): AirQualityStation[] {
  const locations = new Map(parseOpenAqLocations(locationsBytes).map((l) => [l.id, l]));
  const latest = parseOpenAqLatest(latestBytes);
  const newest = latest.reduce((m, r) => Math.max(m, r.at), 0);
  const perLocation = new Map<string, (typeof latest)[number]>();
  for (const r of latest) {
    if (newest - r.at > FRESH_MS) continue;
    const seen = perLocation.get(r.locationId);
    if (!seen || r.at > seen.at) perLocation.set(r.locationId, r);
  }
  const out: AirQualityStation[] = [];
  for (const r of perLocation.values()) {
    const loc = locations.get(r.locationId);
    if (!loc) continue;
    const aqi = pm25ToAqi(r.value);
    out.push({
      city: loc.locality || loc.name,
      countryCode: loc.countryCode,
      lat: loc.latitude,
      lng: loc.longitude,
      pm25: Math.round(r.value * 10) / 10,
      aqi,
      riskLevel: riskLevel(aqi),
      pollutant: 'pm25',
      measuredAt: r.at,
      source: 'OpenAQ',
    });
  }
  return out.sort((a, b) => b.aqi - a.aqi || b.measuredAt - a.measuredAt || a.city.localeCompare(b.city));
}

async function pages(get: (url: string) => Promise<Buffer>, url: (page: number) => string): Promise<Buffer> {
  const out: string[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const body = (await get(url(page))).toString('utf8');
    out.push(body);
    const n = (JSON.parse(body) as { results?: unknown[] }).results?.length ?? 0;
    if (n < PAGE_LIMIT) break;
  }
  return Buffer.from(`[${out.join(',')}]`);
}

export const airQualityDataset: Dataset<AirQualityStation> = {
  name: AIR_QUALITY,
  source: 'OpenAQ v3 PM2.5 monitors',
  kind: 'live',
  maxStaleMinutes: 180,
  sources: {
    locations: {
      url: `${OPENAQ}/locations?parameters_id=${PM25_PARAMETER_ID}&monitor=true&limit=${PAGE_LIMIT}&page=1`,
      sample: 'climate/openaq-locations-pm25.json',
      headers: openaqHeaders,
      requires: ['OPENAQ_API_KEY'],
      fetch: (get) =>
        pages(
          get,
          (p) => `${OPENAQ}/locations?parameters_id=${PM25_PARAMETER_ID}&monitor=true&limit=${PAGE_LIMIT}&page=${p}`,
        ),
    },
    latest: {
      url: `${OPENAQ}/parameters/${PM25_PARAMETER_ID}/latest?limit=${PAGE_LIMIT}&page=1`,
      sample: 'climate/openaq-latest-pm25.json',
      headers: openaqHeaders,
      requires: ['OPENAQ_API_KEY'],
      fetch: (get) =>
        pages(get, (p) => `${OPENAQ}/parameters/${PM25_PARAMETER_ID}/latest?limit=${PAGE_LIMIT}&page=${p}`),
    },
  },
  parse(payloads) {
    return { records: stationsFromOpenAq(payloads.locations!, payloads.latest!) };
  },
};
