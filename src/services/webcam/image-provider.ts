import type { Config } from '../../config.js';
import { fetchSource } from '../../platform/snapshots/fetch.js';
import { parseWebcamDetail, webcamDetailUrl, windyHeaders, type WindyImage } from '../../sources/windy/webcams.js';

/** Live current images, asked of Windy only when WINDY_API_KEY is set. */
export interface WebcamImageProvider {
  image(id: string): Promise<WindyImage | undefined>;
}

const TIMEOUT_MS = 5000;
const TTL_MS = 5 * 60_000;
const FAILURE_TTL_MS = 2 * 60_000;
const MAX_ENTRIES = 500;

/**
 * Windy's webcam detail through the platform fetch layer, with a 5 s deadline and a short per-id
 * cache (5 min for an answer, 2 min for a failure) so a busy map does not hammer the API.
 */
export function windyImageProvider(config: Config, now: () => number): WebcamImageProvider {
  const cache = new Map<string, { until: number; value: WindyImage | undefined }>();
  return {
    async image(id) {
      const hit = cache.get(id);
      if (hit && hit.until > now()) return hit.value;
      let value: WindyImage | undefined;
      try {
        const bytes = await fetchSource(
          { url: webcamDetailUrl(id), sample: '', headers: (c) => windyHeaders(c.WINDY_API_KEY) },
          config,
          { signal: AbortSignal.timeout(TIMEOUT_MS), retries: 0 },
        );
        value = parseWebcamDetail(bytes);
        if (!value.thumbnailUrl) value = undefined;
      } catch {
        value = undefined;
      }
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(id, { until: now() + (value ? TTL_MS : FAILURE_TTL_MS), value });
      return value;
    },
  };
}

const PROVIDERS = new WeakMap<Config, WebcamImageProvider>();

/** The provider the configuration enables (one per process configuration), or undefined without a key. */
export function imageProviderFor(config: Config, now: () => number): WebcamImageProvider | undefined {
  if (!config.WINDY_API_KEY) return undefined;
  let p = PROVIDERS.get(config);
  if (!p) PROVIDERS.set(config, (p = windyImageProvider(config, now)));
  return p;
}
