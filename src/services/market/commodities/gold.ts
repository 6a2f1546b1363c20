import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { COT, type StoredCot } from '../flows/datasets/cot.js';
import { netPct, nextReleaseDate, oiSharePct } from '../flows/rules.js';
import type { GldDay } from '../../../sources/spdr/gld.js';
import type { StoredInstrument } from './datasets/commodities.js';
import { CB_GOLD_RESERVES } from './datasets/cb-gold-reserves.js';
import { GLD_HOLDINGS } from './datasets/gld-holdings.js';
import { GOLD_DRIVERS } from './instruments.js';
import { instruments, type Outcome } from './queries.js';
import { type CbReserves, changeOver, correlation, dailyReturns, rangePosition, round, sig7 } from './rules.js';
import type { GetGoldIntelligenceResponse } from './schemas.js';

/** Gold in other currencies: a USD-quoted pair divides the dollar price, a USD-based pair multiplies it. */
const CROSS: readonly { currency: string; flag: string; pair: string; divide: boolean }[] = [
  { currency: 'EUR', flag: '🇪🇺', pair: 'EURUSD=X', divide: true },
  { currency: 'GBP', flag: '🇬🇧', pair: 'GBPUSD=X', divide: true },
  { currency: 'CHF', flag: '🇨🇭', pair: 'USDCHF=X', divide: false },
  { currency: 'JPY', flag: '🇯🇵', pair: 'USDJPY=X', divide: false },
  { currency: 'CNY', flag: '🇨🇳', pair: 'USDCNY=X', divide: false },
  { currency: 'INR', flag: '🇮🇳', pair: 'USDINR=X', divide: false },
];

const EMPTY: GetGoldIntelligenceResponse = {
  goldPrice: 0,
  goldChangePct: 0,
  goldSparkline: [],
  silverPrice: 0,
  platinumPrice: 0,
  palladiumPrice: 0,
  goldSilverRatio: 0,
  goldPlatinumPremiumPct: 0,
  crossCurrencyPrices: [],
  updatedAt: '',
  unavailable: true,
  session: { dayHigh: 0, dayLow: 0, prevClose: 0 },
  returns: { w1: 0, m1: 0, ytd: 0, y1: 0 },
  range52w: { hi: 0, lo: 0, positionPct: 0 },
  drivers: [],
};

const day = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Correlation of daily returns over the last 30 sessions both series traded. */
function correlation30d(a: StoredInstrument, b: StoredInstrument): number {
  const bByDay = new Map(b.times.map((t, i) => [day(t), b.closes[i]]));
  const pairs = a.times
    .flatMap((t, i) => (bByDay.has(day(t)) ? [[a.closes[i], bByDay.get(day(t))!] as const] : []))
    .slice(-31);
  const c = correlation(dailyReturns(pairs.map((p) => p[0])), dailyReturns(pairs.map((p) => p[1])));
  return c === undefined ? 0 : round(c, 3);
}

function cotOf(store: SnapshotStore): GetGoldIntelligenceResponse['cot'] {
  const gc = store.read<StoredCot>(COT)?.records.find((r) => r.code === 'GC');
  if (!gc?.managedMoney || !gc.producerSwap) return undefined;
  const category = (now: { long: number; short: number }, before: { long: number; short: number } | undefined) => ({
    longPositions: String(now.long),
    shortPositions: String(now.short),
    netPct: netPct(now.long, now.short),
    oiSharePct: oiSharePct(now.long, now.short, gc.openInterest),
    wowNetDelta: String(before ? now.long - now.short - (before.long - before.short) : 0),
  });
  return {
    reportDate: gc.reportDate,
    nextReleaseDate: nextReleaseDate(gc.reportDate),
    openInterest: String(gc.openInterest),
    managedMoney: category(gc.managedMoney, gc.previous?.managedMoney),
    producerSwap: category(gc.producerSwap, gc.previous?.producerSwap),
  };
}

/** GLD holdings and their changes over 5, 21 and 252 sessions; undefined without holdings. */
function etfFlowsOf(store: SnapshotStore): GetGoldIntelligenceResponse['etfFlows'] {
  const snapshot = store.read<GldDay>(GLD_HOLDINGS);
  if (!snapshot || snapshot.records.length === 0) return undefined;
  return snapshot.derive('etfFlows', (s) => {
    const rows = s.records;
    const last = rows.at(-1)!;
    const back = (n: number) => rows[rows.length - 1 - n];
    const delta = (n: number) => (back(n) ? round(last.tonnes - back(n).tonnes) : 0);
    const pct = (n: number) => (back(n) ? round(((last.tonnes - back(n).tonnes) / back(n).tonnes) * 100) : 0);
    return {
      asOfDate: last.date,
      tonnes: round(last.tonnes),
      aumUsd: last.aumUsd,
      nav: last.nav,
      changeW1Tonnes: delta(5),
      changeM1Tonnes: delta(21),
      changeY1Tonnes: delta(252),
      changeW1Pct: pct(5),
      changeM1Pct: pct(21),
      changeY1Pct: pct(252),
      sparkline90d: rows.slice(-90).map((r) => round(r.tonnes)),
    };
  });
}

/** Joins the commodities snapshot (prices, FX, drivers) with the CFTC gold positioning. */
export function getGoldIntelligence(store: SnapshotStore): Outcome<GetGoldIntelligenceResponse> {
  const data = instruments(store);
  const gold = data?.bySymbol.get('GC=F');
  if (!data || !gold) return { response: EMPTY, degraded: true };
  const cot = cotOf(store);
  const etfFlows = etfFlowsOf(store);
  // Shown only with enough holders to be a ranking.
  const cb = store.read<CbReserves>(CB_GOLD_RESERVES)?.records[0];
  const cbReserves = cb && cb.topHolders.length >= 5 ? cb : undefined;
  const base = data.snapshot.derive('gold', (s) => {
    const price = (sym: string) => data.bySymbol.get(sym)?.price ?? 0;
    const g = gold.price;
    const silver = price('SI=F');
    const platinum = price('PL=F');
    const year = new Date(gold.priceTime).getUTCFullYear();
    const firstOfYear = gold.closes.find((_, i) => new Date(gold.times[i]).getUTCFullYear() === year);
    const hi = Math.max(...gold.closes);
    const lo = Math.min(...gold.closes);
    const pct = (x: number | undefined) => (x === undefined ? 0 : round(x));
    return {
      goldPrice: g,
      goldChangePct: gold.change,
      goldSparkline: gold.closes.slice(-22).map(sig7),
      silverPrice: silver,
      platinumPrice: platinum,
      palladiumPrice: price('PA=F'),
      goldSilverRatio: silver > 0 ? round(g / silver) : 0,
      goldPlatinumPremiumPct: platinum > 0 ? round(((g - platinum) / platinum) * 100) : 0,
      crossCurrencyPrices: CROSS.flatMap((c) => {
        const rate = price(c.pair);
        return rate > 0 ? [{ currency: c.currency, flag: c.flag, price: round(c.divide ? g / rate : g * rate) }] : [];
      }),
      updatedAt: new Date(s.info.asOf).toISOString(),
      unavailable: false,
      session: { dayHigh: gold.dayHigh ?? 0, dayLow: gold.dayLow ?? 0, prevClose: gold.previousClose ?? 0 },
      returns: {
        w1: pct(changeOver(gold.closes, 5)),
        m1: pct(changeOver(gold.closes, 21)),
        ytd: firstOfYear ? round(((gold.closes.at(-1)! - firstOfYear) / firstOfYear) * 100) : 0,
        y1: pct(changeOver(gold.closes, gold.closes.length - 1)),
      },
      range52w: { hi, lo, positionPct: round(rangePosition(gold.closes.at(-1)!, lo, hi)) },
      drivers: GOLD_DRIVERS.flatMap((d) => {
        const r = data.bySymbol.get(d.symbol);
        return r
          ? [
              {
                symbol: d.symbol,
                label: d.label,
                value: r.price,
                changePct: r.change,
                correlation30d: correlation30d(gold, r),
              },
            ]
          : [];
      }),
    };
  });
  return {
    response: {
      ...base,
      ...(cot ? { cot } : {}),
      ...(etfFlows ? { etfFlows } : {}),
      ...(cbReserves ? { cbReserves } : {}),
    },
    degraded: false,
  };
}
