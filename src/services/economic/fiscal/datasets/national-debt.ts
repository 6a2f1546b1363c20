import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { imfHeaders, parseWeo, weoUrl } from '../../../../sources/imf/weo.js';
import { DEBT_TO_PENNY_URL, parseDebtToPenny } from '../../../../sources/treasury/fiscaldata.js';
import { debtEntry, isWeoCountry, type DebtEntry } from '../rules.js';

export const NATIONAL_DEBT = 'economic.national-debt';

export interface NationalDebtRecord extends DebtEntry {
  /** 1 January of the WEO vintage year, Unix epoch milliseconds. */
  baselineTs: number;
  source: string;
}

/** Fewer countries than this means a broken WEO answer rather than the world. */
const MIN_ENTRIES = 3;

const INDICATORS = { debt: 'GGXWDG_NGDP', gdp: 'NGDPD', netLending: 'GGXCNL_NGDP' } as const;

/**
 * Debt clocks for every WEO country with a debt ratio and GDP, largest debt first. The vintage year
 * is the newest year any country has a debt ratio for; the United States uses the Treasury's total
 * public debt outstanding when that answer is there.
 */
export function buildNationalDebt(payloads: Partial<Record<string, Buffer>>): {
  records: NationalDebtRecord[];
  info: { vintageYear: number };
} {
  const debt = parseWeo(payloads.debt!);
  const gdp = parseWeo(payloads.gdp!);
  const netLending = parseWeo(payloads.netLending!);
  const treasury = payloads.treasury ? parseDebtToPenny(payloads.treasury) : undefined;
  const years = [...debt.entries()]
    .filter(([c]) => isWeoCountry(c))
    .flatMap(([, y]) => [...y.entries()].filter(([, v]) => v > 0).map(([yr]) => yr));
  if (years.length === 0) throw new Error('IMF WEO: no country has a debt ratio');
  const vintageYear = Math.max(...years);
  const records: NationalDebtRecord[] = [];
  for (const [iso3, debtPct] of debt) {
    if (!isWeoCountry(iso3)) continue;
    const us = iso3 === 'USA' && treasury ? treasury.totalPublicDebt : undefined;
    const entry = debtEntry(
      iso3,
      { debtPct, gdpBn: gdp.get(iso3) ?? new Map(), netLendingPct: netLending.get(iso3) ?? new Map() },
      us,
    );
    if (!entry) continue;
    records.push({
      ...entry,
      baselineTs: Date.UTC(vintageYear, 0, 1),
      source: `IMF WEO ${vintageYear}${us !== undefined ? ' + US Treasury FiscalData' : ''}`,
    });
  }
  if (records.length < MIN_ENTRIES) throw new Error(`IMF WEO: only ${records.length} countries have debt and GDP`);
  records.sort((a, b) => b.debtUsd - a.debtUsd || (a.iso3 < b.iso3 ? -1 : 1));
  return { records, info: { vintageYear } };
}

export const nationalDebtDataset: Dataset<NationalDebtRecord, { vintageYear: number }> = {
  name: NATIONAL_DEBT,
  source: 'IMF World Economic Outlook (gross debt, GDP, net lending) and US Treasury FiscalData (debt to the penny)',
  kind: 'live',
  maxStaleMinutes: 86_400,
  sources: {
    debt: { url: weoUrl(INDICATORS.debt), sample: 'economic/imf/weo-GGXWDG_NGDP.json', headers: imfHeaders },
    gdp: { url: weoUrl(INDICATORS.gdp), sample: 'economic/imf/weo-NGDPD.json', headers: imfHeaders },
    netLending: {
      url: weoUrl(INDICATORS.netLending),
      sample: 'economic/imf/weo-GGXCNL_NGDP.json',
      headers: imfHeaders,
    },
    treasury: { url: DEBT_TO_PENNY_URL, sample: 'economic/treasury/debt_to_penny.json', optional: true },
  },
  parse: (payloads) => buildNationalDebt(payloads),
};
