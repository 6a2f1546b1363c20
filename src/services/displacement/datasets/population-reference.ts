import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { countryByCode } from '../../../reference/countries.js';
import type { CountryDensity } from '../rules.js';

export const POPULATION_REFERENCE = 'displacement.population-reference';

/**
 * The countries and territories the exposure estimate covers (ISO alpha-3), in the published
 * table's order. Taiwan is among them: the World Bank publishes no figures for it, so the table is
 * curated (db/reference/displacement/country-population.json) rather than fetched from the World Bank.
 */
export const EXPOSURE_COUNTRIES = [
  'UKR',
  'RUS',
  'ISR',
  'PSE',
  'SYR',
  'IRN',
  'TWN',
  'ETH',
  'SDN',
  'SSD',
  'SOM',
  'YEM',
  'AFG',
  'PAK',
  'IND',
  'MMR',
  'COD',
  'NGA',
  'MLI',
  'BFA',
] as const;

const Table = z.object({
  countries: z.array(
    z.object({
      code: z.string().regex(/^[A-Z]{3}$/),
      population: z.number().int().positive(),
      areaKm2: z.number().positive(),
    }),
  ),
});

/** The reference table -> one row per covered country, in table order, with the shared centroid and name. */
export function populationTable(bytes: Buffer): CountryDensity[] {
  const doc = Table.safeParse(JSON.parse(bytes.toString('utf8')));
  if (!doc.success)
    throw new Error(
      `population table has an unexpected shape: ${doc.error.issues[0]?.path.join('.')} ${doc.error.issues[0]?.message}`,
    );
  const byCode = new Map(doc.data.countries.map((c) => [c.code, c]));
  const out: CountryDensity[] = [];
  for (const iso3 of EXPOSURE_COUNTRIES) {
    const row = byCode.get(iso3);
    const ref = countryByCode(iso3);
    if (!row) throw new Error(`population table has no row for ${iso3}`);
    if (!ref) throw new Error(`no centroid for ${iso3}`);
    out.push({
      code: iso3,
      name: ref.name,
      population: row.population,
      areaKm2: row.areaKm2,
      lat: ref.lat,
      lon: ref.lon,
    });
  }
  return out;
}

export const populationReferenceDataset: Dataset<CountryDensity> = {
  name: POPULATION_REFERENCE,
  source:
    'Curated population and land-area table: World Bank WDI (2024 population, land area) and, for Taiwan, its Ministry of the Interior',
  kind: 'reference',
  maxStaleMinutes: 60 * 24 * 60,
  sources: {
    table: { reference: true, sample: 'displacement/country-population.json' },
  },
  parse(payloads) {
    return { records: populationTable(payloads.table!) };
  },
};
