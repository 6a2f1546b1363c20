import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { GML_TRENDS, parseGmlTable } from '../../../sources/noaa-gml/gml.js';
import { co2Summary } from '../rules.js';
import type { Co2Monitoring } from '../schemas.js';

export const CO2_MONITORING = 'climate.co2-monitoring';

/** Values at or below zero are GML's missing-value sentinels. */
const present = (rows: number[][], col: number) => rows.filter((r) => r[col] > 0);

export function co2MonitoringFrom(p: Partial<Record<string, Buffer>>): Co2Monitoring {
  const daily = present(parseGmlTable(p.daily!, 5, 'co2_daily_mlo'), 4).map((r) => ({
    at: Date.UTC(r[0], r[1] - 1, r[2]),
    ppm: r[4],
  }));
  const monthly = present(parseGmlTable(p.monthly!, 4, 'co2_mm_mlo'), 3).map((r) => ({
    year: r[0],
    month: r[1],
    ppm: r[3],
  }));
  const annual = present(parseGmlTable(p.annual!, 2, 'co2_annmean_gl'), 1).map((r) => ({ year: r[0], ppm: r[1] }));
  const ch4 = present(parseGmlTable(p.ch4!, 4, 'ch4_mm_gl'), 3);
  const n2o = present(parseGmlTable(p.n2o!, 4, 'n2o_mm_gl'), 3);
  return co2Summary({ daily, monthly, annual, methane: ch4.at(-1)?.[3] ?? 0, nitrousOxide: n2o.at(-1)?.[3] ?? 0 });
}

const file = (name: string) => `${GML_TRENDS}/${name}`;

export const co2MonitoringDataset: Dataset<Co2Monitoring> = {
  name: CO2_MONITORING,
  source: 'NOAA GML greenhouse gas trend tables',
  kind: 'live',
  maxStaleMinutes: 4 * 24 * 60,
  sources: {
    daily: { url: file('co2/co2_daily_mlo.txt'), sample: 'climate/gml-co2-daily-mlo.txt' },
    monthly: { url: file('co2/co2_mm_mlo.txt'), sample: 'climate/gml-co2-mm-mlo.txt' },
    annual: { url: file('co2/co2_annmean_gl.txt'), sample: 'climate/gml-co2-annmean-gl.txt' },
    ch4: { url: file('ch4/ch4_mm_gl.txt'), sample: 'climate/gml-ch4-mm-gl.txt' },
    n2o: { url: file('n2o/n2o_mm_gl.txt'), sample: 'climate/gml-n2o-mm-gl.txt' },
  },
  parse(payloads) {
    return { records: [co2MonitoringFrom(payloads)] };
  },
};
