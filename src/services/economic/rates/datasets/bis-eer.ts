import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { BIS_CSV_HEADERS, bisDataUrl } from '../../../../sources/bis/client.js';
import { parseSdmxCsv } from '../../../../sources/formats/sdmx.js';
import { obsValue } from '../../../../sources/sdmx/series.js';
import { BIS_ECONOMIES, monthsBack, pctChange1, round } from '../rules.js';
import type { BisExchangeRate } from '../schemas.js';

export const BIS_EER = 'economic.bis-eer';

const KEY = `M.N+R.B.${BIS_ECONOMIES.map((e) => e.code).join('+')}`;
const url = (now: number) => bisDataUrl('WS_EER', KEY, { startPeriod: monthsBack(now, 4) });

/**
 * Latest monthly real effective exchange rate (broad basket) per economy with its change from the
 * month before, and the nominal index of the same month. An economy without a real index is left out.
 */
export function buildExchangeRates(bytes: Buffer): BisExchangeRate[] {
  const real = new Map<string, { period: string; value: number }[]>();
  const nominal = new Map<string, Map<string, number>>();
  for (const row of parseSdmxCsv(bytes, { requiredColumns: ['REF_AREA', 'EER_TYPE'] })) {
    const value = obsValue(row.OBS_VALUE);
    const area = (row.REF_AREA ?? '').toUpperCase();
    if (value === undefined || !/^\d{4}-\d{2}$/.test(row.TIME_PERIOD ?? '')) continue;
    if (row.EER_TYPE === 'R')
      (real.get(area) ?? real.set(area, []).get(area)!).push({ period: row.TIME_PERIOD, value });
    else if (row.EER_TYPE === 'N')
      (nominal.get(area) ?? nominal.set(area, new Map()).get(area)!).set(row.TIME_PERIOD, value);
  }
  const out: BisExchangeRate[] = [];
  for (const e of BIS_ECONOMIES) {
    const obs = (real.get(e.code) ?? []).sort((a, b) => (a.period < b.period ? -1 : 1));
    const latest = obs.at(-1);
    if (!latest) continue;
    out.push({
      countryCode: e.code,
      countryName: e.name,
      realEer: round(latest.value, 2),
      nominalEer: round(nominal.get(e.code)?.get(latest.period) ?? 0, 2),
      realChange: pctChange1(latest.value, obs.at(-2)?.value),
      date: latest.period,
    });
  }
  if (out.length === 0) throw new Error('BIS WS_EER: no economy has a real effective exchange rate');
  return out;
}

export const bisEerDataset: Dataset<BisExchangeRate> = {
  name: BIS_EER,
  source: 'Bank for International Settlements, effective exchange rates (WS_EER), broad basket, monthly',
  kind: 'live',
  maxStaleMinutes: 10_080,
  sources: {
    eer: {
      url: url(Date.UTC(2026, 10, 1)),
      urlAt: url,
      sample: 'economic/bis-ws-eer-monthly.csv',
      headers: BIS_CSV_HEADERS,
    },
  },
  parse: (payloads) => ({ records: buildExchangeRates(payloads.eer!) }),
};
