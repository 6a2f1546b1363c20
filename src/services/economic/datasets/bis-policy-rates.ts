import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { parseSdmxCsv } from '../../../sources/formats/sdmx.js';
import { periodToDate, POLICY_RATE_ECONOMIES } from '../rules.js';
import type { BisPolicyRate } from '../schemas.js';

export const BIS_POLICY_RATES = 'economic.bis-policy-rates';

/**
 * SDMX-CSV from the BIS data API: one observation per row, columns found by their header id
 * (a labelled header such as `REF_AREA:Reference area` counts as `REF_AREA`). Rows without a
 * numeric value are skipped. Returns observations per reference area, oldest first.
 */
export function policyRateSeries(bytes: Buffer): Map<string, { period: string; value: number }[]> {
  const out = new Map<string, { period: string; value: number }[]>();
  for (const row of parseSdmxCsv(bytes, { requiredColumns: ['REF_AREA'] })) {
    const raw = row.OBS_VALUE.trim();
    const v = Number(raw);
    if (raw === '' || raw.toUpperCase() === 'NAN' || !Number.isFinite(v)) continue;
    const code = row.REF_AREA.trim().toUpperCase();
    if (!out.has(code)) out.set(code, []);
    out.get(code)!.push({ period: row.TIME_PERIOD.trim(), value: v });
  }
  for (const obs of out.values()) obs.sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0));
  return out;
}

/** One rate per served economy that has a dated observation, in the table's order. */
export function buildPolicyRates(bytes: Buffer): BisPolicyRate[] {
  const series = policyRateSeries(bytes);
  const rates: BisPolicyRate[] = [];
  for (const e of POLICY_RATE_ECONOMIES) {
    const obs = (series.get(e.code) ?? []).filter((o) => periodToDate(o.period) !== undefined);
    const latest = obs.at(-1);
    if (!latest) continue;
    rates.push({
      countryCode: e.code,
      countryName: e.name,
      rate: latest.value,
      previousRate: obs.at(-2)?.value ?? latest.value,
      date: periodToDate(latest.period)!,
      centralBank: e.centralBank,
    });
  }
  return rates;
}

export const bisPolicyRatesDataset: Dataset<BisPolicyRate> = {
  name: BIS_POLICY_RATES,
  source: 'Bank for International Settlements, central bank policy rates (WS_CBPOL)',
  maxStaleMinutes: 10_080,
  sources: {
    cbpol: {
      url:
        `https://stats.bis.org/api/v1/data/WS_CBPOL/M.${POLICY_RATE_ECONOMIES.map((e) => e.code).join('+')}/all` +
        '?lastNObservations=3&detail=dataonly&format=csv',
      sample: 'economic/bis-ws-cbpol-monthly.csv',
      headers: () => ({ accept: 'text/csv' }),
    },
  },
  parse: (payloads) => ({ records: buildPolicyRates(payloads.cbpol!) }),
};
