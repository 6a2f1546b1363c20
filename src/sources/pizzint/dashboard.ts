import { FormatError, isObject, parseJsonText } from '../formats/errors.js';

/** pizzint.watch: busyness of pizza places near the Pentagon (derived by the site from place popularity data; no key). */
export const PIZZINT_DASHBOARD_URL = 'https://www.pizzint.watch/api/dashboard-data';
export const TENSION_PAIRS = [
  'usa_russia',
  'russia_ukraine',
  'usa_china',
  'china_taiwan',
  'usa_iran',
  'usa_venezuela',
] as const;
export const PIZZINT_GDELT_URL = `https://www.pizzint.watch/api/gdelt/batch?pairs=${TENSION_PAIRS.join(',')}&method=gpr`;

export interface PizzintPlace {
  placeId: string;
  name: string;
  address: string;
  currentPopularity: number;
  percentageOfUsual: number;
  isSpike: boolean;
  spikeMagnitude: number;
  dataSource: string;
  recordedAt: string;
  fresh: boolean;
  isClosedNow: boolean;
  lat: number;
  lng: number;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The dashboard document `{ success, data: [place...] }` -> places; `success:false` is a FormatError. */
export function parsePizzintDashboard(input: Buffer | string): PizzintPlace[] {
  const doc = parseJsonText('pizzint dashboard', input);
  if (!isObject(doc) || doc.success !== true || !Array.isArray(doc.data))
    throw new FormatError('pizzint dashboard', 'expected { success: true, data: [...] }');
  return (doc.data as Record<string, unknown>[])
    .filter((p) => isObject(p) && str(p.place_id))
    .map((p) => ({
      placeId: str(p.place_id),
      name: str(p.name),
      address: str(p.address),
      currentPopularity: Math.round(num(p.current_popularity)),
      percentageOfUsual: Math.round(num(p.percentage_of_usual)),
      isSpike: p.is_spike === true,
      spikeMagnitude: num(p.spike_magnitude),
      dataSource: str(p.data_source),
      recordedAt: str(p.recorded_at),
      fresh: str(p.data_freshness).toLowerCase() === 'fresh',
      isClosedNow: p.is_closed_now === true,
      lat: num(p.lat),
      lng: num(p.lng),
    }));
}

/** The GDELT batch document (pair key -> points `{ v }`, oldest first) -> series per pair. */
export function parsePizzintGdelt(input: Buffer | string): Map<string, number[]> {
  const doc = parseJsonText('pizzint GDELT batch', input);
  if (!isObject(doc)) throw new FormatError('pizzint GDELT batch', 'expected an object of pairs');
  const out = new Map<string, number[]>();
  for (const [pair, points] of Object.entries(doc)) {
    if (!Array.isArray(points)) continue;
    out.set(
      pair,
      points.map((p: { v?: unknown }) => num(p?.v)),
    );
  }
  return out;
}
