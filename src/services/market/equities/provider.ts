import type { Config } from '../../../config.js';
import { USER_AGENT } from '../../../platform/snapshots/fetch.js';

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
export function finnhubProvider(apiKey: string, config: Pick<Config, 'UPSTREAM_BASE_OVERRIDE'>): QuoteProvider {
  const origin = config.UPSTREAM_BASE_OVERRIDE?.replace(/\/$/, '') ?? 'https://finnhub.io';
  return {
    async lookup(symbol, signal) {
      let res: Response;
      try {
        res = await fetch(`${origin}/api/v1/quote?symbol=${encodeURIComponent(symbol)}`, {
          headers: { 'x-finnhub-token': apiKey, 'user-agent': USER_AGENT, accept: 'application/json' },
          signal,
        });
      } catch {
        return { kind: 'error' };
      }
      if (res.status === 429) return { kind: 'rate_limited' };
      if (!res.ok) return { kind: 'error' };
      const body = (await res.json().catch(() => undefined)) as { c?: unknown; pc?: unknown } | undefined;
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
