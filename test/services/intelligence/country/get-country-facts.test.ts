import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../../../src/platform/snapshots/samples.js';
import {
  countryFactsDataset,
  headsOfState,
  parseCountryFacts,
} from '../../../../src/services/intelligence/country/datasets/country-facts.js';
import { FormatError } from '../../../../src/sources/formats/errors.js';
import { parseRestCountries } from '../../../../src/sources/restcountries/countries.js';
import { parseSparqlBindings } from '../../../../src/sources/wikidata/sparql.js';
import { startTestApp, withTestApp, type TestApp } from '../../../support/app.js';
import { expectViolation } from '../../../support/expect.js';

const PATH = '/api/intelligence/v1/get-country-facts';
const read = (sample: string) => fs.readFileSync(path.join(SAMPLES_DIR, sample));
const src = countryFactsDataset.sources;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ samples: [countryFactsDataset] });
});
afterAll(() => app.close());

describe('RestCountries and Wikidata parsers', () => {
  it('reads the first capital, language and currency names', () => {
    const za = parseRestCountries(read(src.restcountries.sample)).find((c) => c.code === 'ZA')!;
    expect(za).toMatchObject({
      commonName: 'South Africa',
      capital: 'Pretoria',
      languages: ['Afrikaans', 'English', 'Zulu'],
      currencies: ['South African rand'],
    });
  });

  it('drops rows without an alpha-2 code and rejects a non-array', () => {
    expect(parseRestCountries('[{"cca2":"XYZ"},{"cca2":"fr","name":{"common":"France"}}]').map((c) => c.code)).toEqual([
      'FR',
    ]);
    expect(() => parseRestCountries('{"status":404}')).toThrow(FormatError);
    expect(() => parseSparqlBindings('{"head":{}}')).toThrow(/SPARQL/);
  });

  it('joins joint heads of state and ignores unlabelled entities', () => {
    const m = headsOfState([
      { iso: 'AD', headLabel: 'Emmanuel Macron', officeLabel: 'Co-Prince of Andorra' },
      { iso: 'AD', headLabel: 'Josep-Lluís Serrano Pentinat', officeLabel: 'Co-Prince of Andorra' },
      { iso: 'XX', headLabel: 'Q123' },
    ]);
    expect([...m.keys()]).toEqual(['AD']);
    expect(m.get('AD')!.names).toHaveLength(2);
  });

  it('leaves heads of state empty when Wikidata did not answer', () => {
    const facts = parseCountryFacts(read(src.restcountries.sample), undefined);
    expect(facts.every((f) => f.headOfState === '' && f.headOfStateTitle === '')).toBe(true);
    expect(facts.find((f) => f.code === 'FR')!.population).toBeGreaterThan(60_000_000);
  });
});

describe('GET get-country-facts', () => {
  it('answers the facts of a country in the sample', async () => {
    const res = await app.get(`${PATH}?country_code=FR`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      headOfState: 'Emmanuel Macron',
      headOfStateTitle: 'President of the French Republic',
      wikipediaSummary: '',
      wikipediaThumbnailUrl: '',
      population: 67391582,
      capital: 'Paris',
      languages: ['French'],
      currencies: ['Euro'],
      areaSqKm: 551695,
      countryName: 'France',
    });
    expect(res.headers.get('cache-control')).not.toMatch(/no-store/);
  });

  it('answers empty fields for a country not in the data', async () => {
    const res = await app.get(`${PATH}?country_code=TV`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ countryName: '', population: 0, languages: [], headOfState: '' });
  });

  it.each([
    [''],
    ['?country_code=fr'],
    ['?country_code=FRA'],
    ['?country_code=F1'],
    ['?country_code=FR&country_code=DE'],
  ])('rejects %s', async (q) => {
    expectViolation(await app.get(`${PATH}${q}`), 'country_code');
  });

  it('answers empty and uncached before the facts are loaded', async () => {
    await withTestApp({ samples: [] }, async (empty) => {
      const res = await empty.get(`${PATH}?country_code=FR`);
      expect(res.status).toBe(200);
      expect(res.body.countryName).toBe('');
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
    });
  });
});
