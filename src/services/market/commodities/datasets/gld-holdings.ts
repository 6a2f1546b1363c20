import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { GLD_ARCHIVE_URL, GLD_HEADERS, type GldDay, parseGldArchive } from '../../../../sources/spdr/gld.js';

export const GLD_HOLDINGS = 'market.gld-holdings';

/** About a year and a half of sessions: enough for the one-year change. */
const KEEP = 300;

export const gldHoldingsDataset: Dataset<GldDay> = {
  name: GLD_HOLDINGS,
  source: 'SPDR Gold Shares (GLD) historical archive',
  kind: 'live',
  maxStaleMinutes: 2 * 24 * 60,
  sources: {
    archive: { url: GLD_ARCHIVE_URL, sample: 'market/spdr-gld-historical-archive.xlsx', headers: () => GLD_HEADERS },
  },
  parse: (payloads) => ({ records: parseGldArchive(payloads.archive!).slice(-KEEP) }),
};
