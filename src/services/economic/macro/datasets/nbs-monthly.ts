import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { NBS_MONTHLY_URL, parseNbsEasyquery, type NbsObservation } from '../../../../sources/nbs/easyquery.js';

/** A different upstream from the China macro snapshot's press releases (economic/china): NBS's query API. */
export const NBS_MONTHLY = 'economic.nbs-monthly';

export interface NbsMonthlyInfo {
  /** Newest period with data, YYYY-MM. */
  latestPeriod: string;
}

/** China's official monthly indicators (prices, industry, retail, PMI, exports) from the NBS data portal. */
export const nbsMonthlyDataset: Dataset<NbsObservation, NbsMonthlyInfo> = {
  name: NBS_MONTHLY,
  source: 'National Bureau of Statistics of China, monthly indicators (data portal query API)',
  kind: 'live',
  maxStaleMinutes: 36 * 60,
  sources: {
    monthly: {
      url: NBS_MONTHLY_URL,
      sample: 'economic/nbs-easyquery-monthly.json',
      headers: () => ({ accept: 'application/json' }),
    },
  },
  parse(payloads) {
    const records = parseNbsEasyquery(payloads.monthly!);
    if (!records.length) throw new Error('NBS easyquery: no observation with data');
    return { records, info: { latestPeriod: records.reduce((m, r) => (r.period > m ? r.period : m), '') } };
  },
};
