/** Which GDELT records count as good news, and how they become map points. */

/** Tone above this is positive. */
export const POSITIVE_TONE = 2;
/** Themes that mark constructive stories (innovation, education, health, tourism, heritage, peacekeeping). */
export const POSITIVE_THEMES = new Set([
  'SOC_INNOVATION',
  'EDUCATION',
  'MEDICAL',
  'TOURISM',
  'WB_1765_CULTURE_HERITAGE_AND_SUSTAINABLE_TOURISM',
  'PEACEKEEPING',
]);
/** Records considered: the two hours up to the newest one. */
export const WINDOW_MS = 2 * 3_600_000;
/** Geolocated records read at most per snapshot. */
export const MAX_GEO_RECORDS = 5000;
/** A place needs this many distinct articles to be shown. */
export const MIN_BUCKET_RECORDS = 3;
export const NAME_MAX = 200;
/** Answers older than this are served as stale. */
export const STALE_AFTER_MS = 25 * 3_600_000;

export function isPositive(tone: number, themes: readonly string[]): boolean {
  return tone > POSITIVE_TONE && themes.some((t) => POSITIVE_THEMES.has(t));
}

/** Ordered: the first category with a keyword in the text wins. */
export const CATEGORY_KEYWORDS: readonly (readonly [string, readonly string[]])[] = [
  [
    'science-health',
    [
      'research',
      'scientist',
      'study',
      'vaccine',
      'hospital',
      'medical',
      'health',
      'cure',
      'therapy',
      'diagnos',
      'discovery',
    ],
  ],
  [
    'nature-wildlife',
    ['wildlife', 'species', 'conservation', 'reef', 'coral', 'forest', 'animal', 'bird', 'turtle', 'national park'],
  ],
  [
    'climate-wins',
    ['renewable', 'solar', 'wind', 'emission', 'climate', 'clean energy', 'carbon', 'geothermal', 'electric'],
  ],
  ['innovation-tech', ['technology', 'startup', 'innovation', 'robot', ' ai ', 'launch', 'engineer', 'drone']],
  ['humanity-kindness', ['volunteer', 'charity', 'donat', 'rescue', 'kindness', 'free ', 'community']],
  ['culture-community', ['festival', 'museum', 'heritage', 'art', 'music', 'culture', 'celebrat']],
];
export const DEFAULT_CATEGORY = 'humanity-kindness';

export function categoryOf(text: string): string {
  const t = ` ${text.toLowerCase()} `;
  for (const [category, words] of CATEGORY_KEYWORDS) if (words.some((w) => t.includes(w))) return category;
  return DEFAULT_CATEGORY;
}

/** 0.1-degree cell of a position. */
export function bucketKey(lat: number, lon: number): string {
  return `${Math.round(lat * 10) / 10},${Math.round(lon * 10) / 10}`;
}

export interface PositiveRecord {
  url: string;
  date: number;
  title: string;
  place: string;
  lat: number;
  lon: number;
}

export interface PositiveGeoEvent {
  latitude: number;
  longitude: number;
  name: string;
  category: string;
  count: number;
  timestamp: number;
}

/**
 * Records -> places: grouped by 0.1° cell, one record per (URL, cell), cells with at least three
 * records kept, most records first. A place is named by its first record's place name and
 * categorised from that record's title and place; its time is its newest record's.
 */
export function aggregatePositive(records: readonly PositiveRecord[]): PositiveGeoEvent[] {
  const cells = new Map<string, { first: PositiveRecord; urls: Set<string>; newest: number }>();
  for (const r of records) {
    const key = bucketKey(r.lat, r.lon);
    let c = cells.get(key);
    if (!c) cells.set(key, (c = { first: r, urls: new Set(), newest: r.date }));
    c.urls.add(r.url);
    c.newest = Math.max(c.newest, r.date);
  }
  return [...cells.values()]
    .filter((c) => c.urls.size >= MIN_BUCKET_RECORDS)
    .map((c) => ({
      latitude: c.first.lat,
      longitude: c.first.lon,
      name: c.first.place.slice(0, NAME_MAX),
      category: categoryOf(`${c.first.title} ${c.first.place}`),
      count: c.urls.size,
      timestamp: c.newest,
    }))
    .sort((a, b) => b.count - a.count || b.timestamp - a.timestamp || (a.name < b.name ? -1 : 1));
}
