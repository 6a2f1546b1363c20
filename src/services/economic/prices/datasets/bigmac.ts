import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { BIGMAC_RAW_INDEX_URL, parseBigMacCsv, type BigMacObservation } from '../../../../sources/economist/bigmac.js';

export const BIGMAC = 'economic.bigmac';

/** The two newest surveys: the latest prices and the one they are compared with. */
export function lastTwoSurveys(rows: readonly BigMacObservation[]): BigMacObservation[] {
  const dates = [...new Set(rows.map((r) => r.date))].sort().slice(-2);
  return rows.filter((r) => dates.includes(r.date));
}

export const bigMacDataset: Dataset<BigMacObservation> = {
  name: BIGMAC,
  source: 'The Economist, Big Mac index raw data (github.com/TheEconomist/big-mac-data)',
  kind: 'live',
  maxStaleMinutes: 288_000,
  sources: { csv: { url: BIGMAC_RAW_INDEX_URL, sample: 'economic/economist/big-mac-raw-index.csv' } },
  parse(payloads) {
    const records = lastTwoSurveys(parseBigMacCsv(payloads.csv!));
    if (records.length === 0) throw new Error('Big Mac CSV: no usable row');
    return { records };
  },
};
