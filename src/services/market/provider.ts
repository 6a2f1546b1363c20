import type { Config } from '../../config.js';
import { fetchUrl, UpstreamError } from '../../platform/snapshots/fetch.js';

/** What a live quote provider said about one symbol. */
export type ProviderAnswer =
  | { kind: 'quote'; price: number; previousClose: number }
  | { kind: 'not_found' }
  | { kind: 'rate_limited' }
  | { kind: 'error' };

/** A live source for symbols the market snapshot does not hold. */
export interface QuoteProvider {
  lookup(symbol: string, signal: AbortSignal): Promise<ProviderAnswer>;
}

/** Environment variable that would enable the live provider once the config declares it. */
export const PROVIDER_KEY_VARIABLE = 'FINNHUB_API_KEY';

export const SKIP_REASON =
  `Live quote provider not configured (${PROVIDER_KEY_VARIABLE} is not set): only symbols held in the ` +
  'market snapshot are served; this describes configuration, not market activity.';

/**
 * Finnhub's `/api/v1/quote`: `c` is the current price and `pc` the previous close; an unknown
 * symbol comes back as all zeros rather than an error status.
 */
export function finnhubProvider(apiKey: string, config: Config): QuoteProvider {
  return {
    async lookup(symbol, signal) {
      let bytes: Buffer;
      try {
        // Through the platform fetch layer (override, deadline, byte cap, redirect guard, redaction);
        // no retry at request time: the caller answers from what it has.
        bytes = await fetchUrl(`https://finnhub.io/api/v1/quote?symbol=${encodeURIComponent(symbol)}`, config, {
          headers: { 'x-finnhub-token': apiKey, accept: 'application/json' },
          signal,
          retries: 0,
        });
      } catch (err) {
        return err instanceof UpstreamError && err.status === 429 ? { kind: 'rate_limited' } : { kind: 'error' };
      }
      let body: { c?: unknown; pc?: unknown } | undefined;
      try {
        body = JSON.parse(bytes.toString('utf8')) as { c?: unknown; pc?: unknown };
      } catch {
        return { kind: 'error' };
      }
      if (!body || typeof body.c !== 'number' || typeof body.pc !== 'number') return { kind: 'error' };
      if (body.c === 0 && body.pc === 0) return { kind: 'not_found' };
      return { kind: 'quote', price: body.c, previousClose: body.pc };
    },
  };
}

/**
 * The provider the running configuration enables, if any. The config schema has no provider key
 * yet, so this is undefined until one is added there; reading it loosely keeps that a one-line change.
 */
export function providerFromConfig(config: Config): QuoteProvider | undefined {
  const key = (config as unknown as Record<string, unknown>)[PROVIDER_KEY_VARIABLE];
  return typeof key === 'string' && key.trim() ? finnhubProvider(key.trim(), config) : undefined;
}
