import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import {
  agsiCountryUrl,
  agsiHeaders,
  parseAgsiCountries,
  type CountryGasStorageDay,
} from '../../../../sources/gie/agsi.js';

export const GIE_COUNTRY_STORAGE = 'economic.gie-country-storage';

/** Countries with large storage followed one by one (AGSI+ answers one country per request). */
export const AGSI_COUNTRIES = ['AT', 'BE', 'CZ', 'DE', 'ES', 'FR', 'HU', 'IT', 'NL', 'PL', 'SK'] as const;

export const gieCountryStorageDataset: Dataset<CountryGasStorageDay> = {
  name: GIE_COUNTRY_STORAGE,
  source: 'Gas Infrastructure Europe, AGSI+ gas storage by country',
  kind: 'live',
  maxStaleMinutes: 2_880,
  sources: {
    countries: {
      url: agsiCountryUrl(AGSI_COUNTRIES[0]),
      sample: 'economic/gie/agsi-countries.requests.json',
      headers: agsiHeaders,
      // One request per country; their rows are joined into one answer of the same shape.
      fetch: async (get) => {
        const data: unknown[] = [];
        for (const c of AGSI_COUNTRIES)
          data.push(
            ...((JSON.parse((await get(agsiCountryUrl(c))).toString('utf8')) as { data?: unknown[] }).data ?? []),
          );
        return Buffer.from(JSON.stringify({ data }));
      },
    },
  },
  parse(payloads) {
    const records = parseAgsiCountries(payloads.countries!);
    if (records.length === 0) throw new Error('AGSI+: no country gas day with a fill level');
    return { records };
  },
};
