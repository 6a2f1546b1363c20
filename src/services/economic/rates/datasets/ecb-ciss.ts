import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { ECB_CSV_HEADERS, ecbDataUrl } from '../../../../sources/ecb/client.js';
import { parseSdmxCsv } from '../../../../sources/formats/sdmx.js';
import { seriesBy } from '../../../../sources/sdmx/series.js';

export const ECB_CISS = 'economic.ecb-ciss';

export interface FsiObservation {
  date: string;
  value: number;
}

const KEY = 'D.U2.Z0Z.4F.EC.SS_CIN.IDX';
const url = (now: number) =>
  ecbDataUrl('CISS', KEY, { startPeriod: new Date(now - 365 * 86_400_000).toISOString().slice(0, 10) });

/** Daily readings of the new composite indicator of systemic stress, oldest first; values outside 0-1 are dropped. */
export function buildCiss(bytes: Buffer): FsiObservation[] {
  const obs = [...seriesBy(parseSdmxCsv(bytes), 'KEY').values()].flat();
  const out = obs
    .filter((o) => o.value >= 0 && o.value <= 1 && /^\d{4}-\d{2}-\d{2}$/.test(o.period))
    .map((o) => ({ date: o.period, value: o.value }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  if (out.length === 0) throw new Error('ECB CISS: no reading within 0-1');
  return out;
}

export const ecbCissDataset: Dataset<FsiObservation> = {
  name: ECB_CISS,
  source: 'European Central Bank, new composite indicator of systemic stress (CISS), euro area, daily',
  kind: 'live',
  maxStaleMinutes: 5_760,
  sources: {
    ciss: {
      url: url(Date.UTC(2026, 10, 20)),
      urlAt: url,
      sample: 'economic/ecb/ciss-daily.csv',
      headers: ECB_CSV_HEADERS,
    },
  },
  parse: (payloads) => ({ records: buildCiss(payloads.ciss!) }),
};
