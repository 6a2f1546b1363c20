/**
 * Attribution of events to the scored countries as the published index does it: a country name or
 * headline by whole-phrase keywords, a point by the countries' bounding boxes (the smallest box
 * first) with approximate borders where two boxes overlap.
 */

/** Keywords per country (the published table; first match in this order wins). */
const COUNTRY_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  US: ['united states', 'usa', 'u.s.', 'u.s.a.', 'america', 'american', 'washington', 'biden', 'trump', 'pentagon'],
  RU: ['russia', 'russian', 'moscow', 'kremlin', 'putin'],
  CN: ['china', 'chinese', 'beijing', 'xi jinping', 'prc'],
  UA: ['ukraine', 'ukrainian', 'kyiv', 'zelensky', 'donbas'],
  IR: ['iran', 'iranian', 'tehran', 'khamenei', 'irgc'],
  IL: ['israel', 'israeli', 'tel aviv', 'netanyahu', 'idf', 'gaza'],
  TW: ['taiwan', 'taiwanese', 'taipei'],
  KP: ['north korea', 'north korean', 'pyongyang', 'kim jong'],
  SA: ['saudi arabia', 'saudi', 'riyadh'],
  TR: ['turkey', 'turkiye', 'turkish', 'ankara', 'erdogan'],
  PL: ['poland', 'warsaw'],
  DE: ['germany', 'german', 'berlin'],
  FR: ['france', 'french', 'paris', 'macron'],
  GB: ['united kingdom', 'britain', 'british', 'uk', 'u.k.', 'london'],
  IN: ['india', 'indian', 'delhi', 'modi'],
  PK: ['pakistan', 'pakistani', 'islamabad'],
  SY: ['syria', 'syrian', 'damascus'],
  YE: ['yemen', 'yemeni', 'sanaa', 'houthi'],
  MM: ['myanmar', 'burma', 'burmese'],
  VE: ['venezuela', 'venezuelan', 'caracas', 'maduro'],
  CU: ['cuba', 'cuban', 'havana', 'diaz-canel'],
  MX: ['mexico', 'mexican', 'sheinbaum', 'cartel', 'sinaloa'],
  BR: ['brazil', 'brazilian', 'brasilia', 'lula'],
  AE: ['uae', 'emirates', 'dubai', 'abu dhabi', 'united arab emirates'],
  KR: ['south korea', 'south korean', 'korean peninsula', 'seoul', 'yoon'],
  IQ: ['iraq', 'iraqi', 'baghdad', 'kurdistan', 'mosul', 'basra'],
  AF: ['afghanistan', 'afghan', 'kabul', 'taliban', 'kandahar'],
  LB: ['lebanon', 'lebanese', 'beirut', 'hezbollah', 'nasrallah'],
  EG: ['egypt', 'egyptian', 'cairo', 'suez', 'sisi'],
  JP: ['japan', 'japanese', 'tokyo', 'okinawa', 'fukushima', 'kishida'],
  QA: ['qatar', 'qatari', 'doha', 'al jazeera'],
};

/** Lower case, accents stripped, `&` as `and`, every other non-alphanumeric run as one space. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const KEYWORDS: [string, string[]][] = Object.entries(COUNTRY_KEYWORDS).map(([code, kws]) => [
  code,
  kws.map(normalise).filter(Boolean),
]);

/** The scored country a name or headline is about (whole-phrase keyword match), else undefined. */
export function countryOfText(text: string): string | undefined {
  const padded = ` ${normalise(text)} `;
  if (padded.trim() === '') return undefined;
  for (const [code, kws] of KEYWORDS) if (kws.some((kw) => padded.includes(` ${kw} `))) return code;
  return undefined;
}

interface Box {
  code: string;
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

const BOXES: Box[] = (
  [
    ['US', 24.5, 49.4, -125.0, -66.9],
    ['RU', 41.2, 81.9, 19.6, 180.0],
    ['CN', 18.2, 53.6, 73.5, 135.1],
    ['UA', 44.4, 52.4, 22.1, 40.2],
    ['IR', 25.1, 39.8, 44.0, 63.3],
    ['IL', 29.5, 33.3, 34.3, 35.9],
    ['TW', 21.9, 25.3, 120.0, 122.0],
    ['KP', 37.7, 43.0, 124.3, 130.7],
    ['SA', 16.4, 32.2, 34.6, 55.7],
    ['TR', 36.0, 42.1, 26.0, 44.8],
    ['PL', 49.0, 54.8, 14.1, 24.2],
    ['DE', 47.3, 55.1, 5.9, 15.0],
    ['FR', 41.4, 51.1, -5.1, 9.6],
    ['GB', 49.9, 60.9, -8.2, 1.8],
    ['IN', 6.7, 35.5, 68.1, 97.4],
    ['PK', 23.7, 37.1, 60.9, 77.8],
    ['SY', 32.3, 37.3, 35.7, 42.4],
    ['YE', 12.1, 19.0, 42.5, 54.5],
    ['MM', 9.8, 28.5, 92.2, 101.2],
    ['VE', 0.6, 12.2, -73.4, -59.8],
    ['CU', 19.8, 23.3, -85.0, -74.1],
    ['MX', 14.5, 32.7, -118.4, -86.7],
    ['BR', -33.7, 5.3, -73.9, -34.8],
    ['AE', 22.6, 26.1, 51.6, 56.4],
    ['KR', 33.1, 38.6, 125.1, 131.9],
    ['IQ', 29.1, 37.4, 38.8, 48.6],
    ['AF', 29.4, 38.5, 60.5, 75.0],
    ['LB', 33.1, 34.7, 35.1, 36.6],
    ['EG', 22.0, 31.7, 24.7, 36.9],
    ['JP', 24.4, 45.5, 122.9, 153.0],
    ['QA', 24.5, 26.2, 50.7, 51.7],
  ] as const
)
  .map(([code, minLat, maxLat, minLon, maxLon]) => ({ code, minLat, maxLat, minLon, maxLon }))
  // Smallest first: a point inside several boxes goes to the tightest one unless a border rule decides.
  .sort((a, b) => (a.maxLat - a.minLat) * (a.maxLon - a.minLon) - (b.maxLat - b.minLat) * (b.maxLon - b.minLon));

/** Linear interpolation along a polyline of [x, y] points: y at x (clamped to the ends). */
function along(points: readonly (readonly [number, number])[], x: number): number {
  if (x <= points[0]![0]) return points[0]![1];
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1]!;
    const [x1, y1] = points[i]!;
    if (x <= x1) return y0 + ((x - x0) / (x1 - x0)) * (y1 - y0);
  }
  return points[points.length - 1]![1];
}

// The Rio Grande from El Paso to Brownsville, [lon, lat].
const RIO_GRANDE = [
  [-106.45, 31.73],
  [-104.4, 29.6],
  [-100.95, 29.37],
  [-100.5, 28.72],
  [-99.5, 27.5],
  [-98.2, 26.22],
  [-97.5, 25.89],
] as const;

function northOfUsMexicoBorder(lat: number, lon: number): boolean {
  if (lon <= -114.7) return lat >= 32.53;
  if (lon <= -111.05) return lat >= 31.33;
  if (lon <= -106.45) return lat >= 31.73;
  return lat >= along(RIO_GRANDE, lon);
}

// The Poland-Ukraine border, [lat, lon] so it can be walked northwards.
const PL_UA_BORDER = [
  [49.05, 22.7],
  [50.05, 23.05],
  [51.5, 23.65],
] as const;

/** The border rules for overlapping boxes (the published approximations); undefined where none applies. */
function resolveOverlap(lat: number, lon: number, codes: ReadonlySet<string>): string | undefined {
  const both = (a: string, b: string) => codes.has(a) && codes.has(b);
  if (codes.has('KP') && both('CN', 'RU') && lat < 42.5) return 'KP';
  if (both('PL', 'UA')) return lon <= along(PL_UA_BORDER, lat) ? 'PL' : 'UA';
  if (both('CN', 'IN') && lat >= 28.5 && lat <= 32 && lon >= 89 && lon <= 93.5) return 'CN';
  if (both('TR', 'SY') && lat >= 36.6 && lat <= 37.6 && lon >= 36 && lon <= 38.8) return 'TR';
  if (both('IR', 'IQ') && lat >= 33.4 && lat <= 35.2 && lon >= 45.5 && lon <= 48.6) return 'IR';
  if (both('PK', 'AF') && lat >= 29.4 && lat <= 31.5 && lon >= 65 && lon <= 68.2) return 'PK';
  if (both('SA', 'EG') && lat >= 27.5 && lat <= 29.6 && lon >= 35 && lon <= 37.1) return 'SA';
  if (both('SA', 'IR') && lat >= 25 && lat <= 27.8 && lon >= 48 && lon <= 51.5) return 'SA';
  if (both('CN', 'MM') && lat >= 23.5 && lat <= 25 && lon >= 97.3 && lon <= 98.4) return 'CN';
  if (both('CN', 'RU') && lat >= 50.5 && lat <= 51.5 && lon >= 127.8 && lon <= 129.6) return 'RU';
  if (both('US', 'MX')) return northOfUsMexicoBorder(lat, lon) ? 'US' : 'MX';
  if (both('SY', 'LB')) return lon >= 36.35 || (lat <= 33.75 && lon >= 36.05) ? 'SY' : 'LB';
  if (both('RU', 'UA')) return (lat >= 50.25 && lon >= 35.6) || (lon >= 38.7 && lat < 47.8) ? 'RU' : 'UA';
  if (both('IN', 'PK')) return lon >= 75.2 || (lon >= 74.75 && lat <= 32.1) ? 'IN' : 'PK';
  if (both('CN', 'RU')) {
    if (lon >= 132 && lat >= 42.4) return 'RU';
    if (lon >= 131.65 && lat <= 44.1) return 'RU';
    if (lon >= 126.8 && lon <= 128.2 && lat >= 50.27) return 'RU';
    return 'CN';
  }
  if (both('RU', 'JP')) return lat >= 45.25 && lon >= 142 ? 'RU' : 'JP';
  if (both('KP', 'KR')) {
    // The DMZ, from 37.75 N in the west to 38.35 N in the east.
    const progress = Math.min(1, Math.max(0, (lon - 126) / 2.5));
    return lat >= 37.75 + progress * 0.6 ? 'KP' : 'KR';
  }
  if (both('JP', 'KR')) return lat <= 34.85 && lon >= 129.2 ? 'JP' : 'KR';
  if (both('SA', 'YE')) return lat >= 17.35 ? 'SA' : 'YE';
  return undefined;
}

/** The scored country a point lies in, else undefined (outside every box, or in Jordan's corner of Saudi Arabia's). */
export function countryAtPoint(lat: number, lon: number): string | undefined {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return undefined;
  const inside = BOXES.filter((b) => lat >= b.minLat && lat <= b.maxLat && lon >= b.minLon && lon <= b.maxLon);
  if (inside.length === 0) return undefined;
  // Jordan is not scored; its box would otherwise fall to Saudi Arabia.
  if (inside.length === 1 && inside[0]!.code === 'SA' && lat >= 30.8 && lat <= 32.6 && lon >= 35.4 && lon <= 37.4)
    return undefined;
  return resolveOverlap(lat, lon, new Set(inside.map((b) => b.code))) ?? inside[0]!.code;
}
