import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { countryByName } from '../../../../reference/countries.js';
import { parseTivTable, SIPRI_TIV_URL } from '../../../../sources/sipri/arms-transfers.js';
import {
  indicatorUrl,
  parseWorldBankIndicator,
  type WorldBankObservation,
} from '../../../../sources/worldbank/indicators.js';
import { latestPair, supplierDependence, type IndustrialMetric, type SupplierDependence } from '../rules.js';

export const INDUSTRIAL_BASE = 'military.industrial-base';
export const ARMS_SUPPLIERS = 'military.arms-suppliers';

/** Response field -> World Bank indicator. */
export const INDUSTRIAL_INDICATORS = {
  expenditurePctGdp: 'MS.MIL.XPND.GD.ZS',
  expenditureUsd: 'MS.MIL.XPND.CD',
  personnel: 'MS.MIL.TOTL.P1',
  armsExportsTiv: 'MS.MIL.XPRT.KD',
  armsImportsTiv: 'MS.MIL.MPRT.KD',
} as const;
export type IndustrialField = keyof typeof INDUSTRIAL_INDICATORS;

export interface IndustrialBaseRecord {
  countryCode: string;
  metrics: Record<IndustrialField, IndustrialMetric>;
}

export interface ArmsSuppliersRecord extends SupplierDependence {
  countryCode: string;
  windowStartYear: number;
  windowEndYear: number;
}

/** Five indicator pages -> one record per country with at least one value (aggregates such as `1W` are dropped). */
export function parseIndustrialBase(payloads: Partial<Record<string, Buffer>>): IndustrialBaseRecord[] {
  const byCountry = new Map<string, Map<string, WorldBankObservation[]>>();
  for (const indicator of Object.values(INDUSTRIAL_INDICATORS)) {
    const bytes = payloads[indicator];
    if (!bytes) throw new Error(`World Bank page for ${indicator} is missing`);
    for (const o of parseWorldBankIndicator(bytes)) {
      if (o.indicator !== indicator || !/^[A-Z]{2}$/.test(o.countryIso2) || /\d/.test(o.countryIso2)) continue;
      const m = byCountry.get(o.countryIso2) ?? new Map<string, WorldBankObservation[]>();
      m.set(indicator, [...(m.get(indicator) ?? []), o]);
      byCountry.set(o.countryIso2, m);
    }
  }
  const records: IndustrialBaseRecord[] = [];
  for (const [countryCode, m] of [...byCountry].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const metrics = Object.fromEntries(
      Object.entries(INDUSTRIAL_INDICATORS).map(([field, id]) => [
        field,
        latestPair(m.get(id) ?? [], `World Bank ${id}`),
      ]),
    ) as Record<IndustrialField, IndustrialMetric>;
    if (Object.values(metrics).some((x) => x.available)) records.push({ countryCode, metrics });
  }
  return records;
}

/** SIPRI TIV table -> supplier dependence per importer over the table's years. */
export function parseArmsSuppliers(bytes: Buffer): ArmsSuppliersRecord[] {
  const { years, rows } = parseTivTable(bytes);
  const byRecipient = new Map<string, { iso2: string | undefined; tiv: number }[]>();
  for (const r of rows) {
    const list = byRecipient.get(r.recipient) ?? [];
    list.push({ iso2: countryByName(r.supplier)?.alpha2, tiv: [...r.byYear.values()].reduce((s, v) => s + v, 0) });
    byRecipient.set(r.recipient, list);
  }
  const records: ArmsSuppliersRecord[] = [];
  for (const [recipient, suppliers] of byRecipient) {
    const country = countryByName(recipient);
    if (!country) continue;
    records.push({
      countryCode: country.alpha2,
      windowStartYear: Math.min(...years),
      windowEndYear: Math.max(...years),
      ...supplierDependence(suppliers),
    });
  }
  return records.sort((a, b) => (a.countryCode < b.countryCode ? -1 : 1));
}

export const industrialBaseDataset: Dataset<IndustrialBaseRecord> = {
  name: INDUSTRIAL_BASE,
  source: 'World Bank World Development Indicators: military expenditure, armed forces personnel, arms trade',
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 30,
  sources: Object.fromEntries(
    Object.values(INDUSTRIAL_INDICATORS).map((id) => [
      id,
      { url: indicatorUrl(id), sample: `military/worldbank-${id.toLowerCase()}.json` },
    ]),
  ),
  parse(payloads) {
    return { records: parseIndustrialBase(payloads) };
  },
};

export const armsSuppliersDataset: Dataset<ArmsSuppliersRecord> = {
  name: ARMS_SUPPLIERS,
  source: 'SIPRI Arms Transfers Database (trend-indicator values by recipient and supplier)',
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 30,
  sources: { tiv: { url: SIPRI_TIV_URL, sample: 'military/sipri-tiv-importers.csv' } },
  parse(payloads) {
    return { records: parseArmsSuppliers(payloads.tiv!) };
  },
};
