import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { parseStacItems, publicHref, stacSearchUrl, type StacItem } from '../../../sources/stac/stac.js';
import type { ImageryScene } from '../schemas.js';

export const IMAGERY_SCENES = 'imagery.scenes';
export const COLLECTIONS = ['sentinel-2-l2a', 'sentinel-1-grd'] as const;

/** Areas the scene snapshot covers, [west, south, east, north]. */
export const WATCHED_AREAS: readonly { name: string; bbox: [number, number, number, number] }[] = [
  { name: 'Eastern Ukraine', bbox: [35, 46, 40.5, 50.5] },
  { name: 'Black Sea north-west', bbox: [29.5, 43.5, 35, 47] },
  { name: 'Israel and Gaza', bbox: [34, 29.4, 35.9, 33.4] },
  { name: 'Taiwan Strait', bbox: [117.5, 21.5, 122.5, 26] },
  { name: 'Strait of Hormuz', bbox: [54.5, 25, 58.5, 27.5] },
  { name: 'Gulf coast of Saudi Arabia', bbox: [48.5, 24.5, 50.5, 27.5] },
];

/** A scene plus the box the bbox filter tests and its time in ms. */
export interface SceneRow extends ImageryScene {
  box: [number, number, number, number];
  at: number;
  collection: string;
}

function firstHref(item: StacItem, keys: readonly string[]): string {
  for (const k of keys) if (item.assets[k]) return publicHref(item.assets[k].href);
  return '';
}

function boxOfGeometry(geometry: unknown): [number, number, number, number] | undefined {
  const coords: number[][] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'number') coords.push(v as number[]);
    else if (Array.isArray(v)) v.forEach(walk);
  };
  walk((geometry as { coordinates?: unknown })?.coordinates);
  if (coords.length === 0) return undefined;
  const xs = coords.map((c) => c[0]);
  const ys = coords.map((c) => c[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

export function toScene(item: StacItem): SceneRow | undefined {
  const p = item.properties;
  const box = item.bbox ?? boxOfGeometry(item.geometry);
  if (!box) return undefined;
  const sarMode = typeof p['sar:instrument_mode'] === 'string' ? p['sar:instrument_mode'] : '';
  const resolution =
    typeof p.gsd === 'number' ? p.gsd : typeof p['sar:resolution_range'] === 'number' ? p['sar:resolution_range'] : 10;
  const thumbLink = item.links.find((l) => l.rel === 'thumbnail' || l.rel === 'preview')?.href ?? '';
  return {
    id: item.id,
    satellite: String(p.platform ?? p.constellation ?? ''),
    datetime: item.datetime,
    resolutionM: resolution,
    mode: sarMode || 'MSI',
    geometryGeojson: JSON.stringify(item.geometry ?? null),
    previewUrl: firstHref(item, ['thumbnail', 'overview']) || publicHref(thumbLink),
    assetUrl: firstHref(item, ['visual', 'vv', 'vh']),
    box,
    at: Date.parse(item.datetime),
    collection: item.collection,
  };
}

/** Items -> scenes, one per id, newest first. */
export function scenesFromStac(bytes: Buffer | string): SceneRow[] {
  const byId = new Map<string, SceneRow>();
  for (const item of parseStacItems(bytes)) {
    const s = toScene(item);
    if (s && !byId.has(s.id)) byId.set(s.id, s);
  }
  return [...byId.values()].sort((a, b) => b.at - a.at || (a.id < b.id ? -1 : 1));
}

const WEEK = 7 * 86_400_000;

export const imageryScenesDataset: Dataset<SceneRow> = {
  name: IMAGERY_SCENES,
  source: 'Element84 Earth Search STAC (Sentinel-1 GRD, Sentinel-2 L2A)',
  kind: 'live',
  maxStaleMinutes: 24 * 60,
  sources: {
    stac: {
      url: stacSearchUrl(COLLECTIONS, WATCHED_AREAS[0].bbox, '2026-11-13T12:00:00.000Z/..', 50),
      sample: 'imagery/earth-search-items.requests.json',
      // One search per watched area over the last week; the item collections are kept as a JSON array.
      async fetch(get, { now }) {
        const window = `${new Date(now - WEEK).toISOString()}/..`;
        const pages: string[] = [];
        for (const area of WATCHED_AREAS)
          pages.push((await get(stacSearchUrl(COLLECTIONS, area.bbox, window, 50))).toString('utf8'));
        return Buffer.from(`[${pages.join(',')}]`);
      },
    },
  },
  parse(payloads) {
    return { records: scenesFromStac(payloads.stac!) };
  },
};
