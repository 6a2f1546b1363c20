import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { parseCsv } from '../../../../sources/formats/csv.js';
import { unzipEntries } from '../../../../sources/formats/zip.js';

export const JODI_GAS = 'economic.jodi-gas';

/** The latest month of a country's JODI-Gas balance, terajoules. */
export interface GasBalanceRow {
  iso2: string;
  /** YYYY-MM */
  dataMonth: string;
  /** Gross inland deliveries (TOTDEMC). */
  totalDemandTj?: number;
  /** LNG imports (IMPLNG). */
  lngImportsTj?: number;
  /** Pipeline imports (IMPPIP). */
  pipeImportsTj?: number;
  /** Indigenous production (INDPROD). */
  productionTj?: number;
}

/** JODI flow codes read, and the field each fills. */
export const JODI_GAS_FLOWS = {
  TOTDEMC: 'totalDemandTj',
  IMPLNG: 'lngImportsTj',
  IMPPIP: 'pipeImportsTj',
  INDPROD: 'productionTj',
} as const;

/**
 * JODI-Gas world CSV (REF_AREA, TIME_PERIOD, ENERGY_PRODUCT, FLOW_BREAKDOWN, UNIT_MEASURE, OBS_VALUE),
 * zipped as JODI serves it or plain -> per country, the newest month with a terajoule figure, and
 * that month's natural-gas flows. Other units (M3) and blank values are left out.
 */
export function parseJodiGas(bytes: Buffer): GasBalanceRow[] {
  const csv =
    bytes.subarray(0, 2).toString('latin1') === 'PK'
      ? [...unzipEntries(bytes)].find(([name]) => name.toLowerCase().endsWith('.csv'))?.[1]
      : bytes;
  if (!csv) throw new Error('JODI gas archive holds no CSV file');
  const table = parseCsv(csv);
  for (const col of ['REF_AREA', 'TIME_PERIOD', 'ENERGY_PRODUCT', 'FLOW_BREAKDOWN', 'UNIT_MEASURE', 'OBS_VALUE']) {
    if (table.length > 0 && !(col in table[0]!)) throw new Error(`JODI gas table lacks the ${col} column`);
  }
  const byMonth = new Map<string, Map<string, GasBalanceRow>>();
  for (const r of table) {
    const field = JODI_GAS_FLOWS[r.FLOW_BREAKDOWN as keyof typeof JODI_GAS_FLOWS];
    const tj = Number(r.OBS_VALUE);
    if (
      !field ||
      r.ENERGY_PRODUCT !== 'NATGAS' ||
      r.UNIT_MEASURE !== 'TJ' ||
      r.OBS_VALUE === '' ||
      !Number.isFinite(tj)
    )
      continue;
    if (!/^[A-Z]{2}$/.test(r.REF_AREA ?? '') || !/^\d{4}-\d{2}$/.test(r.TIME_PERIOD ?? '')) continue;
    const months = byMonth.get(r.REF_AREA!) ?? new Map<string, GasBalanceRow>();
    byMonth.set(r.REF_AREA!, months);
    const row = months.get(r.TIME_PERIOD!) ?? { iso2: r.REF_AREA!, dataMonth: r.TIME_PERIOD! };
    row[field] = tj;
    months.set(r.TIME_PERIOD!, row);
  }
  return [...byMonth.values()]
    .map((months) => [...months.values()].sort((a, b) => (a.dataMonth < b.dataMonth ? 1 : -1))[0]!)
    .sort((a, b) => (a.iso2 < b.iso2 ? -1 : 1));
}

export const jodiGasDataset: Dataset<GasBalanceRow> = {
  name: JODI_GAS,
  source: 'JODI-Gas world database (natural gas production, LNG and pipeline imports, inland demand)',
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 45,
  sources: {
    jodi: {
      url: 'https://www.jodidata.org/jodi-publisher/gas/17/GAS_world_NewFormat.zip',
      sample: 'economic/jodi/jodi-gas-world.csv',
    },
  },
  parse: (payloads) => ({ records: parseJodiGas(payloads.jodi!) }),
};
