import { z } from 'zod';

export const OPEN_METEO_ARCHIVE = 'https://archive-api.open-meteo.com/v1/archive';

/**
 * Open-Meteo historical weather API (ERA5-based archive), JSON, no key; several locations per call
 * (the answer is then an array in the order asked). Days are UTC days.
 */
export function openMeteoArchiveUrl(
  points: readonly { lat: number; lon: number }[],
  start: string,
  end: string,
): string {
  const q = new URLSearchParams({
    latitude: points.map((p) => p.lat).join(','),
    longitude: points.map((p) => p.lon).join(','),
    start_date: start,
    end_date: end,
    daily: 'temperature_2m_mean,precipitation_sum',
    timezone: 'UTC',
  });
  return `${OPEN_METEO_ARCHIVE}?${q.toString()}`;
}

export interface DailySeries {
  latitude: number;
  longitude: number;
  days: { date: string; tempC: number | null; precipMm: number | null }[];
}

const Location = z.object({
  latitude: z.number(),
  longitude: z.number(),
  daily: z.object({
    time: z.array(z.string()),
    temperature_2m_mean: z.array(z.number().nullable()),
    precipitation_sum: z.array(z.number().nullable()),
  }),
});

/** One location object or an array of them (a multi-location call). An `{error, reason}` body is refused. */
export function parseOpenMeteoDaily(input: Buffer | string): DailySeries[] {
  let json: unknown;
  try {
    json = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch (err) {
    throw new Error(`Open-Meteo response is not JSON: ${(err as Error).message}`);
  }
  if (json && typeof json === 'object' && !Array.isArray(json) && (json as { error?: unknown }).error) {
    throw new Error(`Open-Meteo refused the request: ${String((json as { reason?: unknown }).reason ?? 'no reason')}`);
  }
  const list = Array.isArray(json) ? json : [json];
  return list.map((raw, i) => {
    const l = Location.safeParse(raw);
    if (!l.success) throw new Error(`Open-Meteo location ${i} has no daily temperature and precipitation series`);
    const d = l.data.daily;
    return {
      latitude: l.data.latitude,
      longitude: l.data.longitude,
      days: d.time.map((date, j) => ({
        date,
        tempC: d.temperature_2m_mean[j] ?? null,
        precipMm: d.precipitation_sum[j] ?? null,
      })),
    };
  });
}
