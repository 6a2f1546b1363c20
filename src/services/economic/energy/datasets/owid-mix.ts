import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { countryByCode } from '../../../../reference/countries.js';
import { parseCsv } from '../../../../sources/formats/csv.js';

export const OWID_ENERGY_MIX = 'economic.owid-energy-mix';

/** A country's primary energy mix in its newest year with shares, percent of primary energy. */
export interface EnergyMixRow {
  iso2: string;
  year: number;
  coalShare: number;
  gasShare: number;
  oilShare: number;
  nuclearShare: number;
  renewShare: number;
  windShare: number;
  solarShare: number;
  hydroShare: number;
  /** Net electricity imports as a share of electricity demand (negative for a net exporter). */
  importShare: number;
}

const SHARE_COLUMNS = {
  coalShare: 'coal_share_energy',
  gasShare: 'gas_share_energy',
  oilShare: 'oil_share_energy',
  nuclearShare: 'nuclear_share_energy',
  renewShare: 'renewables_share_energy',
  windShare: 'wind_share_energy',
  solarShare: 'solar_share_energy',
  hydroShare: 'hydro_share_energy',
} as const;

const num = (v: string | undefined) => (v === undefined || v.trim() === '' ? NaN : Number(v));

/**
 * Our World in Data energy CSV (one row per country and year, ISO alpha-3 in `iso_code`) -> the
 * newest year per country that has its fossil shares published. Aggregates (no iso_code, or
 * OWID_* codes) are left out; a missing share column refuses the file.
 */
export function parseOwidEnergy(bytes: Buffer): EnergyMixRow[] {
  const table = parseCsv(bytes);
  for (const col of ['iso_code', 'year', ...Object.values(SHARE_COLUMNS)]) {
    if (table.length > 0 && !(col in table[0]!)) throw new Error(`OWID energy table lacks the ${col} column`);
  }
  const newest = new Map<string, EnergyMixRow>();
  for (const r of table) {
    const country = /^[A-Z]{3}$/.test(r.iso_code ?? '') ? countryByCode(r.iso_code!) : undefined;
    const year = Number(r.year);
    if (!country || !Number.isInteger(year) || !Number.isFinite(num(r.oil_share_energy))) continue;
    const prev = newest.get(country.alpha2);
    if (prev && prev.year >= year) continue;
    const shares = Object.fromEntries(
      Object.entries(SHARE_COLUMNS).map(([k, col]) => [k, Number.isFinite(num(r[col])) ? num(r[col]) : 0]),
    );
    const imports = num(r.net_elec_imports_share_demand);
    newest.set(country.alpha2, {
      iso2: country.alpha2,
      year,
      ...(shares as Omit<EnergyMixRow, 'iso2' | 'year' | 'importShare'>),
      importShare: Number.isFinite(imports) ? imports : 0,
    });
  }
  return [...newest.values()].sort((a, b) => (a.iso2 < b.iso2 ? -1 : 1));
}

export const owidEnergyMixDataset: Dataset<EnergyMixRow> = {
  name: OWID_ENERGY_MIX,
  source: 'Our World in Data, energy dataset (primary energy mix by country and year)',
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 35,
  sources: {
    owid: {
      url: 'https://owid-public.owid.io/data/energy/owid-energy-data.csv',
      sample: 'economic/owid/owid-energy-data.csv',
    },
  },
  parse: (payloads) => ({ records: parseOwidEnergy(payloads.owid!) }),
};
