import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { PRICE_OBSERVATIONS, type PriceObservation } from './datasets/observations.js';
import { buildMarketModels, type DayIndex, type MarketModel } from './model.js';
import {
  clampLimit,
  DAY_MS,
  dayAtLeastBefore,
  DEFAULT_MARKET,
  moverChangePct,
  pctChange,
  rangeDays,
  round,
  STALLED_AFTER_MIN,
  titleCase,
  TOP_CATEGORIES,
} from './rules.js';
import type {
  CategorySnapshot,
  GetConsumerPriceBasketSeriesRequest,
  GetConsumerPriceBasketSeriesResponse,
  GetConsumerPriceFreshnessResponse,
  GetConsumerPriceOverviewResponse,
  ListConsumerPriceCategoriesResponse,
  ListConsumerPriceMoversRequest,
  ListConsumerPriceMoversResponse,
  ListRetailerPriceSpreadsResponse,
} from './schemas.js';

type Degraded = () => void;

/** The market's model (built once per snapshot), or undefined when the market has no observations. */
function marketOf(store: SnapshotStore, marketCode: string | undefined, basketSlug?: string): MarketModel | undefined {
  const snapshot = store.read<PriceObservation>(PRICE_OBSERVATIONS);
  const model = snapshot
    ?.derive('markets', (s) => buildMarketModels(s.records))
    .get((marketCode || DEFAULT_MARKET).toLowerCase());
  if (!model || (basketSlug && basketSlug !== model.basketSlug)) return undefined;
  return model;
}

const market = (code: string | undefined) => (code || DEFAULT_MARKET).toLowerCase();
/** Minutes from `t` to `now`, the observations' capture time (the data's time, never the clock's). */
const minutesSince = (now: number, t: number) => Math.max(0, Math.round((now - t) / 60_000));
const latestDay = (m: MarketModel) => m.days[m.days.length - 1];

/** Days of the window ending at the newest day: those dated after newest - days (and the base day excluded). */
function windowDays(m: MarketModel, days: number): DayIndex[] {
  const cutoff = new Date(Date.parse(latestDay(m).date) - days * DAY_MS).toISOString().slice(0, 10);
  return m.days.filter((d) => d.date > cutoff && d.date !== m.baseDate);
}

function categorySnapshots(m: MarketModel, days: number, sparkline: boolean): CategorySnapshot[] {
  const latest = latestDay(m);
  const before = dayAtLeastBefore(m.days, latest.date, days);
  const window = sparkline ? windowDays(m, days) : [];
  const counts = new Map<string, number>();
  for (const item of m.items.values()) counts.set(item.category, (counts.get(item.category) ?? 0) + 1);
  return [...latest.categories]
    .map(([slug, c]) => {
      const change = pctChange(c.index, before?.categories.get(slug)?.index);
      return {
        slug,
        name: titleCase(slug),
        wowPct: days === 7 ? change : 0,
        momPct: days === 7 ? 0 : change,
        currentIndex: c.index,
        sparkline: window.map((d) => d.categories.get(slug)?.index ?? 100),
        coveragePct: c.coverage,
        itemCount: counts.get(slug) ?? 0,
      };
    })
    .sort((a, b) => Math.abs(b.currentIndex - 100) - Math.abs(a.currentIndex - 100) || (a.slug < b.slug ? -1 : 1))
    .slice(0, TOP_CATEGORIES);
}

function meanFreshness(m: MarketModel, now: number): number {
  const mins = [...m.retailers.values()].map((r) => minutesSince(now, r.lastObservedAt)).filter((x) => x > 0);
  return mins.length ? Math.round(mins.reduce((a, b) => a + b, 0) / mins.length) : 0;
}

export function getOverview(
  store: SnapshotStore,
  req: { market_code?: string },
  now: number,
  degraded: Degraded,
): GetConsumerPriceOverviewResponse {
  const m = marketOf(store, req.market_code);
  if (!m || m.days.length === 0) {
    degraded();
    return {
      marketCode: market(req.market_code),
      asOf: '0',
      currencyCode: '',
      essentialsIndex: 0,
      valueBasketIndex: 0,
      wowPct: 0,
      momPct: 0,
      retailerSpreadPct: 0,
      coveragePct: 0,
      freshnessLagMin: 0,
      topCategories: [],
      upstreamUnavailable: true,
    };
  }
  const latest = latestDay(m);
  const weekAgo = dayAtLeastBefore(m.days, latest.date, 7);
  const monthAgo = dayAtLeastBefore(m.days, latest.date, 30);
  return {
    marketCode: m.marketCode,
    asOf: String(m.asOf),
    currencyCode: m.currencyCode,
    essentialsIndex: latest.essentials,
    valueBasketIndex: latest.value,
    wowPct: pctChange(latest.essentials, weekAgo?.essentials),
    momPct: pctChange(latest.essentials, monthAgo?.essentials),
    retailerSpreadPct: latest.spread,
    coveragePct: latest.coverage,
    freshnessLagMin: meanFreshness(m, now),
    topCategories: categorySnapshots(m, 7, false),
    upstreamUnavailable: false,
  };
}

export function getBasketSeries(
  store: SnapshotStore,
  req: GetConsumerPriceBasketSeriesRequest,
  degraded: Degraded,
): GetConsumerPriceBasketSeriesResponse {
  const { range, days } = rangeDays(req.range);
  const code = market(req.market_code);
  const basketSlug = req.basket_slug || `essentials-${code}`;
  const m = marketOf(store, code, basketSlug);
  if (!m || m.days.length === 0) {
    degraded();
    return {
      marketCode: code,
      basketSlug,
      asOf: '0',
      currencyCode: '',
      range,
      essentialsSeries: [],
      valueSeries: [],
      upstreamUnavailable: true,
    };
  }
  const window = windowDays(m, days);
  return {
    marketCode: m.marketCode,
    basketSlug,
    asOf: String(m.asOf),
    currencyCode: m.currencyCode,
    range,
    essentialsSeries: window.map((d) => ({ date: d.date, index: d.essentials })),
    valueSeries: window.map((d) => ({ date: d.date, index: d.value })),
    upstreamUnavailable: false,
  };
}

export function listCategories(
  store: SnapshotStore,
  req: { market_code?: string; range?: string },
  degraded: Degraded,
): ListConsumerPriceCategoriesResponse {
  const { range, days } = rangeDays(req.range);
  const m = marketOf(store, req.market_code);
  if (!m || m.days.length === 0) {
    degraded();
    return { marketCode: market(req.market_code), asOf: '0', range, categories: [], upstreamUnavailable: true };
  }
  return {
    marketCode: m.marketCode,
    asOf: String(m.asOf),
    range,
    categories: categorySnapshots(m, days, true),
    upstreamUnavailable: false,
  };
}

export function listMovers(
  store: SnapshotStore,
  req: ListConsumerPriceMoversRequest,
  degraded: Degraded,
): ListConsumerPriceMoversResponse {
  const range = ['7d', '30d', '90d'].includes(req.range ?? '') ? req.range! : '30d';
  const days = Number(range.slice(0, -1));
  const m = marketOf(store, req.market_code);
  if (!m || m.days.length === 0) {
    degraded();
    return {
      marketCode: market(req.market_code),
      asOf: '0',
      range,
      risers: [],
      fallers: [],
      upstreamUnavailable: true,
    };
  }
  const latestDate = latestDay(m).date;
  const pastDate = new Date(Date.parse(latestDate) - days * DAY_MS).toISOString().slice(0, 10);
  const moves = [...m.products.values()].flatMap((p) => {
    const past = p.prices.get(pastDate);
    if (!p.latest || past === undefined || (req.category_slug && p.category !== req.category_slug)) return [];
    const changePct = moverChangePct(p.latest.price, past);
    if (changePct === undefined || changePct === 0) return [];
    return [
      {
        productId: p.productId,
        title: p.title,
        category: p.category,
        retailerSlug: p.retailerSlug,
        changePct,
        currentPrice: p.latest.price,
        currencyCode: m.currencyCode,
      },
    ];
  });
  const limit = clampLimit(req.limit);
  const byId = (a: { productId: string }, b: { productId: string }) => (a.productId < b.productId ? -1 : 1);
  return {
    marketCode: m.marketCode,
    asOf: String(m.asOf),
    range,
    risers: moves
      .filter((x) => x.changePct > 0)
      .sort((a, b) => b.changePct - a.changePct || byId(a, b))
      .slice(0, limit),
    fallers: moves
      .filter((x) => x.changePct < 0)
      .sort((a, b) => a.changePct - b.changePct || byId(a, b))
      .slice(0, limit),
    upstreamUnavailable: false,
  };
}

export function listSpreads(
  store: SnapshotStore,
  req: { market_code?: string; basket_slug?: string },
  now: number,
  degraded: Degraded,
): ListRetailerPriceSpreadsResponse {
  const code = market(req.market_code);
  const basketSlug = req.basket_slug || `essentials-${code}`;
  const m = marketOf(store, code, basketSlug);
  if (!m || m.days.length === 0) {
    degraded();
    return {
      marketCode: code,
      asOf: '0',
      basketSlug,
      currencyCode: '',
      retailers: [],
      spreadPct: 0,
      upstreamUnavailable: true,
    };
  }
  const latest = latestDay(m);
  const totals = [...latest.retailerTotals].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
  const cheapest = totals[0]?.[1] ?? 0;
  return {
    marketCode: m.marketCode,
    asOf: String(m.asOf),
    basketSlug,
    currencyCode: m.currencyCode,
    retailers: totals.map(([slug, total]) => ({
      slug,
      name: m.retailers.get(slug)?.name ?? slug,
      basketTotal: round(total, 2),
      deltaVsCheapest: round(total - cheapest, 2),
      deltaVsCheapestPct: cheapest > 0 ? round(((total - cheapest) / cheapest) * 100, 1) : 0,
      itemCount: latest.commonItems,
      freshnessMin: minutesSince(now, m.retailers.get(slug)!.lastObservedAt),
      currencyCode: m.currencyCode,
    })),
    spreadPct: latest.spread,
    upstreamUnavailable: false,
  };
}

export function getFreshness(
  store: SnapshotStore,
  req: { market_code?: string },
  now: number,
  degraded: Degraded,
): GetConsumerPriceFreshnessResponse {
  const m = marketOf(store, req.market_code);
  if (!m) {
    degraded();
    return {
      marketCode: market(req.market_code),
      asOf: '0',
      retailers: [],
      overallFreshnessMin: 0,
      stalledCount: 0,
      upstreamUnavailable: true,
    };
  }
  const retailers = [...m.retailers]
    .map(([slug, r]) => {
      const freshnessMin = minutesSince(now, r.lastObservedAt);
      return {
        slug,
        name: r.name,
        lastRunAt: String(r.lastObservedAt),
        status: freshnessMin > STALLED_AFTER_MIN ? 'stalled' : 'fresh',
        parseSuccessRate: round(Math.min(1, r.itemsOnLastDate / m.items.size), 3),
        freshnessMin,
      };
    })
    .sort((a, b) => (a.slug < b.slug ? -1 : 1));
  return {
    marketCode: m.marketCode,
    asOf: String(m.asOf),
    retailers,
    overallFreshnessMin: meanFreshness(m, now),
    stalledCount: retailers.filter((r) => r.status === 'stalled').length,
    upstreamUnavailable: false,
  };
}
