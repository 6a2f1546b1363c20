import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { countryByCode } from '../../../../reference/countries.js';
import { parseCsv } from '../../../../sources/formats/csv.js';

export const EMBER_MONTHLY = 'economic.ember-monthly';

/** A country's electricity generation mix in its newest month, percent of generation. */
export interface ElectricityMixRow {
  iso2: string;
  /** YYYY-MM */
  dataMonth: string;
  fossilShare: number;
  renewShare: number;
  nuclearShare: number;
  coalShare: number;
  gasShare: number;
  demandTwh: number;
}

/** (Variable, Unit) pairs read from the long format, and the field each fills. */
const FIELDS: Record<string, keyof Omit<ElectricityMixRow, 'iso2' | 'dataMonth'>> = {
  'Fossil|%': 'fossilShare',
  'Renewables|%': 'renewShare',
  'Nuclear|%': 'nuclearShare',
  'Coal|%': 'coalShare',
  'Gas|%': 'gasShare',
  'Demand|TWh': 'demandTwh',
};

/**
 * Ember monthly electricity data, long format (Area, ISO 3 code, Date, Area type, Category,
 * Variable, Unit, Value) -> per country its newest month with a fossil share. Regions and
 * aggregates are left out; missing figures of that month read 0.
 */
export function parseEmberMonthly(bytes: Buffer): ElectricityMixRow[] {
  const table = parseCsv(bytes);
  for (const col of ['ISO 3 code', 'Date', 'Area type', 'Variable', 'Unit', 'Value']) {
    if (table.length > 0 && !(col in table[0]!)) throw new Error(`Ember table lacks the ${col} column`);
  }
  const rows = new Map<string, ElectricityMixRow>();
  for (const r of table) {
    const field = FIELDS[`${r.Variable}|${r.Unit}`];
    const value = Number(r.Value);
    const country =
      r['Area type'] === 'Country' && /^[A-Z]{3}$/.test(r['ISO 3 code'] ?? '')
        ? countryByCode(r['ISO 3 code']!)
        : undefined;
    const month = /^(\d{4}-\d{2})-\d{2}$/.exec(r.Date ?? '')?.[1];
    if (!field || !country || !month || r.Value === '' || !Number.isFinite(value)) continue;
    const key = `${country.alpha2}|${month}`;
    const row = rows.get(key) ?? {
      iso2: country.alpha2,
      dataMonth: month,
      fossilShare: NaN,
      renewShare: 0,
      nuclearShare: 0,
      coalShare: 0,
      gasShare: 0,
      demandTwh: 0,
    };
    row[field] = value;
    rows.set(key, row);
  }
  const newest = new Map<string, ElectricityMixRow>();
  for (const row of rows.values()) {
    if (!Number.isFinite(row.fossilShare)) continue;
    const prev = newest.get(row.iso2);
    if (!prev || prev.dataMonth < row.dataMonth) newest.set(row.iso2, row);
  }
  return [...newest.values()].sort((a, b) => (a.iso2 < b.iso2 ? -1 : 1));
}

export const emberMonthlyDataset: Dataset<ElectricityMixRow> = {
  name: EMBER_MONTHLY,
  source: 'Ember, monthly electricity data (generation mix and demand by country)',
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 45,
  sources: {
    ember: {
      url: 'https://storage.googleapis.com/emb-prod-bkt-publicdata/public-downloads/monthly_full_release_long_format.csv',
      sample: 'economic/ember/monthly-full-release-long-format.csv',
    },
  },
  parse: (payloads) => ({ records: parseEmberMonthly(payloads.ember!) }),
};
