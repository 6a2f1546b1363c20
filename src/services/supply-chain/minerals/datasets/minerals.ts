import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { parseCsvRows } from '../../../../sources/formats/csv.js';

export const CRITICAL_MINERALS = 'supply-chain.critical-minerals';

/** One country's output of one mineral. */
export interface MineralProductionRecord {
  mineral: string;
  unit: string;
  country: string;
  countryCode: string;
  productionTonnes: number;
}

/** Country names as the USGS table spells them -> ISO 3166-1 alpha-2. */
const COUNTRY_CODES: Record<string, string> = {
  Argentina: 'AR',
  Australia: 'AU',
  Belgium: 'BE',
  Brazil: 'BR',
  Canada: 'CA',
  Chile: 'CL',
  China: 'CN',
  'Congo (Kinshasa)': 'CD',
  Indonesia: 'ID',
  Japan: 'JP',
  'Korea, Republic of': 'KR',
  Myanmar: 'MM',
  Russia: 'RU',
  'United States': 'US',
  Zimbabwe: 'ZW',
};

/** Minerals served, with the unit shown to clients for the table's unit of measure. */
const MINERALS: Record<string, string> = {
  Lithium: 'tonnes LCE',
  Cobalt: 'tonnes',
  Gallium: 'tonnes',
  Germanium: 'tonnes',
  'Rare earths': 'tonnes REO',
};

/**
 * USGS Mineral Commodity Summaries world-production CSV -> one row per listed producing country for
 * the served minerals, from the latest estimated-production column. Aggregate rows ("World total",
 * "Other countries") and unnamed countries are left out: concentration is measured over the listed
 * producers only.
 */
export function parseMineralProduction(bytes: Buffer): { records: MineralProductionRecord[]; info: { year: string } } {
  const rows = parseCsvRows(bytes, { relaxColumnCount: true, trim: true });
  if (!rows.length) throw new Error('mineral production table is empty');
  const header = rows[0]!.map((h) => h.toUpperCase());
  const at = (name: string) => header.indexOf(name);
  const prodCols = header.map((h, i) => ({ h, i })).filter((c) => /^PROD_(EST_)?\d{4}$/.test(c.h));
  if (at('COMMODITY') < 0 || at('COUNTRY') < 0 || !prodCols.length)
    throw new Error('mineral production table lacks COMMODITY, COUNTRY or PROD_<year> columns');
  const latest = prodCols.sort((a, b) => Number(b.h.slice(-4)) - Number(a.h.slice(-4)))[0]!;
  const records: MineralProductionRecord[] = [];
  for (const c of rows.slice(1)) {
    const mineral = c[at('COMMODITY')] ?? '';
    const country = c[at('COUNTRY')] ?? '';
    const unit = MINERALS[mineral];
    const code = COUNTRY_CODES[country];
    const tonnes = Number((c[latest.i] ?? '').replace(/,/g, ''));
    if (!unit || !code || !Number.isFinite(tonnes) || tonnes <= 0) continue;
    records.push({ mineral, unit, country, countryCode: code, productionTonnes: tonnes });
  }
  return { records, info: { year: latest.h.slice(-4) } };
}

export const criticalMineralsDataset: Dataset<MineralProductionRecord> = {
  name: CRITICAL_MINERALS,
  source: 'USGS Mineral Commodity Summaries, world mine production',
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 400,
  sources: {
    table: {
      url: 'https://pubs.usgs.gov/periodicals/mcs2025/mcs2025-world-production.csv',
      sample: 'supply-chain/usgs-mcs-world-production.csv',
    },
  },
  parse(payloads) {
    return parseMineralProduction(payloads.table!);
  },
};
