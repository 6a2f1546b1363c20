import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { COT } from './datasets/cot.js';
import { ETF_FLOWS } from './datasets/etf-flows.js';
import { HYPERLIQUID_FLOW } from './datasets/hyperliquid-flow.js';
import { FEAR_GREED } from './datasets/fear-greed.js';
import { getCotPositioning, getFearGreedIndex, getHyperliquidFlow, listEtfFlows } from './queries.js';
import {
  GetCotPositioningRequest,
  GetCotPositioningResponse,
  GetFearGreedIndexRequest,
  GetFearGreedIndexResponse,
  GetHyperliquidFlowRequest,
  GetHyperliquidFlowResponse,
  ListEtfFlowsRequest,
  ListEtfFlowsResponse,
} from './schemas.js';

/** Fund flows and positioning: ETF flows, futures positioning, perpetuals flow, fear & greed. */
export const flowsProcedures = {
  getFearGreedIndex: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/get-fear-greed-index',
        operationId: 'GetFearGreedIndex',
        tags: ['market'],
        summary: 'Get the market fear & greed composite',
        description:
          'A 0-100 fear & greed composite from ten weighted categories (sentiment, volatility, positioning, trend, ' +
          'breadth, momentum, liquidity, credit, macro, cross-asset), with each category’s inputs, headline market ' +
          'readings, a financial stress indicator and one-day sector performance. When no composite is available the ' +
          'body is only compositeScore 0, an empty compositeLabel and unavailable true.',
      },
      cacheTier: 'slow',
      datasets: [FEAR_GREED],
    })
    .input(GetFearGreedIndexRequest)
    .output(GetFearGreedIndexResponse)
    .query(({ ctx }) => getFearGreedIndex(ctx.deps.store)),

  listEtfFlows: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/list-etf-flows',
        operationId: 'ListEtfFlows',
        tags: ['market'],
        summary: 'List US spot-bitcoin ETF flow estimates',
        description:
          'The ten US spot-bitcoin ETFs’ last session from five daily sessions of Yahoo Finance chart data: price, change, volume ' +
          'against the earlier sessions’ mean, direction and an estimated dollar flow (a tenth of traded value signed by the ' +
          'price move: a heuristic, not reported creations), with totals. Takes no parameters. Without a snapshot the summary ' +
          'says UNAVAILABLE (no-store).',
      },
      cacheTier: 'slow',
      datasets: [ETF_FLOWS],
    })
    .input(ListEtfFlowsRequest)
    .output(ListEtfFlowsResponse)
    .query(({ ctx }) => {
      const { response, degraded } = listEtfFlows(ctx.deps.store);
      if (degraded) markDegraded(ctx);
      return response;
    }),

  getCotPositioning: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/get-cot-positioning',
        operationId: 'GetCotPositioning',
        tags: ['market'],
        summary: 'Get futures positioning (Commitments of Traders)',
        description:
          'Long and short contracts by trader category for six financial futures (CFTC Traders in Financial Futures) and gold, ' +
          'silver and WTI (CFTC disaggregated report; managed money in the asset-manager columns, other reportables as leveraged ' +
          'funds, producers plus swap dealers as dealers), futures and options combined, with the asset managers’ net percent. ' +
          'Weekly: Tuesday positions published on Friday. Takes no parameters; unavailable true (no-store) without a report.',
      },
      cacheTier: 'slow',
      datasets: [COT],
    })
    .input(GetCotPositioningRequest)
    .output(GetCotPositioningResponse)
    .query(({ ctx }) => {
      const { response, degraded } = getCotPositioning(ctx.deps.store);
      if (degraded) markDegraded(ctx);
      return response;
    }),

  getHyperliquidFlow: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/get-hyperliquid-flow',
        operationId: 'GetHyperliquidFlow',
        tags: ['market'],
        summary: 'Get Hyperliquid perpetuals flow and risk',
        description:
          'Funding, open interest, mark and oracle prices and day notional of 14 Hyperliquid perpetuals (BTC, ETH, SOL, PAXG; ' +
          'oil, gas, metals and FX on the xyz dex) with 0-100 scores for funding, volume surge, open-interest change and basis, ' +
          'a weighted composite, per-poll sparklines and HIGH RISK alerts. Baselines are each asset’s own recent polls: the ' +
          'state is a dataset each ingestion adds one poll to (the bundled sample is a recorded sequence long enough for them). ' +
          'Assets missing from a poll are carried as stale for up to three polls. Takes no parameters; unavailable true (no-store) without a state.',
      },
      cacheTier: 'medium',
      datasets: [HYPERLIQUID_FLOW],
    })
    .input(GetHyperliquidFlowRequest)
    .output(GetHyperliquidFlowResponse)
    .query(({ ctx }) => {
      const { response, degraded } = getHyperliquidFlow(ctx.deps.store);
      if (degraded) markDegraded(ctx);
      return response;
    }),
};
