import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { parseCsv } from '../../../../sources/formats/csv.js';
import { unzipEntries } from '../../../../sources/formats/zip.js';

export const OIL_BALANCES = 'supply-chain.oil-balances';

/** The latest JODI figure of one country, product and flow, thousand barrels a day. */
export interface OilBalanceRow {
  kind: 'jodi';
  iso2: string;
  product: string;
  flow: string;
  period: string;
  kbd: number;
}

/** IEA emergency stocks of one country, in days of net imports. */
export interface OilStockRow {
  kind: 'iea';
  iso2: string;
  period: string;
  daysOfNetImports: number;
  netExporter: boolean;
}

export type OilRecord = OilBalanceRow | OilStockRow;

/** JODI-Oil world CSV (REF_AREA, TIME_PERIOD, ENERGY_PRODUCT, FLOW_BREAKDOWN, UNIT_MEASURE, OBS_VALUE) -> latest KBD rows. */
export function parseJodi(bytes: Buffer): OilBalanceRow[] {
  // JODI serves the world file zipped; the CSV inside is the same table.
  const csv =
    bytes.subarray(0, 2).toString('latin1') === 'PK'
      ? [...unzipEntries(bytes)].find(([name]) => name.toLowerCase().endsWith('.csv'))?.[1]
      : bytes;
  if (!csv) throw new Error('JODI archive holds no CSV file');
  const table = parseCsv(csv);
  for (const col of ['REF_AREA', 'TIME_PERIOD', 'ENERGY_PRODUCT', 'FLOW_BREAKDOWN', 'UNIT_MEASURE', 'OBS_VALUE']) {
    if (table.length > 0 && !(col in table[0]!)) throw new Error(`JODI table lacks the ${col} column`);
  }
  const latest = new Map<string, OilBalanceRow>();
  for (const r of table) {
    const kbd = Number(r.OBS_VALUE);
    if (
      r.UNIT_MEASURE !== 'KBD' ||
      !/^[A-Z]{2}$/.test(r.REF_AREA ?? '') ||
      !/^\d{4}-\d{2}$/.test(r.TIME_PERIOD ?? '') ||
      r.OBS_VALUE === '' ||
      !Number.isFinite(kbd)
    )
      continue;
    const key = `${r.REF_AREA}|${r.ENERGY_PRODUCT}|${r.FLOW_BREAKDOWN}`;
    const prev = latest.get(key);
    if (!prev || prev.period < r.TIME_PERIOD!)
      latest.set(key, {
        kind: 'jodi',
        iso2: r.REF_AREA!,
        product: r.ENERGY_PRODUCT!,
        flow: r.FLOW_BREAKDOWN!,
        period: r.TIME_PERIOD!,
        kbd,
      });
  }
  return [...latest.values()];
}

/** IEA oil-stocks CSV (ISO2, TIME, TOTAL_DAYS_OF_NET_IMPORTS, NET_EXPORTER) -> the latest month per country. */
export function parseIeaStocks(bytes: Buffer): OilStockRow[] {
  const table = parseCsv(bytes);
  if (table.length > 0 && !('TOTAL_DAYS_OF_NET_IMPORTS' in table[0]!))
    throw new Error('IEA stocks table lacks the TOTAL_DAYS_OF_NET_IMPORTS column');
  const latest = new Map<string, OilStockRow>();
  for (const r of table) {
    const days = Number(r.TOTAL_DAYS_OF_NET_IMPORTS);
    if (!/^[A-Z]{2}$/.test(r.ISO2 ?? '') || !Number.isFinite(days)) continue;
    const prev = latest.get(r.ISO2!);
    if (!prev || prev.period < (r.TIME ?? ''))
      latest.set(r.ISO2!, {
        kind: 'iea',
        iso2: r.ISO2!,
        period: r.TIME ?? '',
        daysOfNetImports: days,
        netExporter: r.NET_EXPORTER === '1',
      });
  }
  return [...latest.values()];
}

export const oilBalancesDataset: Dataset<OilRecord> = {
  name: OIL_BALANCES,
  source: 'JODI-Oil world database (crude imports, product demand) and IEA oil stocks in days of net imports',
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 45,
  sources: {
    jodi: {
      url: 'https://www.jodidata.org/_resources/files/downloads/oil-data/world_primary_csv.zip',
      sample: 'supply-chain/jodi-oil-world.csv',
    },
    iea: {
      url: 'https://www.iea.org/data-and-statistics/data-tools/oil-stocks-of-iea-countries/oil-stocks.csv',
      sample: 'supply-chain/iea-oil-stocks.csv',
    },
  },
  parse(payloads) {
    return { records: [...parseJodi(payloads.jodi!), ...parseIeaStocks(payloads.iea!)], info: {} };
  },
};
