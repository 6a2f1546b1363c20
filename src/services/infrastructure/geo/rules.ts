import { isIP } from 'node:net';
import { haversineKm } from '../../../platform/geo.js';

/** An address as a number: IPv4 in 0..2^32-1, IPv6 in 0..2^128-1 (IPv4-mapped IPv6 reads as IPv4). */
export function ipToBigInt(text: string): { family: 4 | 6; value: bigint } | undefined {
  let ip = text.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) ip = mapped[1];
  const family = isIP(ip);
  if (family === 4) {
    const v = ip.split('.').reduce((acc, o) => (acc << 8n) | BigInt(Number(o)), 0n);
    return { family: 4, value: v };
  }
  if (family === 6) {
    const [head, tail = ''] = ip.split('::');
    let groups: string[];
    const toGroups = (s: string) => (s ? s.split(':') : []);
    // A trailing dotted quad is two groups.
    const expand = (parts: string[]) =>
      parts.flatMap((p) => {
        if (!p.includes('.')) return [p];
        const v = p.split('.').map(Number);
        return [((v[0] << 8) | v[1]).toString(16), ((v[2] << 8) | v[3]).toString(16)];
      });
    if (ip.includes('::')) {
      const h = expand(toGroups(head));
      const t = expand(toGroups(tail));
      groups = [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
    } else groups = expand(toGroups(ip));
    return { family: 6, value: groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g || '0', 16)), 0n) };
  }
  return undefined;
}

/** Sorted, non-overlapping ranges of one family, searched by bisection. */
export interface RangeTable {
  starts: bigint[];
  ends: bigint[];
  countries: string[];
}

export function buildRangeTable(ranges: readonly { start: bigint; end: bigint; country: string }[]): RangeTable {
  const sorted = [...ranges].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  return {
    starts: sorted.map((r) => r.start),
    ends: sorted.map((r) => r.end),
    countries: sorted.map((r) => r.country),
  };
}

/** The country of the last range starting at or before the address, if the address is inside it. */
export function lookupRange(table: RangeTable, value: bigint): string | undefined {
  let lo = 0;
  let hi = table.starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (table.starts[mid] <= value) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 && value <= table.ends[found] ? table.countries[found] : undefined;
}

/** `ZZ` (reserved space) and unknown codes are answered as `XX`, as the published service does. */
export function publicCountry(code: string | undefined): string {
  return code && /^[A-Z]{2}$/.test(code) && code !== 'ZZ' ? code : 'XX';
}

export interface Place {
  name: string;
  lat: number;
  lon: number;
  countryCode: string;
  population: number;
}

/** Places bucketed by whole-degree cell, so a radius search reads only the cells it touches. */
export interface PlaceGrid {
  cells: Map<string, Place[]>;
}

const cellKey = (latCell: number, lonCell: number) => `${latCell}:${lonCell}`;
/** Whole-degree longitude cells -180..179; 180 is the same cell as -180. */
const wrapLonCell = (cell: number) => ((((cell + 180) % 360) + 360) % 360) - 180;

export function buildGrid(places: readonly Place[]): PlaceGrid {
  const cells = new Map<string, Place[]>();
  for (const p of places) {
    const key = cellKey(Math.min(89, Math.floor(p.lat)), wrapLonCell(Math.floor(p.lon)));
    const list = cells.get(key);
    if (list) list.push(p);
    else cells.set(key, [p]);
  }
  return { cells };
}

const KM_PER_DEG = 111.32;

/** Nearest place within `radiusKm` (ties to the larger population), or undefined. Wraps the antimeridian. */
export function nearestPlace(
  grid: PlaceGrid,
  lat: number,
  lon: number,
  radiusKm: number,
): { place: Place; km: number } | undefined {
  const dLat = Math.ceil(radiusKm / KM_PER_DEG);
  const cosLat = Math.cos((Math.min(89, Math.abs(lat) + dLat) * Math.PI) / 180);
  const dLon = Math.min(180, Math.ceil(radiusKm / (KM_PER_DEG * Math.max(cosLat, 0.01))));
  let best: { place: Place; km: number } | undefined;
  const baseLat = Math.floor(lat);
  const baseLon = Math.floor(lon);
  const seen = new Set<number>();
  for (let i = -dLat; i <= dLat; i++) {
    const latCell = baseLat + i;
    if (latCell < -90 || latCell > 89) continue;
    for (let j = -dLon; j <= dLon; j++) {
      const lonCell = wrapLonCell(baseLon + j);
      if (seen.has(latCell * 1000 + lonCell)) continue;
      seen.add(latCell * 1000 + lonCell);
      for (const p of grid.cells.get(cellKey(latCell, lonCell)) ?? []) {
        const km = haversineKm(lat, lon, p.lat, p.lon);
        if (km > radiusKm) continue;
        if (!best || km < best.km || (km === best.km && p.population > best.place.population)) best = { place: p, km };
      }
    }
  }
  return best;
}
