import type { Dataset, Previous } from '../../../../platform/snapshots/dataset.js';
import {
  type AssetCtx,
  HYPERLIQUID_INFO_URL,
  metaAndAssetCtxsBody,
  parsePolls,
} from '../../../../sources/hyperliquid/info.js';
import {
  type AssetClass,
  HL_ASSETS,
  KEEP_SAMPLES,
  MAX_MISSING_POLLS,
  type Sample,
  type Scores,
  scoreSample,
} from '../hyperliquid-rules.js';

export const HYPERLIQUID_FLOW = 'market.hyperliquid-flow';

/** One watched asset's rolling state: its recent samples, latest raw figures and scores, and staleness. */
export interface AssetState {
  symbol: string;
  display: string;
  assetClass: AssetClass;
  group: string;
  samples: Sample[];
  /** The latest figures as Hyperliquid sent them (decimal strings, '' when absent). */
  raw: { funding: string; openInterest: string; markPx: string; oraclePx: string; dayNtlVlm: string };
  scores: Scores;
  missingPolls: number;
  /** Time of the first poll that lacked the asset, epoch ms; 0 while present. */
  staleSince: number;
}

export interface FlowInfo {
  /** Time of the latest poll, epoch ms. */
  ts: number;
  /** Polls folded into the state so far. */
  polls: number;
}

const num = (s: string | null) => (s === null || s === '' ? NaN : Number(s));

function fold(states: Map<string, AssetState>, poll: { time: number; assets: AssetCtx[] }): void {
  const byName = new Map(poll.assets.map((a) => [a.name, a]));
  for (const meta of HL_ASSETS) {
    const ctx = byName.get(meta.symbol);
    const state = states.get(meta.symbol);
    if (!ctx) {
      if (!state) continue;
      state.missingPolls += 1;
      state.staleSince ||= poll.time;
      if (state.missingPolls > MAX_MISSING_POLLS) states.delete(meta.symbol);
      continue;
    }
    const prior = state?.samples ?? [];
    const cur = {
      t: poll.time,
      funding: num(ctx.funding),
      oi: num(ctx.openInterest),
      mark: num(ctx.markPx),
      oracle: num(ctx.oraclePx),
      dayNtl: num(ctx.dayNtlVlm),
    };
    const scores = scoreSample(cur, prior, meta.assetClass);
    states.set(meta.symbol, {
      ...meta,
      samples: [...prior, { ...cur, composite: scores.composite }].slice(-KEEP_SAMPLES),
      raw: {
        funding: ctx.funding ?? '',
        openInterest: ctx.openInterest ?? '',
        markPx: ctx.markPx ?? '',
        oraclePx: ctx.oraclePx ?? '',
        dayNtlVlm: ctx.dayNtlVlm ?? '',
      },
      scores,
      missingPolls: 0,
      staleSince: 0,
    });
  }
}

/** Folds the fetched polls (newer than the state's last) into the state held so far. */
export function buildFlow(
  bytes: Buffer,
  previous?: Previous<AssetState, FlowInfo>,
): { records: AssetState[]; info: FlowInfo } {
  const states = new Map((previous?.records ?? []).map((s) => [s.symbol, structuredClone(s)]));
  let ts = previous?.info.ts ?? 0;
  let polls = previous?.info.polls ?? 0;
  for (const poll of parsePolls(bytes)) {
    if (poll.time <= ts) continue;
    fold(states, poll);
    ts = poll.time;
    polls += 1;
  }
  const order = new Map(HL_ASSETS.map((a, i) => [a.symbol, i]));
  const records = [...states.values()].sort((a, b) => order.get(a.symbol)! - order.get(b.symbol)!);
  return { records, info: { ts, polls } };
}

export const hyperliquidFlowDataset: Dataset<AssetState, FlowInfo> = {
  name: HYPERLIQUID_FLOW,
  source: 'Hyperliquid info API (metaAndAssetCtxs, main and xyz dexes), accumulated poll by poll',
  kind: 'live',
  maxStaleMinutes: 45,
  // A poll may legitimately find every watched asset gone for a while; the state then thins out.
  minRetainedRatio: 0,
  sources: {
    info: {
      url: HYPERLIQUID_INFO_URL,
      sample: 'market/hyperliquid-meta-and-asset-ctxs.json',
      headers: () => ({ accept: 'application/json' }),
      // One poll of both dexes, as the one-element sequence the parser folds.
      fetch: async (get, { now }) => {
        const main = (await get(HYPERLIQUID_INFO_URL, { body: metaAndAssetCtxsBody() })).toString('utf8');
        const xyz = (await get(HYPERLIQUID_INFO_URL, { body: metaAndAssetCtxsBody('xyz') })).toString('utf8');
        return Buffer.from(`[{"time":${now},"default":${main},"xyz":${xyz}}]`);
      },
    },
  },
  parse: (payloads, _now, previous) => buildFlow(payloads.info!, previous),
};
