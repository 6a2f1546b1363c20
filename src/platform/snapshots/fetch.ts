import type { Config } from '../../config.js';
import type { DatasetSource } from './dataset.js';

export const USER_AGENT = 'monitoring-data-service/0.1 (+https://github.com/monitoring-data-service)';

export class UpstreamError extends Error {
  override name = 'UpstreamError';
}

/**
 * Fetches one upstream document with a timeout and our User-Agent. `UPSTREAM_BASE_OVERRIDE`
 * rewrites the origin (scheme, host, port) so tests can serve fixture bytes from a local server.
 */
export async function fetchSource(source: DatasetSource, config: Config, signal?: AbortSignal, now = Date.now()): Promise<Buffer> {
  const get = (url: string) => fetchUrl(url, source, config, signal);
  if (source.fetch) return source.fetch(get, { now, config });
  return get(source.urlAt ? source.urlAt(now) : source.url);
}

async function fetchUrl(address: string, source: DatasetSource, config: Config, signal?: AbortSignal): Promise<Buffer> {
  const url = rewrite(address, config.UPSTREAM_BASE_OVERRIDE);
  const timeout = AbortSignal.timeout(config.UPSTREAM_TIMEOUT_MS);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { 'user-agent': USER_AGENT, accept: '*/*', ...(source.headers?.(config) ?? {}) },
      signal: combined,
      redirect: 'follow',
    });
  } catch (err) {
    const reason = timeout.aborted ? `timed out after ${config.UPSTREAM_TIMEOUT_MS} ms` : (err as Error).message;
    throw new UpstreamError(`GET ${url}: ${reason}`);
  }
  if (!res.ok) throw new UpstreamError(`GET ${url}: HTTP ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

function rewrite(url: string, base: string | undefined): string {
  if (!base) return url;
  const u = new URL(url);
  const b = new URL(base);
  return `${b.origin}${b.pathname.replace(/\/$/, '')}${u.pathname}${u.search}`;
}
