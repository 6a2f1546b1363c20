import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { countryByCode } from '../../../reference/countries.js';
import { ilostatDataUrl, parseIlostatCsv } from '../../../sources/ilostat/sdmx.js';
import { parseWppRows, WPP_BOTH_SEXES, WPP_MEDIAN_VARIANT, wppDataUrl } from '../../../sources/un-wpp/data-portal.js';
import { parseWorldBankIndicator, WORLD_BANK_API } from '../../../sources/worldbank/indicators.js';
import {
  EDUCATION_INDICATORS,
  ILOSTAT_ECONOMY_CODES,
  ILOSTAT_OCCUPATION_CODES,
  WPP_AGE_INDICATORS,
  WPP_WORKING_AGE,
  type EducationValue,
  type WorkforceValue,
  type WppValue,
} from '../demographics-rules.js';

/** The three public inputs of the demographics capability (demographics.ts derives it from them). */
export const WPP_AGE_STRUCTURE = 'resilience.wpp-age-structure';
export const WB_EDUCATION = 'resilience.wb-education';
export const ILOSTAT_WORKFORCE = 'resilience.ilostat-workforce';

/**
 * Countries asked of the WPP portal, ISO alpha-2 -> UN M49 location id (the portal's ids; 158 is
 * Taiwan, "China, Taiwan Province of China" in WPP). Asked in groups of 50 as the portal is.
 */
export const WPP_LOCATIONS: Readonly<Record<string, number>> = {
  US: 840,
  CA: 124,
  MX: 484,
  BR: 76,
  AR: 32,
  CL: 152,
  CO: 170,
  PE: 604,
  GB: 826,
  IE: 372,
  FR: 250,
  DE: 276,
  NL: 528,
  BE: 56,
  CH: 756,
  AT: 40,
  IT: 380,
  ES: 724,
  PT: 620,
  GR: 300,
  SE: 752,
  NO: 578,
  DK: 208,
  FI: 246,
  PL: 616,
  CZ: 203,
  HU: 348,
  RO: 642,
  UA: 804,
  RU: 643,
  TR: 792,
  IL: 376,
  SA: 682,
  AE: 784,
  IR: 364,
  EG: 818,
  NG: 566,
  KE: 404,
  ET: 231,
  ZA: 710,
  IN: 356,
  PK: 586,
  BD: 50,
  CN: 156,
  TW: 158,
  JP: 392,
  KR: 410,
  ID: 360,
  VN: 704,
  TH: 764,
  PH: 608,
  MY: 458,
  SG: 702,
  AU: 36,
  NZ: 554,
};
const ISO2_BY_M49 = new Map(Object.entries(WPP_LOCATIONS).map(([iso2, m49]) => [m49, iso2]));
const WPP_CHUNK = 50;

/** The WPP requests of one reference year: per group of locations, the age-structure indicators, then the working-age population now and in ten years. */
export function wppRequests(year: number): string[] {
  const ids = Object.values(WPP_LOCATIONS);
  const urls: string[] = [];
  for (let i = 0; i < ids.length; i += WPP_CHUNK) {
    const locations = ids.slice(i, i + WPP_CHUNK);
    urls.push(
      wppDataUrl({
        indicators: WPP_AGE_INDICATORS.map((x) => x.indicatorId),
        locations,
        years: [year],
        ages: WPP_AGE_INDICATORS.map((x) => x.ageId),
      }),
      wppDataUrl({
        indicators: [WPP_WORKING_AGE.indicatorId],
        locations,
        years: [year, year + 10],
        ages: [WPP_WORKING_AGE.ageId],
      }),
    );
  }
  return urls;
}

/** The portal's answers, each a JSON array of rows, joined into one; any other answer is an error. */
function joinArrays(parts: Buffer[]): Buffer {
  const rows: unknown[] = [];
  for (const p of parts) {
    const doc = JSON.parse(p.toString('utf8')) as unknown;
    if (!Array.isArray(doc)) throw new Error(`UN WPP portal answered ${JSON.stringify(doc).slice(0, 200)}`);
    rows.push(...(doc as unknown[]));
  }
  return Buffer.from(JSON.stringify(rows));
}

export const wppAgeStructureDataset: Dataset<WppValue> = {
  name: WPP_AGE_STRUCTURE,
  source: 'UN World Population Prospects 2024, Data Portal API (median age, dependency ratios, working-age population)',
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 40,
  sources: {
    portal: {
      url: wppRequests(new Date().getUTCFullYear())[0],
      sample: 'resilience/un-wpp.requests.json',
      // The reference year is the year of the fetch; each request answers a JSON array, joined into one.
      fetch: async (get, { now }) => {
        const parts: Buffer[] = [];
        for (const url of wppRequests(new Date(now).getUTCFullYear())) parts.push(await get(url));
        return joinArrays(parts);
      },
    },
  },
  parse(payloads) {
    const records = parseWppRows(payloads.portal!).flatMap((r) => {
      const countryCode = ISO2_BY_M49.get(r.locationId);
      return countryCode && r.variantId === WPP_MEDIAN_VARIANT && r.sexId === WPP_BOTH_SEXES
        ? [{ countryCode, indicatorId: r.indicatorId, ageId: r.ageId, year: r.year, value: r.value }]
        : [];
    });
    return { records };
  },
};

/** One World Bank indicator, every country, 2000 to the fetch year, page by page. */
export function worldBankEducationUrl(indicator: string, year: number, page: number): string {
  return `${WORLD_BANK_API}/country/all/indicator/${indicator}?format=json&per_page=10000&page=${page}&date=2000:${year}`;
}

export const wbEducationDataset: Dataset<EducationValue> = {
  name: WB_EDUCATION,
  source:
    'World Bank Indicators API: UNESCO UIS tertiary enrolment, researchers per million and tertiary graduates by field',
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 40,
  sources: {
    indicators: {
      url: worldBankEducationUrl(EDUCATION_INDICATORS[0], new Date().getUTCFullYear(), 1),
      sample: 'resilience/wb-education.requests.json',
      // Each indicator's pages (`[paging, rows]`), the rows merged into one World Bank answer.
      fetch: async (get, { now }) => {
        const year = new Date(now).getUTCFullYear();
        const rows: unknown[] = [];
        for (const indicator of EDUCATION_INDICATORS) {
          let pages = 1;
          for (let page = 1; page <= pages && page <= 100; page++) {
            const doc = JSON.parse((await get(worldBankEducationUrl(indicator, year, page))).toString('utf8')) as [
              { pages?: number },
              unknown[] | null,
            ];
            // The error form is a one-element array holding the messages.
            if (!Array.isArray(doc) || doc.length < 2)
              throw new Error(`World Bank ${indicator}: ${JSON.stringify(doc).slice(0, 200)}`);
            pages = Number(doc[0]?.pages ?? 1);
            rows.push(...(doc[1] ?? []));
          }
        }
        return Buffer.from(JSON.stringify([{ page: 1, pages: 1, total: rows.length }, rows]));
      },
    },
  },
  parse(payloads) {
    const records = parseWorldBankIndicator(payloads.indicators!).flatMap((r) =>
      r.value === null || !/^[A-Z]{2}$/.test(r.countryIso2) || !countryByCode(r.countryIso2)
        ? []
        : [{ countryCode: r.countryIso2, indicator: r.indicator, year: r.year, value: r.value }],
    );
    return { records };
  },
};

/** Employment by occupation (ISCO-08 major groups 7 and 8) and by economic activity (total, manufacturing), both sexes, since 2015. */
export const ILOSTAT_OCCUPATION_URL = ilostatDataUrl(
  'DF_EMP_TEMP_SEX_OCU_NB',
  `.A..SEX_T.${ILOSTAT_OCCUPATION_CODES.join('+')}`,
  2015,
);
export const ILOSTAT_ECONOMY_URL = ilostatDataUrl(
  'DF_EMP_2EMP_SEX_ECO_NB',
  `.A..SEX_T.${ILOSTAT_ECONOMY_CODES.join('+')}`,
  2015,
);

const csv = () => ({ Accept: 'text/csv' });

/** Both-sexes counts of persons for known countries. */
function workforceRows(bytes: Buffer, dimension: string): WorkforceValue[] {
  return parseIlostatCsv(bytes, dimension).flatMap((o) => {
    const country = countryByCode(o.refArea);
    return country && (o.sex === '' || o.sex === 'SEX_T') && (o.unitMeasure === '' || o.unitMeasure === 'PS')
      ? [{ countryCode: country.alpha2, code: o.code, year: o.year, value: o.value }]
      : [];
  });
}

export const ilostatWorkforceDataset: Dataset<WorkforceValue> = {
  name: ILOSTAT_WORKFORCE,
  source: 'ILOSTAT SDMX API: employment by occupation (ISCO-08) and by economic activity',
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 40,
  sources: {
    occupation: { url: ILOSTAT_OCCUPATION_URL, sample: 'resilience/ilostat-emp-ocu.csv', headers: csv },
    economy: { url: ILOSTAT_ECONOMY_URL, sample: 'resilience/ilostat-emp-eco.csv', headers: csv },
  },
  parse(payloads) {
    return { records: [...workforceRows(payloads.occupation!, 'OCU'), ...workforceRows(payloads.economy!, 'ECO')] };
  },
};
