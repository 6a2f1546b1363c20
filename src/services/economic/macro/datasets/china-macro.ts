import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { NBS_MONTHLY_URL, parseNbsEasyquery, type NbsObservation } from '../../../../sources/nbs/easyquery.js';

export const CHINA_MACRO = 'economic.china-macro';

export interface ChinaMacroInfo {
  /** Newest period with data, YYYY-MM. */
  latestPeriod: string;
}

/** China's official monthly indicators (prices, industry, retail, PMI, exports) from the NBS data portal. */
export const chinaMacroDataset: Dataset<NbsObservation, ChinaMacroInfo> = {
  name: CHINA_MACRO,
  source: 'National Bureau of Statistics of China, monthly indicators (data portal query API)',
  maxStaleMinutes: 36 * 60,
  sources: {
    monthly: { url: NBS_MONTHLY_URL, sample: 'economic/nbs-easyquery-monthly.json', headers: () => ({ accept: 'application/json' }) },
  },
  parse(payloads) {
    const records = parseNbsEasyquery(payloads.monthly!);
    if (!records.length) throw new Error('NBS easyquery: no observation with data');
    return { records, info: { latestPeriod: records.reduce((m, r) => (r.period > m ? r.period : m), '') } };
  },
};
