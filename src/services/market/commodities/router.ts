import { markDegraded, type RequestContext } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { COMMODITIES_SNAPSHOT } from './datasets/commodities.js';
import { CB_GOLD_RESERVES } from './datasets/cb-gold-reserves.js';
import { GLD_HOLDINGS } from './datasets/gld-holdings.js';
import { SGE_BENCHMARKS } from './datasets/sge-benchmarks.js';
import { COT } from '../flows/datasets/cot.js';
import { getGoldIntelligence } from './gold.js';
import { getPhysicalPremiums } from './premiums.js';
import { MAX_COMMODITY_SYMBOLS } from './instruments.js';
import { listCommodityQuotes, type Outcome } from './queries.js';
import {
  GetGoldIntelligenceRequest,
  GetGoldIntelligenceResponse,
  GetPhysicalPremiumsRequest,
  GetPhysicalPremiumsResponse,
  ListCommodityQuotesRequest,
  ListCommodityQuotesResponse,
} from './schemas.js';

function served<T>(ctx: RequestContext, outcome: Outcome<T>): T {
  if (outcome.degraded) markDegraded(ctx);
  return outcome.response;
}

/** Commodities and gold: the commodity board, gold intelligence and physical premiums. */
export const commoditiesProcedures = {
  listCommodityQuotes: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/list-commodity-quotes',
        operationId: 'ListCommodityQuotes',
        tags: ['market'],
        summary: 'List commodity, commodity-fund and currency quotes',
        description:
          'Latest price, percent change against the previous close and a one-month daily sparkline for the 33-symbol board ' +
          '(metals, energy, agriculture futures, uranium and lithium funds, the VIX, major currency pairs), from the commodities ' +
          `snapshot of Yahoo Finance chart data. symbols narrows the board (up to ${MAX_COMMODITY_SYMBOLS}; rows stay in board ` +
          'order); a symbol off the board is refused with 400. An empty list (no snapshot) is served with no-store.',
      },
      cacheTier: 'medium',
      datasets: [COMMODITIES_SNAPSHOT],
    })
    .input(ListCommodityQuotesRequest)
    .output(ListCommodityQuotesResponse)
    .query(({ ctx, input }) => served(ctx, listCommodityQuotes(ctx.deps.store, input))),

  getGoldIntelligence: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/get-gold-intelligence',
        operationId: 'GetGoldIntelligence',
        tags: ['market'],
        summary: 'Get gold intelligence',
        description:
          'Gold futures price, change and one-month sparkline; silver, platinum and palladium with the gold/silver ratio and ' +
          'gold’s premium over platinum; gold in six other currencies; session range, 1-week/1-month/year-to-date/1-year returns ' +
          'and 52-week range; the US 10-year yield and dollar index with their 30-session return correlation to gold (all from the ' +
          'commodities snapshot of Yahoo Finance chart data); and managed-money and producer/swap positioning in gold futures ' +
          'from the CFTC snapshot and SPDR Gold Shares holdings with their changes from the GLD archive (each omitted without ' +
          'its snapshot), and central-bank gold holders, buyers and sellers from IMF IRFCL (omitted with fewer than five ' +
          'holders). Takes no parameters; unavailable true (no-store) without a gold price.',
      },
      cacheTier: 'slow',
      datasets: [COMMODITIES_SNAPSHOT, COT, GLD_HOLDINGS, CB_GOLD_RESERVES],
    })
    .input(GetGoldIntelligenceRequest)
    .output(GetGoldIntelligenceResponse)
    .query(({ ctx }) => served(ctx, getGoldIntelligence(ctx.deps.store))),

  getPhysicalPremiums: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/market/v1/get-physical-premiums',
        operationId: 'GetPhysicalPremiums',
        tags: ['market'],
        summary: 'Get Shanghai physical gold and silver premiums',
        description:
          'The Shanghai Gold Exchange benchmark (gold SHAU per gram, silver SHAG per kilogram, PM price or AM when the PM ' +
          'session has not priced) converted to US dollars per troy ounce at the yuan rate held, against COMEX gold and silver ' +
          'futures from the commodities snapshot: premium in dollars and percent, with both legs and the rate. The SGE figures ' +
          'are licensed: live ingestion runs only where SGE_BENCHMARK_LICENSED is true; otherwise the bundled, dated benchmark ' +
          'sample serves while under 10 days older than the futures snapshot. metals picks gold and/or silver (400 otherwise). ' +
          'A missing input or a stale ' +
          'benchmark gives an empty list with no-store (never a cached empty answer).',
      },
      cacheTier: 'daily',
      datasets: [SGE_BENCHMARKS, COMMODITIES_SNAPSHOT],
    })
    .input(GetPhysicalPremiumsRequest)
    .output(GetPhysicalPremiumsResponse)
    .query(({ ctx, input }) => served(ctx, getPhysicalPremiums(ctx.deps.store, input))),
};
