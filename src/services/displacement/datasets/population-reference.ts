import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { countryByCode } from '../../../reference/countries.js';
import { parseWorldBankIndicator, worldBankLatestUrl } from '../../../sources/worldbank/indicators.js';
import type { CountryDensity } from '../rules.js';

export const POPULATION_REFERENCE = 'displacement.population-reference';

/**
 * Conflict-affected countries the exposure estimate covers (ISO alpha-3). Taiwan, in the published
 * table, is absent: the World Bank publishes no figures for it.
 */
export const EXPOSURE_COUNTRIES = [
  'UKR',
  'RUS',
  'ISR',
  'PSE',
  'SYR',
  'IRN',
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

export const POPULATION_INDICATOR = 'SP.POP.TOTL';
export const LAND_AREA_INDICATOR = 'AG.LND.TOTL.K2';

/** Population and land area joined per country, in table order, with the shared centroid. */
export function populationTable(population: Buffer, area: Buffer): CountryDensity[] {
  const pop = new Map(
    parseWorldBankIndicator(population).flatMap((v) =>
      v.indicator === POPULATION_INDICATOR && v.value !== null ? [[v.countryIso3, v.value] as const] : [],
    ),
  );
  const land = new Map(
    parseWorldBankIndicator(area).flatMap((v) =>
      v.indicator === LAND_AREA_INDICATOR && v.value !== null ? [[v.countryIso3, v.value] as const] : [],
    ),
  );
  const out: CountryDensity[] = [];
  for (const iso3 of EXPOSURE_COUNTRIES) {
    const p = pop.get(iso3);
    const a = land.get(iso3);
    const ref = countryByCode(iso3);
    if (!p || a === undefined || !ref) continue;
    out.push({ code: iso3, name: ref.name, population: Math.round(p), areaKm2: a, lat: ref.lat, lon: ref.lon });
  }
  return out;
}

export const populationReferenceDataset: Dataset<CountryDensity> = {
  name: POPULATION_REFERENCE,
  source: 'World Bank World Development Indicators (population, land area)',
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 60,
  sources: {
    population: {
      url: worldBankLatestUrl(POPULATION_INDICATOR, EXPOSURE_COUNTRIES),
      sample: 'displacement/worldbank-sp.pop.totl.json',
    },
    area: {
      url: worldBankLatestUrl(LAND_AREA_INDICATOR, EXPOSURE_COUNTRIES),
      sample: 'displacement/worldbank-ag.lnd.totl.k2.json',
    },
  },
  parse(payloads) {
    return { records: populationTable(payloads.population!, payloads.area!) };
  },
};
