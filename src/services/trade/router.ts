import { operation, router } from '../../trpc/procedures.js';
import { COMTRADE_FLOWS } from './datasets/comtrade-flows.js';
import { CUSTOMS_REVENUE } from './datasets/customs-revenue.js';
import { WTO_INDICATORS } from './datasets/wto-indicators.js';
import {
  getCustomsRevenue,
  getTariffTrends,
  getTradeBarriers,
  getTradeFlows,
  getTradeRestrictions,
  listComtradeFlows,
} from './queries.js';
import {
  GetCustomsRevenueRequest,
  GetCustomsRevenueResponse,
  GetTariffTrendsRequest,
  GetTariffTrendsResponse,
  GetTradeBarriersRequest,
  GetTradeBarriersResponse,
  GetTradeFlowsRequest,
  GetTradeFlowsResponse,
  GetTradeRestrictionsRequest,
  GetTradeRestrictionsResponse,
  ListComtradeFlowsRequest,
  ListComtradeFlowsResponse,
} from './schemas.js';

const wto = 'from the WTO Timeseries API snapshot';

export const tradeRouter = router({
  getTradeRestrictions: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/trade/v1/get-trade-restrictions',
        operationId: 'GetTradeRestrictions',
        tags: ['trade'],
        summary: 'Get MFN tariff baselines per economy',
        description:
          `Despite the name, these are not notified trade restrictions: each row is an economy's simple-average MFN applied tariff ` +
          `on all products (WTO indicator TP_A_0010, latest year within three of the newest), ${wto}, highest rate first, banded ` +
          'high (above 10%), moderate (above 5%) or low. Filter by countries (WTO codes, ISO codes or names); limit defaults to 50, at most 100.',
      },
      cacheTier: 'daily',
      datasets: [WTO_INDICATORS],
    })
    .input(GetTradeRestrictionsRequest)
    .output(GetTradeRestrictionsResponse)
    .query(({ ctx, input }) => getTradeRestrictions(ctx.deps.store, input, ctx.deps.clock.now())),

  getTariffTrends: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/trade/v1/get-tariff-trends',
        operationId: 'GetTariffTrends',
        tags: ['trade'],
        summary: 'Get an economy’s average tariff over the years',
        description:
          `Yearly simple-average MFN applied tariff on all products (TP_A_0010) of one reporter against all partners, ${wto}, oldest ` +
          'first. reporting_country is a three-digit WTO code (default 840, United States); years counts back from the newest year ' +
          '(default 10). Only the all-products sector is covered: another product_sector, or a reporter outside the snapshot, answers ' +
          'NOT_COVERED with no points. The FRED-based effective US tariff rate is not part of this deployment, so effectiveTariffRate is absent.',
      },
      cacheTier: 'daily',
      requiredTier: 1,
      datasets: [WTO_INDICATORS],
    })
    .input(GetTariffTrendsRequest)
    .output(GetTariffTrendsResponse)
    .query(({ ctx, input }) => getTariffTrends(ctx.deps.store, input)),

  getTradeFlows: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/trade/v1/get-trade-flows',
        operationId: 'GetTradeFlows',
        tags: ['trade'],
        summary: 'Get an economy’s merchandise exports and imports by year',
        description:
          `Annual merchandise exports and imports with the world in millions of US dollars (WTO ITS_MTV_AX and ITS_MTV_AM), ${wto}, ` +
          'oldest first, with the percent change on the previous year. A year missing either figure is left out. reporting_country ' +
          'defaults to 840; only partner 000 (World) is covered; years counts back from the newest year (default 10).',
      },
      cacheTier: 'daily',
      datasets: [WTO_INDICATORS],
    })
    .input(GetTradeFlowsRequest)
    .output(GetTradeFlowsResponse)
    .query(({ ctx, input }) => getTradeFlows(ctx.deps.store, input)),

  getTradeBarriers: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/trade/v1/get-trade-barriers',
        operationId: 'GetTradeBarriers',
        tags: ['trade'],
        summary: 'Get agricultural tariff gaps per economy',
        description:
          'Despite the name, these are not SPS/TBT notifications: each row compares an economy’s average MFN tariff on agricultural ' +
          `products (TP_A_0160) with the one on other products (TP_A_0430), latest year of each, ${wto}, largest gap first. ` +
          'Filter by countries and by measure_type (text within the measure type, e.g. "high"); limit defaults to 50, at most 100.',
      },
      cacheTier: 'daily',
      datasets: [WTO_INDICATORS],
    })
    .input(GetTradeBarriersRequest)
    .output(GetTradeBarriersResponse)
    .query(({ ctx, input }) => getTradeBarriers(ctx.deps.store, input, ctx.deps.clock.now())),

  getCustomsRevenue: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/trade/v1/get-customs-revenue',
        operationId: 'GetCustomsRevenue',
        tags: ['trade'],
        summary: 'Get monthly US customs duty receipts',
        description:
          'Customs duties collected by the US Treasury per month over roughly the last three years, from the Monthly Treasury ' +
          'Statement (table 9) on FiscalData, in billions of dollars with the fiscal-year-to-date total, oldest first. No parameters.',
      },
      cacheTier: 'daily',
      datasets: [CUSTOMS_REVENUE],
    })
    .input(GetCustomsRevenueRequest)
    .output(GetCustomsRevenueResponse)
    .query(({ ctx }) => getCustomsRevenue(ctx.deps.store, ctx.deps.clock.now())),

  listComtradeFlows: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/trade/v1/list-comtrade-flows',
        operationId: 'ListComtradeFlows',
        tags: ['trade'],
        summary: 'List strategic-product trade from UN Comtrade',
        description:
          'Total trade (imports plus exports with the world) of the USA, China, Russia, Iran, India and Taiwan in strategic HS codes ' +
          '(chips, lithium-ion cells, electric cars, solar cells, oil, gas, coal, ores, gold, weapons) from the UN Comtrade public ' +
          'preview API, two consecutive years so the year-on-year change (a ratio) has a base; a change beyond 30% either way is an ' +
          'anomaly. Filter by reporter_code, cmd_code and anomalies_only. Newest year first, then largest change.',
      },
      cacheTier: 'daily',
      requiredTier: 1,
      datasets: [COMTRADE_FLOWS],
    })
    .input(ListComtradeFlowsRequest)
    .output(ListComtradeFlowsResponse)
    .query(({ ctx, input }) => listComtradeFlows(ctx.deps.store, input)),
});
