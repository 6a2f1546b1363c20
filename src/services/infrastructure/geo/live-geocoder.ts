import { z } from 'zod';
import type { Config } from '../../../config.js';
import { fetchSource } from '../../../platform/snapshots/fetch.js';
import type { ReverseGeocodeResponse } from './schemas.js';

const TIMEOUT_MS = 8000;
const TTL_MS = 7 * 86_400_000;
const MAX_ENTRIES = 5000;

const Reply = z.object({
  display_name: z.string().optional(),
  address: z.object({ country: z.string().optional(), country_code: z.string().optional() }).optional(),
});

/**
 * A Nominatim-compatible `/reverse` service at REVERSE_GEOCODER_URL, asked at country zoom for
 * positions the gazetteer cannot place. Answers are cached on a 0.1° grid for a week; failures are not.
 */
export function liveGeocoder(config: Config, now: () => number) {
  const cache = new Map<string, { until: number; value: ReverseGeocodeResponse }>();
  const base = config.REVERSE_GEOCODER_URL!.replace(/\/$/, '');
  return async (lat: number, lon: number): Promise<ReverseGeocodeResponse> => {
    const key = `${lat.toFixed(1)},${lon.toFixed(1)}`;
    const hit = cache.get(key);
    if (hit && hit.until > now()) return hit.value;
    let bytes: Buffer;
    try {
      bytes = await fetchSource(
        { url: `${base}/reverse?lat=${lat}&lon=${lon}&format=json&zoom=3&accept-language=en`, sample: '' },
        config,
        { signal: AbortSignal.timeout(TIMEOUT_MS), retries: 0 },
      );
    } catch (err) {
      const status = /HTTP (\d{3})/.exec((err as Error).message)?.[1];
      return {
        country: '',
        code: '',
        displayName: '',
        error: status ? `geocoder HTTP ${status}` : 'geocoder unreachable',
      };
    }
    let reply: z.infer<typeof Reply>;
    try {
      reply = Reply.parse(JSON.parse(bytes.toString('utf8')));
    } catch {
      return {
        country: '',
        code: '',
        displayName: '',
        error: 'geocoder answered something that is not a reverse-geocoding result',
      };
    }
    const country = reply.address?.country ?? '';
    const value = {
      country,
      code: (reply.address?.country_code ?? '').toUpperCase(),
      displayName: reply.display_name ?? country,
      error: '',
    };
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, { until: now() + TTL_MS, value });
    return value;
  };
}

const GEOCODERS = new WeakMap<Config, ReturnType<typeof liveGeocoder>>();

export function liveGeocoderFor(config: Config, now: () => number): ReturnType<typeof liveGeocoder> | undefined {
  if (!config.REVERSE_GEOCODER_URL) return undefined;
  let g = GEOCODERS.get(config);
  if (!g) GEOCODERS.set(config, (g = liveGeocoder(config, now)));
  return g;
}
