import { z } from 'zod';

/** Safecast measurements API: crowd-sourced radiation readings near a point, JSON, no key. */
export function safecastMeasurementsUrl(lat: number, lon: number, distanceM: number, perPage = 200): string {
  return `https://api.safecast.org/measurements.json?latitude=${lat}&longitude=${lon}&distance=${distanceM}&per_page=${perPage}`;
}

export interface SafecastMeasurement {
  id: string;
  at: number;
  latitude: number;
  longitude: number;
  value: number;
  /** `cpm` (counts per minute of a bGeigie-style LND 7317 tube) or `usv` (µSv/h). */
  unit: string;
}

const Row = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  value: z.number(),
  unit: z.string(),
  captured_at: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

/** Parses a measurements page (a JSON array). Unusable rows are skipped; anything but an array is refused. */
export function parseSafecastMeasurements(input: Buffer | string): SafecastMeasurement[] {
  let json: unknown;
  try {
    json = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch (err) {
    throw new Error(`Safecast response is not JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(json)) throw new Error('Safecast response is not a list of measurements');
  const out: SafecastMeasurement[] = [];
  for (const raw of json) {
    const r = Row.safeParse(raw);
    if (!r.success) continue;
    const at = Date.parse(r.data.captured_at);
    if (!Number.isFinite(at) || !Number.isFinite(r.data.value) || r.data.value < 0) continue;
    out.push({
      id: r.data.id,
      at,
      latitude: r.data.latitude,
      longitude: r.data.longitude,
      value: r.data.value,
      unit: r.data.unit.toLowerCase(),
    });
  }
  return out.sort((a, b) => a.at - b.at);
}
