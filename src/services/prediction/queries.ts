import { paginate } from '../../platform/paging.js';
import type { SnapshotStore } from '../../platform/snapshots/store.js';
import { PREDICTION_MARKETS, type StoredMarket } from './datasets/markets.js';
import { pageSize, poolForCategory } from './rules.js';
import type { ListPredictionMarketsRequest, ListPredictionMarketsResponse, PredictionMarket } from './schemas.js';

const byVolume = (a: StoredMarket, b: StoredMarket) => b.volume - a.volume || (a.url < b.url ? -1 : 1);

export function listPredictionMarkets(
  store: SnapshotStore,
  req: ListPredictionMarketsRequest,
  markDegraded: () => void,
): ListPredictionMarketsResponse {
  const snapshot = store.read<StoredMarket>(PREDICTION_MARKETS);
  if (!snapshot) {
    markDegraded();
    return { markets: [], fetchedAt: 0, dataAvailable: false };
  }
  const pool = poolForCategory(req.category);
  // The union of the pools, one market per page address (the busier copy), by volume.
  const all = snapshot.derive('by-volume', (s) => {
    const best = new Map<string, StoredMarket>();
    for (const m of s.records) if ((best.get(m.url)?.volume ?? -1) < m.volume) best.set(m.url, m);
    return [...best.values()].sort(byVolume);
  });
  const inPool = pool ? all.filter((m) => m.pool === pool) : all;
  if (inPool.length === 0) {
    markDegraded();
    return { markets: [], fetchedAt: snapshot.capturedAt, dataAvailable: false };
  }
  const q = req.query?.slice(0, 100).trim().toLowerCase();
  const matching = q ? inPool.filter((m) => m.title.toLowerCase().includes(q)) : inPool;
  const page = paginate(matching, (m) => m.url, pageSize(req.page_size), req.cursor || undefined);
  const markets: PredictionMarket[] = page.items.map((m) => ({
    id: m.id,
    title: m.title,
    yesPrice: Math.round(m.yesPercent * 10) / 1000,
    volume: m.volume,
    url: m.url,
    closesAt: m.closesAt,
    category: req.category ?? m.pool,
    source: m.source,
  }));
  return {
    markets,
    pagination: { nextCursor: page.nextCursor, totalCount: page.totalCount },
    fetchedAt: snapshot.capturedAt,
    dataAvailable: true,
  };
}
