import { USER_AGENT } from '../snapshots/fetch.js';

export interface HttpAnswer {
  status: number;
  body: string;
}

/**
 * The one seam through which the model provider reaches the network: POST `body` (JSON text) to `url`.
 * Resolves with any HTTP status; rejects only when no answer arrived (network error, abort). The
 * integrator points this at the hardened fetch layer; tests may inject their own.
 */
export type HttpPost = (url: string, body: string, headers: Record<string, string>, signal: AbortSignal) => Promise<HttpAnswer>;

/** Largest provider answer read; past it the call fails instead of growing memory. */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** `HttpPost` over the global fetch, with our User-Agent, no redirects and a byte cap on the answer. */
export const fetchHttpPost: HttpPost = async (url, body, headers, signal) => {
  const res = await fetch(url, {
    method: 'POST',
    body,
    headers: { 'user-agent': USER_AGENT, accept: 'application/json', 'content-type': 'application/json', ...headers },
    signal,
    // A provider that redirects would carry the bearer token elsewhere: refuse instead.
    redirect: 'error',
  });
  const chunks: Buffer[] = [];
  let size = 0;
  if (res.body) {
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > MAX_ANSWER_BYTES) {
        await res.body.cancel().catch(() => undefined);
        throw new Error(`answer larger than ${MAX_ANSWER_BYTES} bytes`);
      }
      chunks.push(Buffer.from(chunk));
    }
  }
  return { status: res.status, body: Buffer.concat(chunks).toString('utf8') };
};
