import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { BIS_CSV_HEADERS, bisDataUrl } from '../../../../sources/bis/client.js';
import { parseSdmxCsv } from '../../../../sources/formats/sdmx.js';
import { seriesBy } from '../../../../sources/sdmx/series.js';
import { BIS_ECONOMIES, round } from '../rules.js';
import type { BisCreditToGdp } from '../schemas.js';

export const BIS_CREDIT = 'economic.bis-credit';

/** Total credit to the non-financial sector from all lenders, market value, percent of GDP, break-adjusted. */
const KEY = `Q.${BIS_ECONOMIES.map((e) => e.code).join('+')}.C.A.M.770.A`;
const url = (now: number) => bisDataUrl('WS_TC', KEY, { startPeriod: `${new Date(now).getUTCFullYear() - 2}-Q1` });

/** Latest quarterly credit-to-GDP ratio per economy and the quarter before it (the same when there is none). */
export function buildCreditToGdp(bytes: Buffer): BisCreditToGdp[] {
  const series = seriesBy(parseSdmxCsv(bytes, { requiredColumns: ['BORROWERS_CTY'] }), 'BORROWERS_CTY');
  const out: BisCreditToGdp[] = [];
  for (const e of BIS_ECONOMIES) {
    const obs = (series.get(e.code) ?? []).filter((o) => /^\d{4}-Q[1-4]$/.test(o.period));
    const latest = obs.at(-1);
    if (!latest) continue;
    out.push({
      countryCode: e.code,
      countryName: e.name,
      creditGdpRatio: round(latest.value, 1),
      previousRatio: round(obs.at(-2)?.value ?? latest.value, 1),
      date: latest.period,
    });
  }
  if (out.length === 0) throw new Error('BIS WS_TC: no economy has a credit-to-GDP ratio');
  return out;
}

export const bisCreditDataset: Dataset<BisCreditToGdp> = {
  name: BIS_CREDIT,
  source: 'Bank for International Settlements, total credit to the non-financial sector (WS_TC), percent of GDP',
  kind: 'live',
  maxStaleMinutes: 20_160,
  sources: {
    tc: {
      url: url(Date.UTC(2026, 10, 1)),
      urlAt: url,
      sample: 'economic/bis-ws-tc-quarterly.csv',
      headers: BIS_CSV_HEADERS,
    },
  },
  parse: (payloads) => ({ records: buildCreditToGdp(payloads.tc!) }),
};
