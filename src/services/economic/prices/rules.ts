export const round = (v: number, dp: number) => Math.round(v * 10 ** dp) / 10 ** dp;

/** Percent change, 2 decimals; 0 when there is no base to compare with. */
export function pctChange2(latest: number, base: number | undefined): number {
  if (base === undefined || base === 0) return 0;
  return round(((latest - base) / base) * 100, 2);
}

/** Months of the food price index listed in an answer. */
export const FFPI_POINTS = 12;

/** The flag emoji of a two-letter code (regional indicator symbols); empty for anything else. */
export function flagOf(code: string): string {
  return /^[A-Z]{2}$/.test(code) ? String.fromCodePoint(...[...code].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65)) : '';
}

/** A dollar price outside this band is treated as a bad observation (currency mix-up, stale rate). */
export const BIGMAC_USD_RANGE = { min: 1.5, max: 12 } as const;
/** A country whose price moved more than this (percent) between surveys gets no change figure. */
export const PERIOD_CHANGE_CAP = 20;

export interface PriceChange {
  code: string;
  pct: number;
}

/**
 * Period-over-period changes with implausible ones hidden: a country moving more than the cap is
 * left out, and when the mean of all raw changes is itself beyond the cap (a broken comparison
 * rather than real moves) no change is reported at all. `avg` is the mean of what remains.
 */
export function screenChanges(raw: readonly PriceChange[]): {
  kept: Map<string, number>;
  available: boolean;
  avg: number;
} {
  if (raw.length === 0) return { kept: new Map(), available: false, avg: 0 };
  const mean = raw.reduce((s, c) => s + c.pct, 0) / raw.length;
  if (Math.abs(mean) > PERIOD_CHANGE_CAP) return { kept: new Map(), available: false, avg: 0 };
  const kept = new Map(raw.filter((c) => Math.abs(c.pct) <= PERIOD_CHANGE_CAP).map((c) => [c.code, c.pct]));
  const values = [...kept.values()];
  return {
    kept,
    available: true,
    avg: values.length > 0 ? round(values.reduce((s, v) => s + v, 0) / values.length, 2) : 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Grocery basket
// ---------------------------------------------------------------------------------------------

/** The ten staples of the basket, with the dearest plausible US-dollar price of each. */
export const GROCERY_ITEMS: readonly { id: string; name: string; unit: string; maxUsd: number }[] = [
  { id: 'sugar', name: 'Sugar', unit: '1 kg', maxUsd: 3.5 },
  { id: 'salt', name: 'Salt', unit: '1 kg', maxUsd: 2.5 },
  { id: 'rice', name: 'Rice', unit: '1 kg', maxUsd: 6 },
  { id: 'pasta', name: 'Pasta', unit: '500 g', maxUsd: 3.5 },
  { id: 'potatoes', name: 'Potatoes', unit: '1 kg', maxUsd: 6 },
  { id: 'oil', name: 'Canola oil', unit: '1 L', maxUsd: 10 },
  { id: 'flour', name: 'Flour', unit: '1 kg', maxUsd: 4.5 },
  { id: 'eggs', name: 'Eggs', unit: '12 pcs', maxUsd: 12 },
  { id: 'milk', name: 'Milk', unit: '1 L', maxUsd: 5 },
  { id: 'bread', name: 'Bread', unit: '1 loaf', maxUsd: 6 },
];

/** Countries ranked cheapest or dearest must have at least this share of the basket priced. */
export const MIN_BASKET_COVERAGE = 0.7;

/** A price more than this many times the cross-country median of its item (or less than its inverse) is dropped. */
export const OUTLIER_FACTOR = 4;

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * Keeps, per item, the prices within a factor of four of the item's median across countries; an
 * item priced in fewer than three countries has no median worth trusting and is kept as is.
 */
export function withoutOutliers<T extends { itemId: string; usdPrice: number }>(prices: readonly T[]): T[] {
  const byItem = new Map<string, number[]>();
  for (const p of prices) (byItem.get(p.itemId) ?? byItem.set(p.itemId, []).get(p.itemId)!).push(p.usdPrice);
  return prices.filter((p) => {
    const all = byItem.get(p.itemId)!;
    if (all.length < 3) return true;
    const m = median(all);
    return p.usdPrice <= m * OUTLIER_FACTOR && p.usdPrice >= m / OUTLIER_FACTOR;
  });
}

// ---------------------------------------------------------------------------------------------
// Fuel prices
// ---------------------------------------------------------------------------------------------

/** Litres in a US gallon. */
export const LITRES_PER_GALLON = 3.785411784;
/** A pump price outside this band (US dollars per litre) is a unit or currency mistake, not a price. */
export const FUEL_USD_RANGE = { min: 0.02, max: 3.5 } as const;
/** Week-over-week changes beyond this (percent) are left out as implausible. */
export const FUEL_WOW_CAP = 15;
/** The comparison price must be at least this many days older than the current one. */
export const FUEL_WOW_MIN_DAYS = 6;

/** Percent change from the earlier price when it is old enough and the move plausible; undefined otherwise. */
export function fuelWow(
  now: { price: number; date: string },
  before: { price: number; date: string } | undefined,
): number | undefined {
  if (!before || before.price <= 0) return undefined;
  const days = (Date.parse(now.date) - Date.parse(before.date)) / 86_400_000;
  if (!(days >= FUEL_WOW_MIN_DAYS)) return undefined;
  const pct = pctChange2(now.price, before.price);
  return Math.abs(pct) > FUEL_WOW_CAP ? undefined : pct;
}
