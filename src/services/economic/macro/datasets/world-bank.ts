import type { Dataset, DatasetSource } from '../../../../platform/snapshots/dataset.js';
import { parseWorldBankIndicator, worldBankIndicatorUrl } from '../../../../sources/worldbank/indicators.js';
import { WORLD_BANK_COUNTRIES, WORLD_BANK_INDICATORS, WORLD_BANK_YEARS } from '../rules.js';

export const WORLD_BANK = 'economic.world-bank-indicators';

/** One stored value: a country's figure for one indicator and year (unpublished years are left out). */
export interface WorldBankRow {
  indicatorCode: string;
  indicatorName: string;
  /** ISO 3166-1 alpha-3. */
  countryCode: string;
  countryName: string;
  year: number;
  value: number;
}

const url = (code: string) => (now: number) => {
  const year = new Date(now).getUTCFullYear();
  return worldBankIndicatorUrl(code, WORLD_BANK_COUNTRIES, year - WORLD_BANK_YEARS, year);
};

const sources: Record<string, DatasetSource> = {};
for (const i of WORLD_BANK_INDICATORS) {
  sources[i.code] = {
    url: url(i.code)(Date.UTC(2026, 0, 1)),
    urlAt: url(i.code),
    sample: `economic/worldbank/${i.code}.json`,
    optional: true,
  };
}

/** Rows of every indicator that answered, in World Bank order; at least one indicator must. */
export function buildWorldBank(payloads: Partial<Record<string, Buffer>>): WorldBankRow[] {
  const out: WorldBankRow[] = [];
  for (const i of WORLD_BANK_INDICATORS) {
    const bytes = payloads[i.code];
    if (!bytes) continue;
    for (const r of parseWorldBankIndicator(bytes)) {
      if (r.value === null || !/^[A-Z]{3}$/.test(r.countryIso3)) continue;
      out.push({
        indicatorCode: i.code,
        indicatorName: r.indicatorName,
        countryCode: r.countryIso3,
        countryName: r.countryName,
        year: r.year,
        value: r.value,
      });
    }
  }
  if (out.length === 0) throw new Error('World Bank: no indicator has a value');
  return out;
}

export const worldBankDataset: Dataset<WorldBankRow> = {
  name: WORLD_BANK,
  source: 'World Bank, World Development Indicators (API v2)',
  kind: 'live',
  maxStaleMinutes: 20_160,
  sources,
  parse: (payloads) => ({ records: buildWorldBank(payloads) }),
};
