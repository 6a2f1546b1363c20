import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import {
  EDGAR_HEADERS,
  edgarCurrentFeedUrl,
  parseCurrentFilings,
  type CurrentFiling,
} from '../../../../sources/sec-edgar/current-filings.js';

export const SEC_CURRENT_FILINGS = 'intelligence.sec-current-filings';

export interface CurrentFilingsInfo {
  /** The feed's own `<updated>` time, epoch ms (0 when absent). */
  updatedAt: number;
}

/** EDGAR's latest 8-K filings, every entry kept (routine ones too: the filings search indexes them). */
export const currentFilingsDataset: Dataset<CurrentFiling, CurrentFilingsInfo> = {
  name: SEC_CURRENT_FILINGS,
  source: 'SEC EDGAR latest filings (8-K)',
  kind: 'live',
  maxStaleMinutes: 120,
  sources: {
    atom: { url: edgarCurrentFeedUrl('8-K'), sample: 'intelligence/sec-current-8k.atom', headers: () => EDGAR_HEADERS },
  },
  parse(payloads) {
    const { filings, updatedAt } = parseCurrentFilings(payloads.atom!);
    return { records: filings, info: { updatedAt } };
  },
};
