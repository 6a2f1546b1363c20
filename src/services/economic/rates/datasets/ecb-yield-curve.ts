import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { ECB_CSV_HEADERS, ecbDataUrl } from '../../../../sources/ecb/client.js';
import { parseSdmxCsv } from '../../../../sources/formats/sdmx.js';
import { obsValue } from '../../../../sources/sdmx/series.js';
import { MIN_YIELD_TENORS, round, YIELD_TENORS } from '../rules.js';

export const ECB_YIELD_CURVE = 'economic.ecb-yield-curve';

/** One spot rate of the curve. */
export interface CurvePoint {
  tenor: string;
  date: string;
  rate: number;
}

/** The newest spot rate of each served tenor (3 decimals); fewer than four tenors is refused. */
export function buildYieldCurve(bytes: Buffer): CurvePoint[] {
  const latest = new Map<string, CurvePoint>();
  for (const row of parseSdmxCsv(bytes, { requiredColumns: ['DATA_TYPE_FM'] })) {
    const tenor = /^SR_(\d+Y)$/.exec(row.DATA_TYPE_FM ?? '')?.[1];
    const value = obsValue(row.OBS_VALUE);
    if (!tenor || !YIELD_TENORS.includes(tenor) || value === undefined) continue;
    const prev = latest.get(tenor);
    if (!prev || row.TIME_PERIOD > prev.date)
      latest.set(tenor, { tenor, date: row.TIME_PERIOD, rate: round(value, 3) });
  }
  const out = YIELD_TENORS.map((t) => latest.get(t)).filter((p) => p !== undefined);
  if (out.length < MIN_YIELD_TENORS) throw new Error(`ECB YC: only ${out.length} tenors have a spot rate`);
  return out;
}

export const ecbYieldCurveDataset: Dataset<CurvePoint> = {
  name: ECB_YIELD_CURVE,
  source: 'European Central Bank, euro area yield curves (YC), AAA-rated government bonds, spot rates',
  kind: 'live',
  maxStaleMinutes: 5_760,
  sources: {
    yc: {
      url: ecbDataUrl('YC', `B.U2.EUR.4F.G_N_A.SV_C_YM.${YIELD_TENORS.map((t) => `SR_${t}`).join('+')}`, {
        lastNObservations: '1',
      }),
      sample: 'economic/ecb/yc-aaa-spot.csv',
      headers: ECB_CSV_HEADERS,
    },
  },
  parse: (payloads) => ({ records: buildYieldCurve(payloads.yc!) }),
};
