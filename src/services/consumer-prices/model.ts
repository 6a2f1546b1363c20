import type { PriceObservation } from './datasets/observations.js';
import { DAY_MS, round, spreadPct, weightedIndex } from './rules.js';

/** Days a price stays in the index after it was last read. */
export const FRESH_DAYS = 7;

/**
 * Everything the six operations read about one market, computed once per snapshot: the basket,
 * the retailers, the index of every observation day and every product's price history.
 */
export interface MarketModel {
  marketCode: string;
  currencyCode: string;
  basketSlug: string;
  baseDate: string;
  items: Map<string, { name: string; category: string; weight: number }>;
  retailers: Map<string, { name: string; lastObservedAt: number; lastDate: string; itemsOnLastDate: number }>;
  days: DayIndex[];
  products: Map<string, ProductHistory>;
  /** Newest observation time. */
  asOf: number;
}

export interface DayIndex {
  date: string;
  essentials: number;
  value: number;
  coverage: number;
  spread: number;
  categories: Map<string, { index: number; coverage: number }>;
  /** Basket total per retailer over the items every retailer carries that day. */
  retailerTotals: Map<string, number>;
  commonItems: number;
}

export interface ProductHistory {
  productId: string;
  title: string;
  retailerSlug: string;
  itemSlug: string;
  category: string;
  /** In-stock prices by date. */
  prices: Map<string, number>;
  latest: { date: string; price: number } | undefined;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export function buildMarketModels(observations: readonly PriceObservation[]): Map<string, MarketModel> {
  const byMarket = new Map<string, PriceObservation[]>();
  for (const o of observations) {
    let l = byMarket.get(o.marketCode);
    if (!l) byMarket.set(o.marketCode, (l = []));
    l.push(o);
  }
  return new Map([...byMarket].map(([m, obs]) => [m, buildMarket(obs)]));
}

function buildMarket(obs: PriceObservation[]): MarketModel {
  const sorted = [...obs].sort((a, b) => a.observedAt - b.observedAt);
  const first = sorted[0];
  const items = new Map<string, { name: string; category: string; weight: number }>();
  const retailers = new Map<
    string,
    { name: string; lastObservedAt: number; lastDate: string; itemsOnLastDate: number }
  >();
  const products = new Map<string, ProductHistory>();
  const byDay = new Map<string, PriceObservation[]>();
  for (const o of sorted) {
    items.set(o.itemSlug, { name: o.itemName, category: o.categorySlug, weight: o.weight });
    const day = dayOf(o.observedAt);
    const r = retailers.get(o.retailerSlug);
    if (!r || day !== r.lastDate)
      retailers.set(o.retailerSlug, {
        name: o.retailerName,
        lastObservedAt: o.observedAt,
        lastDate: day,
        itemsOnLastDate: o.inStock ? 1 : 0,
      });
    else {
      r.lastObservedAt = o.observedAt;
      if (o.inStock) r.itemsOnLastDate++;
    }
    let p = products.get(o.productId);
    if (!p)
      products.set(
        o.productId,
        (p = {
          productId: o.productId,
          title: o.productTitle,
          retailerSlug: o.retailerSlug,
          itemSlug: o.itemSlug,
          category: o.categorySlug,
          prices: new Map(),
          latest: undefined,
        }),
      );
    if (o.inStock) {
      p.prices.set(day, o.price);
      p.latest = { date: day, price: o.price };
    }
    let d = byDay.get(day);
    if (!d) byDay.set(day, (d = []));
    d.push(o);
  }

  // Baselines: mean and cheapest in-stock price of each item on the basket's base date.
  const baseObs = byDay.get(first.baseDate) ?? [];
  const baseMean = new Map<string, number>();
  const baseMin = new Map<string, number>();
  for (const slug of items.keys()) {
    const prices = baseObs.filter((o) => o.itemSlug === slug && o.inStock).map((o) => o.price);
    if (prices.length) {
      baseMean.set(slug, mean(prices));
      baseMin.set(slug, Math.min(...prices));
    }
  }

  // Walk the days in order, keeping each retailer's latest in-stock price per item.
  const current = new Map<string, Map<string, { price: number; date: string }>>(); // item -> retailer -> latest
  const days: DayIndex[] = [];
  for (const [date, dayObs] of byDay) {
    for (const o of dayObs) {
      let m = current.get(o.itemSlug);
      if (!m) current.set(o.itemSlug, (m = new Map()));
      if (o.inStock) m.set(o.retailerSlug, { price: o.price, date });
      else m.delete(o.retailerSlug);
    }
    if (date < first.baseDate) continue;
    // A price older than a week no longer describes the shelf: it drops out until read again.
    const oldest = new Date(Date.parse(date) - FRESH_DAYS * DAY_MS).toISOString().slice(0, 10);
    const fresh = new Map(
      [...current].map(([item, m]) => [
        item,
        new Map([...m].filter(([, v]) => v.date >= oldest).map(([r, v]) => [r, v.price])),
      ]),
    );
    days.push(dayIndex(date, items, fresh, baseMean, baseMin, retailers.size));
  }
  return {
    marketCode: first.marketCode,
    currencyCode: first.currencyCode,
    basketSlug: first.basketSlug,
    baseDate: first.baseDate,
    items,
    retailers,
    days,
    products,
    asOf: sorted[sorted.length - 1].observedAt,
  };
}

function dayIndex(
  date: string,
  items: MarketModel['items'],
  current: Map<string, Map<string, number>>,
  baseMean: Map<string, number>,
  baseMin: Map<string, number>,
  retailerCount: number,
): DayIndex {
  const fixed: { weight: number; ratio: number; category: string }[] = [];
  const value: { weight: number; ratio: number }[] = [];
  const perCategoryItems = new Map<string, number>();
  for (const [slug, item] of items) {
    perCategoryItems.set(item.category, (perCategoryItems.get(item.category) ?? 0) + 1);
    const prices = [...(current.get(slug)?.values() ?? [])];
    const bm = baseMean.get(slug);
    const bmin = baseMin.get(slug);
    if (!prices.length || !bm || !bmin) continue;
    fixed.push({ weight: item.weight, ratio: mean(prices) / bm, category: item.category });
    value.push({ weight: item.weight, ratio: Math.min(...prices) / bmin });
  }
  const categories = new Map<string, { index: number; coverage: number }>();
  for (const [cat, n] of perCategoryItems) {
    const parts = fixed.filter((f) => f.category === cat);
    categories.set(cat, { index: round(weightedIndex(parts), 1), coverage: round((parts.length / n) * 100, 1) });
  }
  // Retailer totals over the items every retailer prices today.
  const retailerTotals = new Map<string, number>();
  let commonItems = 0;
  for (const slug of items.keys()) {
    const m = current.get(slug);
    if (!m || m.size < retailerCount) continue;
    commonItems++;
    for (const [r, p] of m) retailerTotals.set(r, (retailerTotals.get(r) ?? 0) + p);
  }
  return {
    date,
    essentials: round(weightedIndex(fixed), 1),
    value: round(weightedIndex(value), 1),
    coverage: round((fixed.length / items.size) * 100, 1),
    spread: spreadPct([...retailerTotals.values()], commonItems),
    categories,
    retailerTotals,
    commonItems,
  };
}
