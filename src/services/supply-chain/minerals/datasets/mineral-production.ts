import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { parseCsv } from '../../../../sources/formats/csv.js';

export const MINERAL_PRODUCTION = 'supply-chain.mineral-production';

export type Stage = 'mine' | 'refinery';

/** One row of the USGS table for the latest year its commodity and stage have data. */
export interface StageRow {
  commodityId: string;
  commodity: string;
  stage: Stage;
  unit: string;
  year: number;
  country: string;
  /** ISO alpha-2; empty for the "Other countries" residual and the world total. */
  iso2: string;
  /** null when withheld (W) or not published. */
  output: number | null;
  withheld: boolean;
  /** The year's figure is a USGS estimate (the PROD_EST_ column). */
  estimated: boolean;
  residual: boolean;
  worldTotal: boolean;
}

const COMMODITY_IDS: Record<string, string> = { 'Rare earths': 'ree', 'Graphite (natural)': 'graphite' };
const idOf = (label: string) =>
  COMMODITY_IDS[label] ??
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** Country names as the USGS table spells them -> ISO 3166-1 alpha-2. */
const ISO2: Record<string, string> = {
  Australia: 'AU',
  Austria: 'AT',
  Belgium: 'BE',
  Bolivia: 'BO',
  Brazil: 'BR',
  Canada: 'CA',
  Chile: 'CL',
  China: 'CN',
  'Congo (Kinshasa)': 'CD',
  Cuba: 'CU',
  Finland: 'FI',
  India: 'IN',
  Indonesia: 'ID',
  Japan: 'JP',
  'Korea, Republic of': 'KR',
  Madagascar: 'MG',
  Mozambique: 'MZ',
  Myanmar: 'MM',
  'New Caledonia': 'NC',
  Nigeria: 'NG',
  Peru: 'PE',
  Philippines: 'PH',
  Russia: 'RU',
  Rwanda: 'RW',
  Thailand: 'TH',
  'United States': 'US',
  Vietnam: 'VN',
};

const STAGE_OF: Record<string, Stage> = {
  'mine production': 'mine',
  'refinery production': 'refinery',
  'primary production': 'refinery',
  'smelter production': 'refinery',
};

const number = (cell: string | undefined): number | null => {
  const v = (cell ?? '').replace(/,/g, '').trim();
  return /^\d+(\.\d+)?$/.test(v) ? Number(v) : null;
};

/**
 * USGS Mineral Commodity Summaries world-production CSV -> per commodity and stage, the rows of the
 * latest year with any country figure (a withheld W counts as data). Rows of unknown countries or
 * stages are left out; a table without the expected columns is refused.
 */
export function parseMcsProduction(bytes: Buffer): { records: StageRow[]; info: { skipped: number } } {
  const table = parseCsv(bytes);
  const header = Object.keys(table[0] ?? {});
  for (const col of ['COMMODITY', 'COUNTRY', 'TYPE', 'UNIT_MEAS'])
    if (!header.includes(col)) throw new Error(`USGS MCS table lacks the ${col} column`);
  // Year columns, newest first: PROD_EST_2024 (estimate) before PROD_2023.
  const years = header
    .map((h) => /^PROD_(EST_)?(\d{4})$/.exec(h))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ column: m[0], year: Number(m[2]), estimated: m[1] !== undefined }))
    .sort((a, b) => b.year - a.year);
  if (years.length === 0) throw new Error('USGS MCS table has no PROD_<year> column');
  const groups = new Map<string, Record<string, string>[]>();
  let skipped = 0;
  for (const row of table) {
    const stage = STAGE_OF[(row.TYPE ?? '').trim().toLowerCase()];
    if (!stage || !row.COMMODITY) {
      skipped++;
      continue;
    }
    const key = `${row.COMMODITY}\u0000${stage}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const records: StageRow[] = [];
  for (const [key, rows] of groups) {
    const [commodity, stage] = key.split('\u0000') as [string, Stage];
    const isWorld = (r: Record<string, string>) => /^world total/i.test(r.COUNTRY ?? '');
    const hasData = (r: Record<string, string>, col: string) =>
      number(r[col]) !== null || (r[col] ?? '').trim() === 'W';
    const pick = years.find((y) => rows.some((r) => !isWorld(r) && hasData(r, y.column)));
    if (!pick) continue;
    for (const r of rows) {
      const country = (r.COUNTRY ?? '').trim();
      const residual = /^other countries/i.test(country);
      const worldTotal = isWorld(r);
      const iso2 = ISO2[country] ?? '';
      if (!residual && !worldTotal && !iso2) {
        skipped++;
        continue;
      }
      const cell = (r[pick.column] ?? '').trim();
      if (!worldTotal && !hasData(r, pick.column)) continue;
      records.push({
        commodityId: idOf(commodity),
        commodity,
        stage,
        unit: (r.UNIT_MEAS ?? '').trim(),
        year: pick.year,
        country,
        iso2,
        output: number(cell),
        withheld: cell === 'W',
        estimated: pick.estimated,
        residual,
        worldTotal,
      });
    }
  }
  return { records, info: { skipped } };
}

export const mineralProductionDataset: Dataset<StageRow, { skipped: number }> = {
  name: MINERAL_PRODUCTION,
  source: 'USGS Mineral Commodity Summaries: world mine and refinery production by country',
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 450,
  sources: {
    table: {
      url: 'https://www.sciencebase.gov/catalog/file/get/677eaf95d34e760b392c4970?name=MCS2025_World_Data.csv',
      sample: 'supply-chain/usgs-mcs-commodities.csv',
    },
  },
  parse(payloads) {
    return parseMcsProduction(payloads.table!);
  },
};
