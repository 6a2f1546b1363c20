import {
  EVENTS_DEFAULT_DAYS,
  EVENTS_DEFAULT_LIMIT,
  EVENTS_MAX_DAYS,
  EVENTS_MAX_LIMIT,
  MAX_PAGE_SIZE,
  type TechEventType,
} from './schemas.js';

/** List page size: omitted or 0 means the operation's default; anything larger than the maximum is served as the maximum. */
export function effectivePageSize(requested: number | undefined, fallback: number): number {
  if (!requested) return fallback;
  return Math.min(requested, MAX_PAGE_SIZE);
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** Tech events `limit`: default when the key is absent; an explicit value (0 included) is held within 1..200. */
export function effectiveLimit(limit: number | undefined): number {
  return limit === undefined ? EVENTS_DEFAULT_LIMIT : clamp(limit, 1, EVENTS_MAX_LIMIT);
}

/** Tech events `days`: default when the key is absent; an explicit value (0 included) is held within 1..365. */
export function effectiveDays(days: number | undefined): number {
  return days === undefined ? EVENTS_DEFAULT_DAYS : clamp(days, 1, EVENTS_MAX_DAYS);
}

/** UTC calendar date of an instant, YYYY-MM-DD. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Every whitespace-separated word of `query` occurs (case-insensitively) in `text`. */
export function matchesAllWords(text: string, query: string): boolean {
  const hay = text.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => hay.includes(w));
}

/**
 * Kind of a feed event. An explicit iCalendar CATEGORIES value wins; otherwise the title decides
 * (results calls and listings are named as such), and anything with a venue is a conference.
 */
export function classifyEvent(title: string, categories: readonly string[], location: string): TechEventType {
  for (const c of categories.map((x) => x.trim().toLowerCase())) {
    if (c === 'conference' || c === 'conferences') return 'conference';
    if (c === 'earnings') return 'earnings';
    if (c === 'ipo' || c === 'ipos') return 'ipo';
  }
  if (/\bearnings\b|\b(q[1-4]|fiscal|quarterly) (results|report)\b/i.test(title)) return 'earnings';
  if (/\bipo\b|\bgoes public\b|\bdirect listing\b|\bbegins trading\b/i.test(title)) return 'ipo';
  if (location.trim()) return 'conference';
  return 'other';
}

export const VIRTUAL_LOCATION = /\b(online|virtual|remote|livestream)\b/i;

/** Host cities of recurring tech events (name as the feeds write it, lat, lng, ISO alpha-2). */
// prettier-ignore
const CITIES: ReadonlyArray<readonly [string, number, number, string]> = [
  ['San Francisco', 37.7749, -122.4194, 'US'], ['San Jose', 37.3382, -121.8863, 'US'], ['Mountain View', 37.3861, -122.0839, 'US'], ['Cupertino', 37.323, -122.0322, 'US'],
  ['Santa Clara', 37.3541, -121.9552, 'US'], ['Las Vegas', 36.1699, -115.1398, 'US'], ['Austin', 30.2672, -97.7431, 'US'],
  ['New York', 40.7128, -74.006, 'US'], ['Seattle', 47.6062, -122.3321, 'US'], ['Boston', 42.3601, -71.0589, 'US'],
  ['Los Angeles', 34.0522, -118.2437, 'US'], ['Chicago', 41.8781, -87.6298, 'US'], ['Washington', 38.9072, -77.0369, 'US'],
  ['Orlando', 28.5383, -81.3792, 'US'], ['San Diego', 32.7157, -117.1611, 'US'], ['Miami', 25.7617, -80.1918, 'US'],
  ['Toronto', 43.6532, -79.3832, 'CA'], ['Vancouver', 49.2827, -123.1207, 'CA'], ['Montreal', 45.5019, -73.5674, 'CA'],
  ['London', 51.5072, -0.1276, 'GB'], ['Dublin', 53.3498, -6.2603, 'IE'], ['Paris', 48.8566, 2.3522, 'FR'],
  ['Berlin', 52.52, 13.405, 'DE'], ['Munich', 48.1351, 11.582, 'DE'], ['Hamburg', 53.5511, 9.9937, 'DE'],
  ['Amsterdam', 52.3676, 4.9041, 'NL'], ['Barcelona', 41.3874, 2.1686, 'ES'], ['Madrid', 40.4168, -3.7038, 'ES'],
  ['Lisbon', 38.7223, -9.1393, 'PT'], ['Helsinki', 60.1699, 24.9384, 'FI'], ['Stockholm', 59.3293, 18.0686, 'SE'],
  ['Copenhagen', 55.6761, 12.5683, 'DK'], ['Zurich', 47.3769, 8.5417, 'CH'], ['Davos', 46.8027, 9.836, 'CH'],
  ['Vienna', 48.2082, 16.3738, 'AT'], ['Milan', 45.4642, 9.19, 'IT'], ['Warsaw', 52.2297, 21.0122, 'PL'],
  ['Tel Aviv', 32.0853, 34.7818, 'IL'], ['Dubai', 25.2048, 55.2708, 'AE'], ['Riyadh', 24.7136, 46.6753, 'SA'],
  ['Doha', 25.2854, 51.531, 'QA'], ['Bangalore', 12.9716, 77.5946, 'IN'], ['Bengaluru', 12.9716, 77.5946, 'IN'],
  ['Mumbai', 19.076, 72.8777, 'IN'], ['New Delhi', 28.6139, 77.209, 'IN'], ['Singapore', 1.3521, 103.8198, 'SG'],
  ['Hong Kong', 22.3193, 114.1694, 'HK'], ['Shanghai', 31.2304, 121.4737, 'CN'], ['Beijing', 39.9042, 116.4074, 'CN'],
  ['Shenzhen', 22.5431, 114.0579, 'CN'], ['Tokyo', 35.6762, 139.6503, 'JP'], ['Seoul', 37.5665, 126.978, 'KR'],
  ['Taipei', 25.033, 121.5654, 'TW'], ['Sydney', -33.8688, 151.2093, 'AU'], ['Melbourne', -37.8136, 144.9631, 'AU'],
  ['São Paulo', -23.5558, -46.6396, 'BR'], ['Sao Paulo', -23.5558, -46.6396, 'BR'], ['Mexico City', 19.4326, -99.1332, 'MX'],
  ['Nairobi', -1.2921, 36.8219, 'KE'], ['Lagos', 6.5244, 3.3792, 'NG'], ['Cape Town', -33.9249, 18.4241, 'ZA'],
];

const CITY_INDEX = new Map(CITIES.map(([name, lat, lng, country]) => [name.toLowerCase(), { lat, lng, country }]));

export interface Place {
  lat: number;
  lng: number;
  country: string;
}

/** Host city of a location text such as "San Francisco, CA" or "Lisbon, Portugal"; undefined when not known. */
export function geocodeCity(location: string): Place | undefined {
  const parts = location
    .split(/[,/|]|\s+-\s+/)
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  for (const p of parts) {
    const hit = CITY_INDEX.get(p);
    if (hit) return hit;
  }
  return undefined;
}
