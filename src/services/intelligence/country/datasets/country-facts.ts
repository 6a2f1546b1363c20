import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { parseRestCountries, RESTCOUNTRIES_ALL_URL } from '../../../../sources/restcountries/countries.js';
import { parseSparqlBindings, wikidataSparqlUrl } from '../../../../sources/wikidata/sparql.js';

export const COUNTRY_FACTS = 'intelligence.country-facts';

export interface CountryFacts {
  code: string;
  countryName: string;
  capital: string;
  population: number;
  languages: string[];
  currencies: string[];
  areaSqKm: number;
  headOfState: string;
  headOfStateTitle: string;
}

/** Current heads of state (P35 statements without an end date) and the office they hold (P1906), by ISO code. */
export const HEADS_OF_STATE_QUERY = `
SELECT ?iso ?head ?headLabel ?office ?officeLabel WHERE {
  ?country wdt:P297 ?iso ; p:P35 ?statement .
  ?statement ps:P35 ?head .
  FILTER NOT EXISTS { ?statement pq:P582 ?end }
  OPTIONAL { ?country wdt:P1906 ?office }
  SERVICE wikibase:label { bd:serviceParam wikibase:language "en". }
}`;

/** Wikidata rows -> head-of-state name(s) and office per ISO code; joint heads (Andorra) are joined. */
export function headsOfState(rows: Record<string, string>[]): Map<string, { names: string[]; office: string }> {
  const m = new Map<string, { names: string[]; office: string }>();
  for (const r of rows) {
    const code = (r.iso ?? '').toUpperCase();
    const name = r.headLabel ?? '';
    // An unlabelled entity comes back as its Q-id; that is no name.
    if (!/^[A-Z]{2}$/.test(code) || !name || /^Q\d+$/.test(name)) continue;
    const e = m.get(code) ?? { names: [], office: '' };
    if (!e.names.includes(name)) e.names.push(name);
    if (!e.office && r.officeLabel && !/^Q\d+$/.test(r.officeLabel)) e.office = r.officeLabel;
    m.set(code, e);
  }
  return m;
}

/** RestCountries facts joined with Wikidata heads of state; a missing Wikidata answer leaves those two empty. */
export function parseCountryFacts(restCountries: Buffer, wikidata: Buffer | undefined): CountryFacts[] {
  const heads = wikidata
    ? headsOfState(parseSparqlBindings(wikidata))
    : new Map<string, { names: string[]; office: string }>();
  return parseRestCountries(restCountries)
    .map((c) => {
      const h = heads.get(c.code);
      return {
        code: c.code,
        countryName: c.commonName,
        capital: c.capital,
        population: c.population,
        languages: c.languages,
        currencies: c.currencies,
        areaSqKm: c.areaSqKm,
        headOfState: h ? h.names.join(' and ') : '',
        headOfStateTitle: h?.office ?? '',
      };
    })
    .sort((a, b) => a.code.localeCompare(b.code));
}

export const countryFactsDataset: Dataset<CountryFacts> = {
  name: COUNTRY_FACTS,
  source: 'RestCountries and Wikidata',
  kind: 'live',
  maxStaleMinutes: 7 * 24 * 60,
  sources: {
    restcountries: {
      url: RESTCOUNTRIES_ALL_URL,
      sample: 'intelligence/restcountries-all.json',
      headers: () => ({ accept: 'application/json' }),
    },
    wikidata: {
      url: wikidataSparqlUrl(HEADS_OF_STATE_QUERY),
      sample: 'intelligence/wikidata-heads-of-state.json',
      optional: true,
      headers: () => ({ accept: 'application/sparql-results+json' }),
    },
  },
  parse(payloads) {
    return { records: parseCountryFacts(payloads.restcountries!, payloads.wikidata), info: {} };
  },
};
