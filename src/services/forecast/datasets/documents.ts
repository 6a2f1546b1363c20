import type { Config } from '../../../config.js';
import type { DatasetSource } from '../../../platform/snapshots/dataset.js';

const DEFAULT_BASE = 'https://data.worldmonitor.app/forecast/v1';

/** A document of the forecast pipeline, read from the configured base address (FORECAST_SOURCE_URL). */
export function forecastDocumentSource(file: string, sample: string): DatasetSource {
  return {
    url: `${DEFAULT_BASE}/${file}`,
    sample,
    fetch: (get, { config }: { config: Config }) => get(`${config.FORECAST_SOURCE_URL.replace(/\/+$/, '')}/${file}`),
  };
}

export function readJson(bytes: Buffer, what: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`${what} is not JSON: ${(err as Error).message}`);
  }
}

export function isoMs(value: string, what: string): number {
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) throw new Error(`${what} is not a valid date: ${value}`);
  return ms;
}

/** Drops null members so optional message fields read as absent, as the contract has them. */
export function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutNulls) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== null) out[k] = withoutNulls(v);
  return out as T;
}
