/** Pure rules of the commodities topic: symbol checks for the board and the gold figures. */
import { COMMODITIES, MAX_COMMODITY_SYMBOLS } from './instruments.js';

const SUPPORTED = new Set(COMMODITIES.map((c) => c.symbol));

export const round = (x: number, dp = 2) => Math.round(x * 10 ** dp) / 10 ** dp;

/**
 * Requested commodity symbols as served: whitespace removed, upper-cased, at most 32 characters,
 * de-duplicated, the first 64 kept. Symbols off the board are returned as `unsupported` (a blank
 * one as `<blank>`) so the caller can refuse the request naming them.
 */
export function normaliseCommoditySymbols(raw: readonly string[]): { symbols: string[]; unsupported: string[] } {
  const symbols: string[] = [];
  const unsupported: string[] = [];
  for (const r of raw) {
    const s = r.replace(/\s+/g, '').slice(0, 32).toUpperCase();
    if (!s || !SUPPORTED.has(s)) {
      const shown = s || '<blank>';
      if (!unsupported.includes(shown)) unsupported.push(shown);
    } else if (!symbols.includes(s)) symbols.push(s);
  }
  return { symbols: symbols.slice(0, MAX_COMMODITY_SYMBOLS), unsupported };
}

/** Seven significant digits, as the board's sparklines carry. */
export const sig7 = (x: number) => Number(x.toPrecision(7));

/** Percent change from the close `back` bars before the last to the last close; undefined without it. */
export function changeOver(closes: readonly number[], back: number): number | undefined {
  const last = closes.at(-1);
  const then = closes[closes.length - 1 - back];
  if (last === undefined || then === undefined || then === 0) return undefined;
  return ((last - then) / then) * 100;
}

/** Pearson correlation of two equally long series; undefined when either is flat or too short. */
export function correlation(a: readonly number[], b: readonly number[]): number | undefined {
  const n = Math.min(a.length, b.length);
  if (n < 3) return undefined;
  const x = a.slice(-n);
  const y = b.slice(-n);
  const mx = x.reduce((s, v) => s + v, 0) / n;
  const my = y.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  // Square roots taken apart: their product of tiny sums would underflow to 0.
  const denom = Math.sqrt(sxx) * Math.sqrt(syy);
  if (!(denom > 0)) return undefined;
  return Math.max(-1, Math.min(1, sxy / denom));
}

/** Daily simple returns of a close series. */
export const dailyReturns = (closes: readonly number[]) => closes.slice(1).map((c, i) => c / closes[i] - 1);

/** Where the price sits in its range, percent (0 at the low, 100 at the high). */
export function rangePosition(price: number, lo: number, hi: number): number {
  return hi > lo ? ((price - lo) / (hi - lo)) * 100 : 50;
}

// ---- physical premiums -----------------------------------------------------------------------

export const GRAMS_PER_TROY_OUNCE = 31.1034768;
/** A benchmark older than this is not served (the published seeder's content age limit). */
export const MAX_BENCHMARK_AGE_DAYS = 10;

/** Physical price in US dollars per troy ounce from CNY per `gramsPerUnit` grams. */
export function physicalUsdPerOz(cnyPrice: number, gramsPerUnit: number, usdPerCny: number): number {
  return (cnyPrice / gramsPerUnit) * usdPerCny * GRAMS_PER_TROY_OUNCE;
}

/** Premium of the physical price over the paper price, in dollars and percent, four decimals. */
export function premium(physical: number, paper: number): { premiumUsdPerOz: number; premiumPct: number } {
  return {
    premiumUsdPerOz: round(physical - paper, 4),
    premiumPct: paper > 0 ? round(((physical - paper) / paper) * 100, 4) : 0,
  };
}

export const METALS = ['gold', 'silver'] as const;
export type Metal = (typeof METALS)[number];

/** Requested metals (trimmed, case-insensitive, de-duplicated); anything else is returned as unsupported. */
export function normaliseMetals(raw: readonly string[]): { metals: Metal[]; unsupported: string[] } {
  const metals: Metal[] = [];
  const unsupported: string[] = [];
  for (const r of raw) {
    const m = r.trim().toLowerCase();
    if ((METALS as readonly string[]).includes(m)) {
      if (!metals.includes(m as Metal)) metals.push(m as Metal);
    } else unsupported.push(r.trim() || '<blank>');
  }
  return { metals, unsupported };
}

// ---- central-bank gold -----------------------------------------------------------------------

export const TONNES_PER_MOZ = 31.1034768;

export interface CbReserves {
  asOfMonth: string;
  totalTonnes: number;
  topHolders: { iso3: string; name: string; tonnes: number; pctOfReserves: number }[];
  topBuyers12m: { iso3: string; name: string; deltaTonnes12m: number }[];
  topSellers12m: { iso3: string; name: string; deltaTonnes12m: number }[];
}

type CountryMonths = {
  iso3: string;
  name: string;
  months: Record<string, { goldMoz?: number; goldUsdM?: number; reservesUsdM?: number }>;
};

const monthsBefore = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 - n, 1));
  return d.toISOString().slice(0, 7);
};

/**
 * The latest month for which most countries report gold (a late reporter is read at its own latest
 * month), the 20 largest holders with gold's share of their reserves, and the ten largest buyers
 * and sellers over twelve months. Undefined when nobody reports gold.
 */
export function centralBankGold(countries: readonly CountryMonths[]): CbReserves | undefined {
  const counts = new Map<string, number>();
  for (const c of countries)
    for (const [m, v] of Object.entries(c.months)) if (v.goldMoz !== undefined) counts.set(m, (counts.get(m) ?? 0) + 1);
  if (counts.size === 0) return undefined;
  const most = Math.max(...counts.values());
  const asOfMonth = [...counts.entries()]
    .filter(([, n]) => n >= most / 2)
    .map(([m]) => m)
    .sort()
    .at(-1)!;
  const rows = countries.flatMap((c) => {
    const month = Object.keys(c.months)
      .filter((m) => m <= asOfMonth && c.months[m].goldMoz !== undefined)
      .sort()
      .at(-1);
    if (!month) return [];
    const now = c.months[month];
    const before = c.months[monthsBefore(month, 12)]?.goldMoz;
    const tonnes = now.goldMoz! * TONNES_PER_MOZ;
    return [
      {
        iso3: c.iso3,
        name: c.name,
        tonnes: round(tonnes, 1),
        pctOfReserves:
          now.goldUsdM !== undefined && now.reservesUsdM ? round((now.goldUsdM / now.reservesUsdM) * 100, 1) : 0,
        delta: before === undefined ? undefined : round((now.goldMoz! - before) * TONNES_PER_MOZ, 1),
      },
    ];
  });
  const topHolders = [...rows]
    .sort((a, b) => b.tonnes - a.tonnes)
    .slice(0, 20)
    .map(({ iso3, name, tonnes, pctOfReserves }) => ({ iso3, name, tonnes, pctOfReserves }));
  const movers = rows
    .filter((r) => r.delta !== undefined)
    .map((r) => ({ iso3: r.iso3, name: r.name, deltaTonnes12m: r.delta! }));
  return {
    asOfMonth,
    totalTonnes: round(
      topHolders.reduce((s, h) => s + h.tonnes, 0),
      1,
    ),
    topHolders,
    topBuyers12m: movers
      .filter((m) => m.deltaTonnes12m > 0)
      .sort((a, b) => b.deltaTonnes12m - a.deltaTonnes12m)
      .slice(0, 10),
    topSellers12m: movers
      .filter((m) => m.deltaTonnes12m < 0)
      .sort((a, b) => a.deltaTonnes12m - b.deltaTonnes12m)
      .slice(0, 10),
  };
}
