/** Food stock rules: PSD balance sheets -> stocks-to-use per country and commodity, and the calorie-weighted mix. */

export const COMMODITIES = ['wheat', 'corn', 'rice', 'soybeans', 'barley', 'palmOil'] as const;
export type Commodity = (typeof COMMODITIES)[number];

/** USDA FAS PSD commodity codes. */
export const PSD_CODES: Record<string, Commodity> = {
  '0410000': 'wheat',
  '0440000': 'corn',
  '0422110': 'rice',
  '2222000': 'soybeans',
  '0430000': 'barley',
  '4243000': 'palmOil',
};

/** Energy density, kcal per kg, for the calorie weighting. */
export const KCAL_PER_KG: Record<Commodity, number> = {
  wheat: 3340,
  corn: 3650,
  rice: 3600,
  soybeans: 1470,
  barley: 3320,
  palmOil: 8840,
};

/** Names a caller may use for each commodity. */
const ALIASES: Record<string, Commodity> = {
  wheat: 'wheat',
  corn: 'corn',
  maize: 'corn',
  rice: 'rice',
  soy: 'soybeans',
  soybean: 'soybeans',
  soybeans: 'soybeans',
  barley: 'barley',
  palmoil: 'palmOil',
  palm_oil: 'palmOil',
  'palm-oil': 'palmOil',
};

export function commodityOf(name: string): Commodity | undefined {
  return ALIASES[name.trim().toLowerCase()];
}

/** `WORLD`, `WLD` and `_WORLD` all mean the world aggregate; otherwise an ISO 3166-1 alpha-2 code. */
export function countryFilterOf(code: string): string | undefined {
  const c = code.trim().toUpperCase();
  if (c === 'WORLD' || c === 'WLD' || c === '_WORLD') return 'WORLD';
  return /^[A-Z]{2}$/.test(c) ? c : undefined;
}

export interface Balance {
  countryCode: string;
  commodity: Commodity;
  marketingYear: string;
  productionTmt: number | null;
  consumptionTmt: number | null;
  importsTmt: number | null;
  exportsTmt: number | null;
  endingStocksTmt: number | null;
}

export interface FoodStockRecord {
  countryCode: string;
  commodity: Commodity;
  marketingYear: string;
  stocksToUse: number;
  hasStocksToUse: boolean;
  endingStocksTmt: number;
  hasEndingStocks: boolean;
  totalUseTmt: number;
  productionTmt: number;
  consumptionTmt: number;
  importsTmt: number;
  exportsTmt: number;
  unit: string;
  source: string;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * Total use is domestic consumption plus exports (a country's stocks also serve its export
 * customers); for the world, exports are someone's imports, so consumption alone.
 */
export function totalUse(b: Balance): number | null {
  if (b.consumptionTmt === null) return null;
  return b.countryCode === 'WORLD' ? b.consumptionTmt : b.consumptionTmt + (b.exportsTmt ?? 0);
}

/** Ending stocks as a percentage of total use, 1 decimal; null when either is missing or use is zero. */
export function stocksToUse(b: Balance): number | null {
  const use = totalUse(b);
  if (b.endingStocksTmt === null || use === null || use <= 0) return null;
  return round1((b.endingStocksTmt / use) * 100);
}

export function toRecord(b: Balance): FoodStockRecord {
  const stu = stocksToUse(b);
  return {
    countryCode: b.countryCode,
    commodity: b.commodity,
    marketingYear: b.marketingYear,
    stocksToUse: stu ?? 0,
    hasStocksToUse: stu !== null,
    endingStocksTmt: b.endingStocksTmt ?? 0,
    hasEndingStocks: b.endingStocksTmt !== null,
    totalUseTmt: totalUse(b) ?? 0,
    productionTmt: b.productionTmt ?? 0,
    consumptionTmt: b.consumptionTmt ?? 0,
    importsTmt: b.importsTmt ?? 0,
    exportsTmt: b.exportsTmt ?? 0,
    unit: '1000 MT',
    source: 'psd',
  };
}

/**
 * Stocks-to-use across commodities, each weighted by the calories it supplies (consumption x kcal/kg);
 * commodities without a ratio are left out. 0 when nothing can be weighted.
 */
export function calorieWeightedStocksToUse(records: readonly FoodStockRecord[]): number {
  let num = 0;
  let den = 0;
  for (const r of records) {
    if (!r.hasStocksToUse || r.consumptionTmt <= 0) continue;
    const w = r.consumptionTmt * KCAL_PER_KG[r.commodity];
    num += r.stocksToUse * w;
    den += w;
  }
  return den > 0 ? round1(num / den) : 0;
}
