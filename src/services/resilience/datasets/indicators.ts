import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { parseCsv } from '../../../sources/formats/csv.js';
import { countryByCode } from '../../../reference/countries.js';
import { parseWorldBankIndicator } from '../../../sources/worldbank/indicators.js';

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

/** World Bank codes read for the resilience score. */
export const WB_CODES = [
  'NY.GDP.PCAP.KD',
  'GC.DOD.TOTL.GD.ZS',
  'FP.CPI.TOTL.ZG',
  'SL.UEM.TOTL.ZS',
  'EG.ELC.ACCS.ZS',
  'IT.NET.USER.ZS',
  'EG.IMP.CONS.ZS',
  'GE.EST',
  'RL.EST',
  'PV.EST',
  'SN.ITK.DEFC.ZS',
  'FI.RES.TOTL.MO',
  'SH.XPD.CHEX.GD.ZS',
  'SP.POP.TOTL',
];
export const WHO_CODES = ['WHOSIS_000001', 'UHC_INDEX_REPORTED'];

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

/** IPC analyses on HDX (CSV with an HXL tag row) -> share of the analysed population in phase 3 or worse. */
export function parseIpc(bytes: Buffer): IndicatorObservation[] {
  const rows = parseCsv(bytes).filter((r) => !(r['ISO3'] ?? '').startsWith('#'));
  if (rows.length && !('Phase 3+ %' in rows[0]!)) throw new Error('IPC CSV has no "Phase 3+ %" column');
  const out: IndicatorObservation[] = [];
  for (const r of rows) {
    const country = countryByCode(r['ISO3'] ?? '');
    const share = Number(r['Phase 3+ %']);
    const year = Number((r['Date of analysis'] ?? '').slice(0, 4));
    if (!country || !Number.isFinite(share) || !Number.isInteger(year)) continue;
    out.push({ countryCode: country.alpha2, indicator: 'IPC_PHASE3_SHARE', year, value: share * 100 });
  }
  return out;
}

export const worldBankDataset: Dataset<IndicatorObservation> = {
  name: WORLD_BANK_INDICATORS,
  source: 'World Bank Indicators API (WDI and Worldwide Governance Indicators)',
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 120,
  sources: {
    indicators: {
      url: `https://api.worldbank.org/v2/country/all/indicator/${WB_CODES.join(';')}?source=2&format=json&mrv=2&per_page=20000`,
      sample: 'resilience/worldbank-indicators.json',
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
      url: `https://ghoapi.azureedge.net/api/WHOSIS_000001`,
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
