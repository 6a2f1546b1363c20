import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { LANE_DATASETS } from '../routes/router.js';
import { RESILIENCE_SCORES } from '../../resilience/index.js';
import {
  getCountryChokepointIndex,
  getCountryProducts,
  getMultiSectorCostShock,
  getRouteImpact,
  getSectorDependency,
  COMTRADE_FLOWS,
} from './queries.js';
import {
  GetCountryChokepointIndexRequest,
  GetCountryChokepointIndexResponse,
  GetCountryProductsRequest,
  GetCountryProductsResponse,
  GetMultiSectorCostShockRequest,
  GetMultiSectorCostShockResponse,
  GetRouteImpactRequest,
  GetRouteImpactResponse,
  GetSectorDependencyRequest,
  GetSectorDependencyResponse,
} from './schemas.js';

const TRADE_DATASETS = [COMTRADE_FLOWS, ...LANE_DATASETS];

/** Trade exposure: imports by product and supplier, weighed against the lane model. */
export const tradeProcedures = {
  getCountryProducts: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-country-products',
        operationId: 'GetCountryProducts',
        tags: ['supply-chain'],
        summary: 'A country’s strategic imports by product and supplier',
        description:
          'From the UN Comtrade annual imports of the shared Comtrade flows dataset (China, Japan, Germany and India in their main ' +
          'dependencies, plus the trade service’s strategic codes), grouped into HS headings for the latest year: the heading’s imports ' +
          'from the World, largest first, with its five largest suppliers and their shares of that total. A heading row wins over its ' +
          'subheadings, which are summed only when Comtrade gave no heading. Empty when the dataset holds nothing for the country. PRO plans and above.',
      },
      cacheTier: 'slow',
      requiredTier: 1,
      datasets: [COMTRADE_FLOWS],
    })
    .input(GetCountryProductsRequest)
    .output(GetCountryProductsResponse)
    .query(({ ctx, input }) => {
      const response = getCountryProducts(ctx.deps.store, input);
      if (response.fetchedAt === '') markDegraded(ctx);
      return response;
    }),

  getCountryChokepointIndex: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-country-chokepoint-index',
        operationId: 'GetCountryChokepointIndex',
        tags: ['supply-chain'],
        summary: 'How exposed a country’s imports are to each chokepoint',
        description:
          'For every registry chokepoint, 0-100: over the country’s imports of the HS chapter (UN Comtrade; default 27, fuels), ' +
          'each supplier’s share times the share of its modelled sea lanes to the country that pass the chokepoint (a supplier ' +
          'without a modelled sea lane counts as unexposed), weighted by product value; without flows, the share of the chokepoint’s routes serving the country’s ports. Fuels on the four ' +
          'chokepoints with a supply-shock model weigh 1.5x (capped at 100). vulnerabilityIndex combines the top three. PRO plans and above.',
      },
      cacheTier: 'slow',
      requiredTier: 1,
      datasets: TRADE_DATASETS,
    })
    .input(GetCountryChokepointIndexRequest)
    .output(GetCountryChokepointIndexResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = getCountryChokepointIndex(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),

  getSectorDependency: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-sector-dependency',
        operationId: 'GetSectorDependency',
        tags: ['supply-chain'],
        summary: 'Supplier and corridor concentration of one import chapter',
        description:
          'The largest supplier of the HS chapter (UN Comtrade, real HS codes; default 27) and its share, the chokepoint the ' +
          'imports are most exposed to and whether a bypass suits the cargo, with at most one flag: compound risk (one supplier ' +
          'above 80% and one chokepoint above 80 with no bypass), single source, single corridor, or diversifiable. PRO plans and above.',
      },
      cacheTier: 'slow',
      requiredTier: 1,
      datasets: TRADE_DATASETS,
    })
    .input(GetSectorDependencyRequest)
    .output(GetSectorDependencyResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = getSectorDependency(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),

  getMultiSectorCostShock: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-multi-sector-cost-shock',
        operationId: 'GetMultiSectorCostShock',
        tags: ['supply-chain'],
        summary: 'Extra import cost of a chokepoint closure, by sector',
        description:
          'For ten HS chapters: the country’s yearly imports (UN Comtrade), the part whose modelled lanes pass the chokepoint, ' +
          'and what that part pays extra per day of closure: the freight uplift of the best bypass (open at partial closure, ' +
          'fewest added days) plus the war-risk premium of the chokepoint’s current tier. closureDays 1-365, default 30. PRO plans and above.',
      },
      cacheTier: 'slow',
      requiredTier: 1,
      datasets: TRADE_DATASETS,
    })
    .input(GetMultiSectorCostShockRequest)
    .output(GetMultiSectorCostShockResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = getMultiSectorCostShock(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),

  getRouteImpact: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-route-impact',
        operationId: 'GetRouteImpact',
        tags: ['supply-chain'],
        summary: 'What a trade lane carries and how concentrated it is',
        description:
          'For the importer toIso2 and an HS chapter (UN Comtrade; default 27): the value it imports from fromIso2, its largest ' +
          'supplier and share, its five largest headings with their top supplier and the chokepoint that supplier’s modelled ' +
          'lanes mostly pass, dependency flags for the fromIso2 lane, and the importer’s resilience score. PRO plans and above.',
      },
      cacheTier: 'slow',
      requiredTier: 1,
      datasets: [...TRADE_DATASETS, RESILIENCE_SCORES],
    })
    .input(GetRouteImpactRequest)
    .output(GetRouteImpactResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = getRouteImpact(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),
};
