import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { ECB_CSV_HEADERS, ecbDataUrl } from '../../../../sources/ecb/client.js';
import { parseSdmxCsv } from '../../../../sources/formats/sdmx.js';
import { seriesBy } from '../../../../sources/sdmx/series.js';
import { ECB_FX_CURRENCIES, round } from '../rules.js';
import type { EcbFxRate } from '../schemas.js';

export const ECB_FX = 'economic.ecb-fx';

/** At least this many pairs make a usable snapshot. */
const MIN_PAIRS = 3;

/** Latest reference rate per pair with its change from the day before (absolute, 6 decimals). */
export function buildEcbFx(bytes: Buffer): EcbFxRate[] {
  const series = seriesBy(parseSdmxCsv(bytes, { requiredColumns: ['CURRENCY'] }), 'CURRENCY');
  const out: EcbFxRate[] = [];
  for (const ccy of ECB_FX_CURRENCIES) {
    const obs = series.get(ccy) ?? [];
    const latest = obs.at(-1);
    if (!latest) continue;
    const previous = obs.at(-2);
    out.push({
      pair: `EUR${ccy}`,
      rate: round(latest.value, 6),
      date: latest.period,
      change1d: previous ? round(latest.value - previous.value, 6) : 0,
    });
  }
  if (out.length < MIN_PAIRS) throw new Error(`ECB EXR: only ${out.length} currency pairs have a rate`);
  return out;
}

export const ecbFxDataset: Dataset<EcbFxRate> = {
  name: ECB_FX,
  source: 'European Central Bank, euro foreign exchange reference rates (EXR)',
  kind: 'live',
  maxStaleMinutes: 5_760,
  sources: {
    exr: {
      url: ecbDataUrl('EXR', `D.${ECB_FX_CURRENCIES.join('+')}.EUR.SP00.A`, { lastNObservations: '5' }),
      sample: 'economic/ecb/exr-daily.csv',
      headers: ECB_CSV_HEADERS,
    },
  },
  parse: (payloads) => ({ records: buildEcbFx(payloads.exr!) }),
};
