import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { AGSI_EU_URL, agsiHeaders, parseAgsi, type GasStorageDay } from '../../../../sources/gie/agsi.js';

export const GIE_EU_STORAGE = 'economic.gie-eu-storage';

export const gieStorageDataset: Dataset<GasStorageDay> = {
  name: GIE_EU_STORAGE,
  source: 'Gas Infrastructure Europe, AGSI+ EU aggregate gas storage',
  kind: 'live',
  maxStaleMinutes: 2_880,
  sources: {
    eu: { url: AGSI_EU_URL, sample: 'economic/gie/agsi-eu.json', headers: agsiHeaders },
  },
  parse(payloads) {
    const records = parseAgsi(payloads.eu!);
    if (records.length === 0) throw new Error('AGSI+: no gas day with a fill level');
    return { records };
  },
};
