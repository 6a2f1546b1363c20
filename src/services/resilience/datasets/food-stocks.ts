import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { PSD_CODES, toRecord, type Balance, type FoodStockRecord } from '../food-rules.js';

export const FOOD_STOCKS = 'resilience.food-stocks';

/** PSD's own country codes where they differ from ISO 3166-1 alpha-2; `00` is the world aggregate. */
const PSD_COUNTRIES: Record<string, string> = {
  CH: 'CN',
  RS: 'RU',
  JA: 'JP',
  '00': 'WORLD',
  SF: 'ZA',
  KS: 'KR',
  TU: 'TR',
  UP: 'UA',
  VM: 'VN',
  EG: 'EG',
};

/** PSD attribute ids of the balance-sheet lines used here. */
const ATTRIBUTES: Record<number, keyof Balance> = {
  28: 'productionTmt',
  57: 'importsTmt',
  88: 'exportsTmt',
  125: 'consumptionTmt',
  176: 'endingStocksTmt',
};

const Row = z.object({
  commodityCode: z.string(),
  countryCode: z.string(),
  marketYear: z.string(),
  attributeId: z.number(),
  unitId: z.number(),
  value: z.number(),
});
const Doc = z.object({
  marketYear: z.number().int(),
  commodities: z.record(z.string(), z.object({ countries: z.array(Row), world: z.array(Row) })),
});

/** "2025" -> "2025/26". */
export function marketingYearOf(year: string): string {
  const y = Number(year);
  return `${y}/${String((y + 1) % 100).padStart(2, '0')}`;
}

/**
 * The PSD API's rows per commodity (every country, plus the world aggregate) -> one balance per
 * country and commodity. Commodities outside the six tracked and units other than 1000 MT are skipped.
 */
export function parsePsd(bytes: Buffer): { records: FoodStockRecord[]; info: { marketYear: number } } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`PSD payload is not JSON: ${(err as Error).message}`);
  }
  const doc = Doc.safeParse(json);
  if (!doc.success)
    throw new Error(`PSD payload has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const balances = new Map<string, Balance>();
  for (const [code, part] of Object.entries(doc.data.commodities)) {
    const commodity = PSD_CODES[code];
    if (!commodity) continue;
    for (const row of [...part.countries, ...part.world]) {
      const field = ATTRIBUTES[row.attributeId];
      if (!field || row.unitId !== 8) continue;
      const country = PSD_COUNTRIES[row.countryCode] ?? row.countryCode;
      if (!/^([A-Z]{2}|WORLD)$/.test(country)) continue;
      const key = `${country}:${commodity}`;
      let b = balances.get(key);
      if (!b) {
        b = {
          countryCode: country,
          commodity,
          marketingYear: marketingYearOf(row.marketYear),
          productionTmt: null,
          consumptionTmt: null,
          importsTmt: null,
          exportsTmt: null,
          endingStocksTmt: null,
        };
        balances.set(key, b);
      }
      (b as unknown as Record<string, number>)[field] = row.value;
    }
  }
  const records = [...balances.values()]
    .map(toRecord)
    .sort((a, b) =>
      a.countryCode === b.countryCode ? (a.commodity < b.commodity ? -1 : 1) : a.countryCode < b.countryCode ? -1 : 1,
    );
  return { records, info: { marketYear: doc.data.marketYear } };
}

const PSD_BASE = 'https://api.fas.usda.gov/api/psd';

export const foodStocksDataset: Dataset<FoodStockRecord, { marketYear: number }> = {
  name: FOOD_STOCKS,
  source: 'USDA FAS Production, Supply and Distribution (PSD) API',
  // Monthly WASDE cycle upstream.
  kind: 'live',
  maxStaleMinutes: 60 * 24 * 45,
  sources: {
    psd: {
      url: `${PSD_BASE}/commodity/0410000/country/all/year/2025`,
      sample: 'resilience/psd-food-stocks.requests.json',
      requires: ['USDA_FAS_PSD_API_KEY'],
      headers: (config) => ({ 'X-Api-Key': config.USDA_FAS_PSD_API_KEY ?? '', Accept: 'application/json' }),
      // One request per commodity for every country and one for the world; combined as the parser reads them.
      fetch: async (get, { now }) => {
        const year = new Date(now).getUTCFullYear() - (new Date(now).getUTCMonth() < 8 ? 1 : 0);
        const commodities: Record<string, { countries: unknown; world: unknown }> = {};
        for (const code of Object.keys(PSD_CODES)) {
          const countries = JSON.parse(
            (await get(`${PSD_BASE}/commodity/${code}/country/all/year/${year}`)).toString('utf8'),
          );
          const world = JSON.parse((await get(`${PSD_BASE}/commodity/${code}/world/year/${year}`)).toString('utf8'));
          commodities[code] = {
            countries,
            world: (world as { countryCode?: string }[]).map((r) => ({ ...r, countryCode: '00' })),
          };
        }
        return Buffer.from(JSON.stringify({ marketYear: year, commodities }));
      },
    },
  },
  parse(payloads) {
    return parsePsd(payloads.psd!);
  },
};
