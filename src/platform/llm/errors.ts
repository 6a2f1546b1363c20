/** Why the model provider gave no usable answer. */
export type LlmFailure = 'disabled' | 'timeout' | 'aborted' | 'network' | 'http' | 'malformed' | 'oversize';

/**
 * The model provider could not answer. The message names the endpoint path and the cause (status,
 * timeout, network error, malformed body) and never the API key, the base URL or request headers: it is
 * safe to log, store and put in an answer.
 */
export class LlmUnavailable extends Error {
  override name = 'LlmUnavailable';
  constructor(
    readonly reason: LlmFailure,
    message: string,
    /** The provider's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Replaces every occurrence of each secret in `text` (by value, whatever parameter carried it). */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('[redacted]');
  return out;
}
