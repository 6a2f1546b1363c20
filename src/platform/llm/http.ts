import type { Config } from '../../config.js';
import { postUrl } from '../snapshots/fetch.js';

export interface HttpAnswer {
  status: number;
  body: string;
}

/**
 * The one seam through which the model provider reaches the network: POST `body` (JSON text) to `url`.
 * Resolves with any HTTP status; rejects only when no answer arrived (network error, abort, an answer
 * past `maxBytes`, rejected with code `E2BIG`). Production goes through the fetch layer
 * (`fetchLayerHttpPost`); tests may inject their own.
 */
export type HttpPost = (
  url: string,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  maxBytes?: number,
) => Promise<HttpAnswer>;

/** Largest provider answer read when the caller sets no cap (embeddings); past it the call fails. */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/**
 * `HttpPost` over the fetch layer's POST: deadline (LLM_TIMEOUT_MS), answer cap (failing past it, unread),
 * no redirects followed (a provider that redirects would carry the bearer token elsewhere; the 3xx
 * comes back as a failed answer), configured secrets redacted from errors. The address is
 * LLM_BASE_URL, the operator's own choice, so a model server on loopback or the private network is
 * allowed: `chosenBy: 'operator'`, which no address from a request ever gets (webhooks stay strict).
 */
export function fetchLayerHttpPost(config: Config): HttpPost {
  return async (url, body, headers, signal, maxBytes = MAX_ANSWER_BYTES) => {
    const res = await postUrl(url, body, config, {
      chosenBy: 'operator',
      headers: { accept: 'application/json', ...headers },
      signal,
      timeoutMs: config.LLM_TIMEOUT_MS,
      maxResponseBytes: maxBytes,
      oversize: 'fail',
    });
    return { status: res.status, body: res.body.toString('utf8') };
  };
}
