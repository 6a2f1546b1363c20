import type { SnapshotStore } from '../../../platform/snapshots/store.js';
import { FEAR_GREED, type FearGreedInfo, type StoredCategory } from './datasets/fear-greed.js';
import { ETF_FLOWS, type EtfFlowsInfo, type StoredEtfFlow } from './datasets/etf-flows.js';
import { COT, type StoredCot } from './datasets/cot.js';
import { type AssetState, type FlowInfo, HYPERLIQUID_FLOW } from './datasets/hyperliquid-flow.js';
import { alertsFor } from './hyperliquid-rules.js';
import { netDirection, netPct } from './rules.js';
import type {
  GetCotPositioningResponse,
  GetFearGreedIndexResponse,
  GetHyperliquidFlowResponse,
  ListEtfFlowsResponse,
} from './schemas.js';

/** The composite, its ten categories and headline inputs; exactly the unavailable shape without a snapshot. */
export function getFearGreedIndex(store: SnapshotStore): GetFearGreedIndexResponse {
  const snapshot = store.read<StoredCategory, FearGreedInfo>(FEAR_GREED);
  const info = snapshot?.info;
  if (!snapshot || !info || typeof info.compositeScore !== 'number') {
    return { compositeScore: 0, compositeLabel: '', unavailable: true };
  }
  return snapshot.derive('response', (s) => {
    const categories = Object.fromEntries(
      s.records.map(({ key, score, weight, contribution, degraded, inputsJson }) => [
        key,
        { score, weight, contribution, degraded, inputsJson },
      ]),
    );
    const { compositeScore, compositeLabel, previousScore, seededAt, ...headline } = s.info;
    return { compositeScore, compositeLabel, previousScore, seededAt, ...categories, ...headline, unavailable: false };
  });
}

/** The funds and their totals; an UNAVAILABLE summary without a snapshot. */
export function listEtfFlows(store: SnapshotStore): { response: ListEtfFlowsResponse; degraded: boolean } {
  const snapshot = store.read<StoredEtfFlow, EtfFlowsInfo>(ETF_FLOWS);
  if (!snapshot || snapshot.records.length === 0) {
    const summary = {
      etfCount: 0,
      totalVolume: 0,
      totalEstFlow: 0,
      netDirection: 'UNAVAILABLE',
      inflowCount: 0,
      outflowCount: 0,
    };
    return { response: { timestamp: '', summary, etfs: [], rateLimited: false }, degraded: true };
  }
  const response = snapshot.derive('response', (s) => {
    const etfs = [...s.records];
    const totalEstFlow = etfs.reduce((sum, e) => sum + e.estFlow, 0);
    return {
      timestamp: new Date(s.info.asOf).toISOString(),
      summary: {
        etfCount: etfs.length,
        totalVolume: etfs.reduce((sum, e) => sum + e.volume, 0),
        totalEstFlow,
        netDirection: netDirection(totalEstFlow),
        inflowCount: etfs.filter((e) => e.direction === 'inflow').length,
        outflowCount: etfs.filter((e) => e.direction === 'outflow').length,
      },
      etfs,
      rateLimited: false,
    };
  });
  return { response, degraded: false };
}

export function getCotPositioning(store: SnapshotStore): { response: GetCotPositioningResponse; degraded: boolean } {
  const snapshot = store.read<StoredCot>(COT);
  if (!snapshot || snapshot.records.length === 0)
    return { response: { instruments: [], reportDate: '', unavailable: true }, degraded: true };
  const response = snapshot.derive('response', (s) => {
    const str = (n: number) => String(Math.round(n));
    const instruments = s.records.map((r) => ({
      name: r.name,
      code: r.code,
      reportDate: r.reportDate,
      assetManagerLong: str(r.assetManager.long),
      assetManagerShort: str(r.assetManager.short),
      leveragedFundsLong: str(r.leveragedFunds.long),
      leveragedFundsShort: str(r.leveragedFunds.short),
      dealerLong: str(r.dealer.long),
      dealerShort: str(r.dealer.short),
      netPct: netPct(r.assetManager.long, r.assetManager.short),
      smallTraderLong: str(r.smallTraders?.long ?? 0),
      smallTraderShort: str(r.smallTraders?.short ?? 0),
      smallTraderAvailable: r.smallTraders !== undefined,
    }));
    return {
      instruments,
      reportDate: s.records.reduce((m, r) => (r.reportDate > m ? r.reportDate : m), ''),
      unavailable: false,
    };
  });
  return { response, degraded: false };
}

export function getHyperliquidFlow(store: SnapshotStore): { response: GetHyperliquidFlowResponse; degraded: boolean } {
  const snapshot = store.read<AssetState, FlowInfo>(HYPERLIQUID_FLOW);
  if (!snapshot || snapshot.records.length === 0) {
    return {
      response: { ts: '0', fetchedAt: '', warmup: true, assetCount: 0, assets: [], unavailable: true },
      degraded: true,
    };
  }
  const response = snapshot.derive('response', (s) => {
    const assets = s.records.map((a) => ({
      symbol: a.symbol,
      display: a.display,
      assetClass: a.assetClass,
      group: a.group,
      funding: a.raw.funding,
      openInterest: a.raw.openInterest,
      markPx: a.raw.markPx,
      oraclePx: a.raw.oraclePx,
      dayNotional: a.raw.dayNtlVlm,
      fundingScore: a.scores.fundingScore,
      volumeScore: a.scores.volumeScore,
      oiScore: a.scores.oiScore,
      basisScore: a.scores.basisScore,
      composite: a.scores.composite,
      sparkFunding: a.samples.map((p) => p.funding).filter(Number.isFinite),
      sparkOi: a.samples.map((p) => p.oi).filter(Number.isFinite),
      sparkScore: a.samples.map((p) => p.composite),
      warmup: a.scores.warmup,
      stale: a.missingPolls > 0,
      staleSince: String(a.staleSince),
      missingPolls: a.missingPolls,
      alerts: a.missingPolls > 0 ? [] : alertsFor(a.scores),
    }));
    return {
      ts: String(s.info.ts),
      fetchedAt: new Date(s.info.ts).toISOString(),
      warmup: assets.some((a) => a.warmup),
      assetCount: assets.length,
      assets,
      unavailable: false,
    };
  });
  return { response, degraded: false };
}
