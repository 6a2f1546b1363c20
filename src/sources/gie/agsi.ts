import type { Config } from '../../config.js';

/**
 * GIE AGSI+ (Aggregated Gas Storage Inventory, https://agsi.gie.eu). JSON; the free API key goes in
 * the `x-key` header and is optional for light use. `type=eu` gives the EU aggregate per gas day,
 * newest first.
 */
export const AGSI_EU_URL = 'https://agsi.gie.eu/api?type=eu&size=5';

export function agsiHeaders(config: Pick<Config, 'GIE_API_KEY'>): Record<string, string> {
  return config.GIE_API_KEY ? { 'x-key': config.GIE_API_KEY } : {};
}

export interface GasStorageDay {
  /** Gas day, YYYY-MM-DD. */
  gasDay: string;
  /** Share of working gas capacity in storage, percent. */
  fullPct: number;
  /** Gas in storage, TWh. */
  gasInStorageTwh: number;
}

const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);

/** Gas days with a fill level and a stored volume, newest first. Refuses a body without a `data` array. */
export function parseAgsi(input: Buffer | string): GasStorageDay[] {
  let doc: unknown;
  try {
    doc = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch {
    throw new Error('AGSI+: answer is not JSON');
  }
  const data = (doc as { data?: unknown })?.data;
  if (!Array.isArray(data)) throw new Error('AGSI+: answer has no data array');
  const out: GasStorageDay[] = [];
  for (const row of data as Record<string, unknown>[]) {
    const gasDay = String(row?.gasDayStart ?? '');
    const fullPct = num(row?.full);
    const gasInStorageTwh = num(row?.gasInStorage);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(gasDay) || !Number.isFinite(fullPct) || !Number.isFinite(gasInStorageTwh)) continue;
    out.push({ gasDay, fullPct, gasInStorageTwh });
  }
  return out.sort((a, b) => (a.gasDay < b.gasDay ? 1 : a.gasDay > b.gasDay ? -1 : 0));
}

/** One country's storage answer: `country=DE` gives that country's gas days, newest first. */
export function agsiCountryUrl(country: string, size = 2): string {
  return `https://agsi.gie.eu/api?country=${encodeURIComponent(country)}&size=${size}`;
}

export interface CountryGasStorageDay extends GasStorageDay {
  /** ISO alpha-2 of the country, as AGSI+ writes it in `code`. */
  country: string;
  /** Change of the fill level over the day, percentage points. */
  trendPct: number;
}

/**
 * Country rows (`code` is the ISO alpha-2) with a fill level and a stored volume, newest first per
 * country. Rows of aggregates (`eu`, `ne`) are left out.
 */
export function parseAgsiCountries(input: Buffer | string): CountryGasStorageDay[] {
  let doc: unknown;
  try {
    doc = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch {
    throw new Error('AGSI+: answer is not JSON');
  }
  const data = (doc as { data?: unknown })?.data;
  if (!Array.isArray(data)) throw new Error('AGSI+: answer has no data array');
  const out: CountryGasStorageDay[] = [];
  for (const row of data as Record<string, unknown>[]) {
    const country = String(row?.code ?? '');
    const gasDay = String(row?.gasDayStart ?? '');
    const fullPct = num(row?.full);
    const gasInStorageTwh = num(row?.gasInStorage);
    const trend = num(row?.trend);
    if (
      !/^[A-Z]{2}$/.test(country) ||
      !/^\d{4}-\d{2}-\d{2}$/.test(gasDay) ||
      !Number.isFinite(fullPct) ||
      !Number.isFinite(gasInStorageTwh)
    )
      continue;
    out.push({ country, gasDay, fullPct, gasInStorageTwh, trendPct: Number.isFinite(trend) ? trend : 0 });
  }
  return out.sort((a, b) =>
    a.country !== b.country ? (a.country < b.country ? -1 : 1) : a.gasDay < b.gasDay ? 1 : a.gasDay > b.gasDay ? -1 : 0,
  );
}
