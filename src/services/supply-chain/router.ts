import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { CHOKEPOINTS } from './datasets/chokepoints.js';
import { CRITICAL_MINERALS } from './datasets/minerals.js';
import { STORAGE_FACILITIES } from './datasets/storage.js';
import { TRANSITS } from './datasets/transits.js';
import {
  getChokepointHistory,
  getChokepointStatus,
  getCriticalMinerals,
  getStorageFacilityDetail,
  listStorageFacilities,
  STATUS_DATASETS,
} from './queries.js';
import {
  GetChokepointHistoryRequest,
  GetChokepointHistoryResponse,
  GetChokepointStatusRequest,
  GetChokepointStatusResponse,
  GetCriticalMineralsRequest,
  GetCriticalMineralsResponse,
  GetStorageFacilityDetailRequest,
  GetStorageFacilityDetailResponse,
  ListStorageFacilitiesRequest,
  ListStorageFacilitiesResponse,
} from './schemas.js';


export const supplyChainRouter = router({
  getChokepointStatus: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-chokepoint-status',
        operationId: 'GetChokepointStatus',
        tags: ['supply-chain'],
        summary: 'Status of the 13 canonical maritime chokepoints',
        description:
          'Disruption score and traffic-light badge, navigational warnings, AIS congestion, 24-hour crossings, ' +
          'recent transit history and, for the seven oil-flow chokepoints, an estimated oil flow against its ' +
          'annual baseline. upstreamUnavailable marks missing or partial inputs.',
      },
      cacheTier: 'medium',
      datasets: STATUS_DATASETS,
    })
    .input(GetChokepointStatusRequest)
    .output(GetChokepointStatusResponse)
    .query(({ ctx }) => getChokepointStatus(ctx.deps.store)),

  getChokepointHistory: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-chokepoint-history',
        operationId: 'GetChokepointHistory',
        tags: ['supply-chain'],
        summary: 'Daily transit history of one chokepoint',
        description: 'Vessel transits per day by class, with deadweight tonnage, for about the last 180 days, oldest first.',
      },
      cacheTier: 'slow',
      datasets: [CHOKEPOINTS, TRANSITS],
    })
    .input(GetChokepointHistoryRequest)
    .output(GetChokepointHistoryResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = getChokepointHistory(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),

  listStorageFacilities: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/list-storage-facilities',
        operationId: 'ListStorageFacilities',
        tags: ['supply-chain'],
        summary: 'List oil and gas storage facilities and LNG terminals',
        description: 'The curated registry with each facility’s evidence and public badge, optionally narrowed to one facility type.',
      },
      cacheTier: 'static',
      datasets: [STORAGE_FACILITIES],
    })
    .input(ListStorageFacilitiesRequest)
    .output(ListStorageFacilitiesResponse)
    .query(({ ctx, input }) => listStorageFacilities(ctx.deps.store, input)),

  getStorageFacilityDetail: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-storage-facility-detail',
        operationId: 'GetStorageFacilityDetail',
        tags: ['supply-chain'],
        summary: 'One storage facility with its evidence and revision trail',
        description: 'unavailable is true, with no facility, when the id is not in the registry or the registry is missing.',
      },
      cacheTier: 'static',
      datasets: [STORAGE_FACILITIES],
    })
    .input(GetStorageFacilityDetailRequest)
    .output(GetStorageFacilityDetailResponse)
    .query(({ ctx, input }) => getStorageFacilityDetail(ctx.deps.store, input)),

  getCriticalMinerals: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-critical-minerals',
        operationId: 'GetCriticalMinerals',
        tags: ['supply-chain'],
        summary: 'Production concentration of critical minerals',
        description: 'Top producers, shares and the Herfindahl-Hirschman index per mineral, most concentrated first.',
      },
      cacheTier: 'daily',
      datasets: [CRITICAL_MINERALS],
    })
    .input(GetCriticalMineralsRequest)
    .output(GetCriticalMineralsResponse)
    .query(({ ctx }) => getCriticalMinerals(ctx.deps.store)),
});
