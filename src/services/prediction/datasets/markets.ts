import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { KALSHI_EVENTS_URL, parseKalshiEvents, type KalshiEvent } from '../../../sources/kalshi/events.js';
import { gammaEventsUrl, parseGammaEvents, type GammaEvent } from '../../../sources/polymarket/gamma.js';
import { isExcluded, MIN_EVENT_VOLUME, poolOf, selectPool, type Pool } from '../rules.js';

export const PREDICTION_MARKETS = 'prediction.markets';

/** A market chosen for one pool. */
export interface StoredMarket {
  id: string;
  title: string;
  /** 0-100, 1 decimal. */
  yesPercent: number;
  volume: number;
  url: string;
  closesAt: number;
  pool: Pool;
  source: 'MARKET_SOURCE_POLYMARKET' | 'MARKET_SOURCE_KALSHI';
}

/** Polymarket tags asked for, one request each. */
export const GAMMA_TAGS = [
  'geopolitics',
  'politics',
  'world',
  'ai',
  'tech',
  'crypto',
  'science',
  'economy',
  'fed',
  'inflation',
  'recession',
  'trade',
  'tariffs',
];

const pct = (p: number) => Math.round(p * 1000) / 10;

/** Polymarket events -> one market each: open, not excluded, enough volume, its busiest market's Yes price. */
export function fromPolymarket(events: readonly GammaEvent[]): StoredMarket[] {
  const seen = new Set<string>();
  const out: StoredMarket[] = [];
  for (const e of events) {
    if (
      seen.has(e.id) ||
      e.closed ||
      !e.active ||
      e.volume < MIN_EVENT_VOLUME ||
      isExcluded(`${e.title} ${e.tags.join(' ')}`)
    )
      continue;
    seen.add(e.id);
    const market = e.markets
      .filter((m) => m.active && !m.closed && Number.isFinite(m.yesPrice))
      .sort((a, b) => b.volume - a.volume)[0];
    if (!market) continue;
    out.push({
      id: e.slug,
      title: e.title,
      yesPercent: pct(market.yesPrice),
      volume: e.volume,
      url: `https://polymarket.com/event/${e.slug}`,
      closesAt: e.endDate ?? 0,
      pool: poolOf(e.tags),
      source: 'MARKET_SOURCE_POLYMARKET',
    });
  }
  return out;
}

/** Kalshi events -> their busiest open binary market with a last price, when it traded over 5000. */
export function fromKalshi(events: readonly KalshiEvent[]): StoredMarket[] {
  const out: StoredMarket[] = [];
  for (const e of events) {
    if (isExcluded(`${e.title} ${e.category}`)) continue;
    const market = e.markets
      .filter((m) => m.type === 'binary' && m.status === 'active' && Number.isFinite(m.lastPrice))
      .sort((a, b) => b.volume - a.volume)[0];
    if (!market || market.volume <= 5000) continue;
    out.push({
      id: e.ticker.toLowerCase(),
      title: e.title,
      yesPercent: pct(market.lastPrice),
      volume: market.volume,
      url: `https://kalshi.com/markets/${e.seriesTicker.toLowerCase()}`,
      closesAt: market.closeTime ?? 0,
      pool: poolOf([e.category]),
      source: 'MARKET_SOURCE_KALSHI',
    });
  }
  return out;
}

export const predictionMarketsDataset: Dataset<StoredMarket> = {
  name: PREDICTION_MARKETS,
  source: 'Polymarket Gamma API; Kalshi trade API',
  kind: 'live',
  maxStaleMinutes: 90,
  sources: {
    polymarket: {
      url: gammaEventsUrl(GAMMA_TAGS[0], Date.now()),
      sample: 'prediction/polymarket-gamma-events.requests.json',
      // One request per tag, answers concatenated into one event array.
      fetch: async (get, { now }) => {
        const all: unknown[] = [];
        for (const tag of GAMMA_TAGS)
          all.push(...(JSON.parse((await get(gammaEventsUrl(tag, now))).toString('utf8')) as unknown[]));
        return Buffer.from(JSON.stringify(all));
      },
    },
    kalshi: { url: KALSHI_EVENTS_URL, sample: 'prediction/kalshi-events.json', optional: true },
  },
  parse(payloads, now) {
    const candidates = [
      ...fromPolymarket(parseGammaEvents(payloads.polymarket!)),
      ...(payloads.kalshi ? fromKalshi(parseKalshiEvents(payloads.kalshi)) : []),
    ];
    const pools: Pool[] = ['geopolitical', 'tech', 'finance'];
    return {
      records: pools.flatMap((p) =>
        selectPool(
          candidates.filter((c) => c.pool === p),
          now,
        ),
      ),
    };
  },
};
