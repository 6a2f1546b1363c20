import type { Dataset, DatasetSource } from '../../../platform/snapshots/dataset.js';
import { parseWtoData, wtoDataUrl, wtoHeaders, type WtoObservation } from '../../../sources/wto/timeseries.js';

export const WTO_INDICATORS = 'trade.wto-indicators';

/** The WTO indicators the trade operations read, by what they measure. */
export const WTO = {
  /** Simple average MFN applied tariff, all products, percent. */
  mfnAllProducts: 'TP_A_0010',
  /** Simple average MFN applied tariff, agricultural products, percent. */
  mfnAgricultural: 'TP_A_0160',
  /** Simple average MFN applied tariff, non-agricultural products, percent. */
  mfnNonAgricultural: 'TP_A_0430',
  /** Merchandise exports to the world, millions of US dollars. */
  merchandiseExports: 'ITS_MTV_AX',
  /** Merchandise imports from the world, millions of US dollars. */
  merchandiseImports: 'ITS_MTV_AM',
} as const;

const HISTORY_YEARS = 30;

function source(indicator: string): DatasetSource {
  const year = new Date().getUTCFullYear();
  return {
    url: wtoDataUrl(indicator, year - HISTORY_YEARS, year),
    urlAt: (now) => {
      const y = new Date(now).getUTCFullYear();
      return wtoDataUrl(indicator, y - HISTORY_YEARS, y);
    },
    sample: `trade/wto-${indicator.toLowerCase()}.json`,
    requires: ['WTO_API_KEY'],
    headers: (config) => wtoHeaders(config.WTO_API_KEY),
  };
}

/**
 * Annual WTO observations for tariffs and merchandise trade, every reporter, as one snapshot: the
 * tariff, barrier, tariff-trend and trade-flow operations all derive from it.
 */
export const wtoIndicatorsDataset: Dataset<WtoObservation> = {
  name: WTO_INDICATORS,
  source: 'World Trade Organization Timeseries API',
  kind: 'live',
  maxStaleMinutes: 3 * 24 * 60,
  sources: Object.fromEntries(Object.values(WTO).map((i) => [i, source(i)])),
  parse(payloads) {
    const records: WtoObservation[] = [];
    for (const indicator of Object.values(WTO)) {
      const bytes = payloads[indicator];
      if (!bytes) throw new Error(`WTO: no payload for ${indicator}`);
      // Each request names one indicator; rows of another (a mis-routed answer) are not trusted.
      for (const o of parseWtoData(bytes)) if (o.indicator === indicator) records.push(o);
    }
    return { records };
  },
};
