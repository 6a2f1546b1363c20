import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { parseCsv } from '../../../sources/formats/csv.js';
import { countryByCode } from '../../../reference/countries.js';
import { parseWorldBankIndicator } from '../../../sources/worldbank/indicators.js';
import { IPC, WB, WHO } from '../scorer-dimensions.js';

/** One observation of one indicator for one country. */
export interface IndicatorObservation {
  countryCode: string;
  indicator: string;
  year: number;
  value: number;
}

export const WORLD_BANK_INDICATORS = 'resilience.worldbank';
export const WHO_INDICATORS = 'resilience.who';
export const IPC_PHASES = 'resilience.ipc';

/** World Development Indicators (source 2) the published resilience scorer reads, and population for its headline gate. */
export const WDI_CODES = [
  WB.electricityAccess,
  WB.roadsPaved,
  WB.electricityUse,
  WB.broadband,
  WB.energyImports,
  WB.waterStress,
  WB.reserveMonths,
  WB.appliedTariff,
  WB.population,
];
/** The six Worldwide Governance Indicators (source 3). */
export const WGI_CODES = [...WB.wgi];
export const WHO_CODES = [
  WHO.uhcIndex,
  WHO.hospitalBeds,
  WHO.measlesCoverage,
  WHO.physiciansPer10k,
  WHO.healthExpPerCapitaUsd,
];

const WB_INDICATOR = 'https://api.worldbank.org/v2/country/all/indicator/';
/** Every country's most recent non-empty value of each indicator; one source per request, as the API requires. */
const wbUrl = (codes: readonly string[], source: number) =>
  `${WB_INDICATOR}${codes.join(';')}?source=${source}&format=json&mrnev=1&per_page=20000`;

const readJson = (bytes: Buffer, what: string): unknown => {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`${what} is not JSON: ${(err as Error).message}`);
  }
};

/** World Bank API v2 JSON (`[paging, rows]`) -> observations of known countries with a value; null values are gaps, not zeros. */
export function parseWorldBank(bytes: Buffer): IndicatorObservation[] {
  return parseWorldBankIndicator(bytes).flatMap((r) =>
    r.value === null || !/^[A-Z]{2}$/.test(r.countryIso2) || !countryByCode(r.countryIso2)
      ? []
      : [{ countryCode: r.countryIso2, indicator: r.indicator, year: r.year, value: r.value }],
  );
}

const Gho = z.object({
  value: z.array(
    z
      .object({
        IndicatorCode: z.string(),
        SpatialDimType: z.string().nullable(),
        SpatialDim: z.string().nullable(),
        TimeDim: z.number().nullable(),
        Dim1: z.string().nullable().optional(),
        NumericValue: z.number().nullable(),
      })
      .passthrough(),
  ),
});

/** WHO GHO OData JSON -> country observations (both sexes where split by sex). */
export function parseWhoGho(bytes: Buffer): IndicatorObservation[] {
  const doc = Gho.safeParse(readJson(bytes, 'WHO GHO response'));
  if (!doc.success)
    throw new Error(`WHO GHO response has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const out: IndicatorObservation[] = [];
  for (const r of doc.data.value) {
    if (r.SpatialDimType !== 'COUNTRY' || !r.SpatialDim || r.NumericValue === null || r.TimeDim === null) continue;
    if (r.Dim1 && r.Dim1 !== 'SEX_BTSX') continue;
    const country = countryByCode(r.SpatialDim);
    if (!country) continue;
    out.push({ countryCode: country.alpha2, indicator: r.IndicatorCode, year: r.TimeDim, value: r.NumericValue });
  }
  return out;
}

/**
 * IPC analyses on HDX (CSV with an HXL tag row) -> per country the people in phase 3 or worse and the
 * highest phase reported (5 or 4 when those columns count anyone, else 3), as the published static
 * seed reads them. A country with nobody in phase 3+ is not in crisis and yields nothing.
 */
export function parseIpc(bytes: Buffer): IndicatorObservation[] {
  const rows = parseCsv(bytes).filter((r) => !(r['ISO3'] ?? '').startsWith('#'));
  if (rows.length && !('Phase 3+ #' in rows[0]!)) throw new Error('IPC CSV has no "Phase 3+ #" column');
  const out: IndicatorObservation[] = [];
  const count = (v: string | undefined) => (v === undefined || v.trim() === '' ? 0 : Number(v));
  for (const r of rows) {
    const country = countryByCode(r['ISO3'] ?? '');
    const year = Number((r['Date of analysis'] ?? '').slice(0, 4));
    const [p3, p4, p5] = [count(r['Phase 3+ #']), count(r['Phase 4 #']), count(r['Phase 5 #'])];
    if (!country || !Number.isInteger(year) || ![p3, p4, p5].every(Number.isFinite)) continue;
    const people = p3 > 0 ? p3 : p4 + p5;
    if (people <= 0) continue;
    const phase = p5 > 0 ? 5 : p4 > 0 ? 4 : 3;
    out.push({ countryCode: country.alpha2, indicator: IPC.peopleInCrisis, year, value: Math.round(people) });
    out.push({ countryCode: country.alpha2, indicator: IPC.phase, year, value: phase });
  }
  return out;
}

export const worldBankDataset: Dataset<IndicatorObservation> = {
  name: WORLD_BANK_INDICATORS,
  source: 'World Bank Indicators API (World Development Indicators and Worldwide Governance Indicators)',
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 120,
  sources: {
    indicators: {
      url: wbUrl(WDI_CODES, 2),
      sample: 'resilience/worldbank-indicators.requests.json',
      // Two requests (one per API source), their rows merged into one `[paging, rows]` answer.
      fetch: async (get) => {
        const rows: unknown[] = [];
        for (const url of [wbUrl(WDI_CODES, 2), wbUrl(WGI_CODES, 3)]) {
          const doc = JSON.parse((await get(url)).toString('utf8')) as unknown[];
          if (!Array.isArray(doc) || doc.length < 2) return Buffer.from(JSON.stringify(doc));
          rows.push(...((doc[1] as unknown[] | null) ?? []));
        }
        return Buffer.from(JSON.stringify([{ page: 1, pages: 1, total: rows.length }, rows]));
      },
    },
  },
  parse(payloads) {
    return { records: parseWorldBank(payloads.indicators!) };
  },
};

export const whoDataset: Dataset<IndicatorObservation> = {
  name: WHO_INDICATORS,
  source: 'WHO Global Health Observatory OData API',
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 120,
  sources: {
    gho: {
      url: `https://ghoapi.azureedge.net/api/${WHO_CODES[0]}`,
      sample: 'resilience/who-gho.requests.json',
      // One request per indicator, merged into one OData value list.
      fetch: async (get) => {
        const value: unknown[] = [];
        for (const code of WHO_CODES)
          value.push(
            ...((
              JSON.parse((await get(`https://ghoapi.azureedge.net/api/${code}`)).toString('utf8')) as {
                value: unknown[];
              }
            ).value ?? []),
          );
        return Buffer.from(JSON.stringify({ value }));
      },
    },
  },
  parse(payloads) {
    return { records: parseWhoGho(payloads.gho!) };
  },
};

export const ipcDataset: Dataset<IndicatorObservation> = {
  name: IPC_PHASES,
  source: 'IPC acute food insecurity analyses (HDX)',
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 60,
  sources: {
    analyses: {
      url: 'https://data.humdata.org/dataset/ipc-country-data/resource/ipc_global_national_long_latest.csv',
      sample: 'resilience/ipc-phase3.csv',
    },
  },
  parse(payloads) {
    return { records: parseIpc(payloads.analyses!) };
  },
};
