import { operation } from '../../../trpc/procedures.js';
import { STORAGE_FACILITIES } from './datasets/storage.js';
import { getStorageFacilityDetail, listStorageFacilities } from './queries.js';
import { GetStorageFacilityDetailRequest, GetStorageFacilityDetailResponse, ListStorageFacilitiesRequest, ListStorageFacilitiesResponse } from './schemas.js';

/** energy operations, composed into the supply-chain router. */
export const energyProcedures = {
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
};
