import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { FAO_FFPI_CSV_URL, parseFfpiCsv, type FoodPriceMonth } from '../../../../sources/fao/ffpi.js';

export const FAO_FFPI = 'economic.fao-ffpi';

/** Months kept: a year and one, so the latest has its year-ago comparison. */
const KEEP = 13;

export const faoFfpiDataset: Dataset<FoodPriceMonth> = {
  name: FAO_FFPI,
  source: 'Food and Agriculture Organization of the United Nations, FAO Food Price Index',
  kind: 'live',
  maxStaleMinutes: 86_400,
  sources: {
    csv: {
      url: FAO_FFPI_CSV_URL,
      sample: 'economic/fao/food_price_indices_data.csv',
      headers: () => ({ accept: 'text/csv' }),
    },
  },
  parse(payloads) {
    const months = parseFfpiCsv(payloads.csv!);
    if (months.length === 0) throw new Error('FAO: no monthly index rows');
    return { records: months.slice(-KEEP) };
  },
};
