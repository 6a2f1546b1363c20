import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { BIS_CSV_HEADERS, bisDataUrl } from '../../../../sources/bis/client.js';
import { parseSdmxCsv } from '../../../../sources/formats/sdmx.js';
import { seriesBy } from '../../../../sources/sdmx/series.js';
import { BIS_ECONOMIES, periodToDate } from '../rules.js';
import type { BisPolicyRate } from '../schemas.js';

export const BIS_POLICY_RATES = 'economic.bis-policy-rates';

/** One rate per served economy that has a dated observation, in the table's order. */
export function buildPolicyRates(bytes: Buffer): BisPolicyRate[] {
  const series = seriesBy(parseSdmxCsv(bytes, { requiredColumns: ['REF_AREA'] }), 'REF_AREA');
  const rates: BisPolicyRate[] = [];
  for (const e of BIS_ECONOMIES) {
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
  kind: 'live',
  maxStaleMinutes: 10_080,
  sources: {
    cbpol: {
      url: bisDataUrl('WS_CBPOL', `M.${BIS_ECONOMIES.map((e) => e.code).join('+')}`, { lastNObservations: '3' }),
      sample: 'economic/bis-ws-cbpol-monthly.csv',
      headers: BIS_CSV_HEADERS,
    },
  },
  parse: (payloads) => ({ records: buildPolicyRates(payloads.cbpol!) }),
};
