import { operation } from '../../../trpc/procedures.js';
import { STORAGE_FACILITIES } from './datasets/storage.js';
import { ENERGY_DISRUPTIONS } from './datasets/energy-disruptions.js';
import { FUEL_SHORTAGES } from './datasets/fuel-shortages.js';
import { PIPELINES } from './datasets/pipelines.js';
import { OIL_BALANCES } from './datasets/oil-balances.js';
import { markDegraded } from '../../../trpc/context.js';
import { LANE_DATASETS } from '../routes/router.js';
import { COMTRADE_FLOWS } from '../trade/flows.js';
import {
  getCountryCostShock,
  getFuelShortageDetail,
  getPipelineDetail,
  getStorageFacilityDetail,
  listEnergyDisruptions,
  listFuelShortages,
  listPipelines,
  listStorageFacilities,
} from './queries.js';
import {
  GetCountryCostShockRequest,
  GetCountryCostShockResponse,
  GetFuelShortageDetailRequest,
  GetFuelShortageDetailResponse,
  GetPipelineDetailRequest,
  GetPipelineDetailResponse,
  GetStorageFacilityDetailRequest,
  GetStorageFacilityDetailResponse,
  ListEnergyDisruptionsRequest,
  ListEnergyDisruptionsResponse,
  ListFuelShortagesRequest,
  ListFuelShortagesResponse,
  ListPipelinesRequest,
  ListPipelinesResponse,
  ListStorageFacilitiesRequest,
  ListStorageFacilitiesResponse,
} from './schemas.js';

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
        description:
          'The curated registry with each facility’s evidence and public badge, optionally narrowed to one facility type.',
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
        description:
          'unavailable is true, with no facility, when the id is not in the registry or the registry is missing.',
      },
      cacheTier: 'static',
      datasets: [STORAGE_FACILITIES],
    })
    .input(GetStorageFacilityDetailRequest)
    .output(GetStorageFacilityDetailResponse)
    .query(({ ctx, input }) => getStorageFacilityDetail(ctx.deps.store, input)),

  listPipelines: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/list-pipelines',
        operationId: 'ListPipelines',
        tags: ['supply-chain'],
        summary: 'List strategic oil and gas pipelines',
        description:
          'The curated pipeline registry (operator and regulator disclosures, ENTSOG, Global Energy Monitor) with each ' +
          'pipeline’s route, capacity, evidence and public badge: flowing, reduced (recent evidence only), offline (recent and ' +
          'backed by a sanction, a lapsed contract or an operator statement) or disputed. commodityType narrows to gas or oil; ' +
          'gas pipelines come first.',
      },
      cacheTier: 'static',
      datasets: [PIPELINES],
    })
    .input(ListPipelinesRequest)
    .output(ListPipelinesResponse)
    .query(({ ctx, input }) => listPipelines(ctx.deps.store, input)),

  getPipelineDetail: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-pipeline-detail',
        operationId: 'GetPipelineDetail',
        tags: ['supply-chain'],
        summary: 'One pipeline with its evidence and revision trail',
        description:
          'From the curated pipeline registry. unavailable is true, with no pipeline, when the id is not in the registry or the registry is missing.',
      },
      cacheTier: 'static',
      datasets: [PIPELINES],
    })
    .input(GetPipelineDetailRequest)
    .output(GetPipelineDetailResponse)
    .query(({ ctx, input }) => getPipelineDetail(ctx.deps.store, input)),

  listFuelShortages: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/list-fuel-shortages',
        operationId: 'ListFuelShortages',
        tags: ['supply-chain'],
        summary: 'List national fuel shortages',
        description:
          'The curated fuel-shortage registry (regulator, operator and press reports; a confirmed entry rests on a regulator or ' +
          'operator), in registry order, resolved ones included with their resolvedAt. Filters: country (ISO alpha-2), product ' +
          '(petrol, diesel, jet, heating_oil), severity (confirmed, watch), combined with AND.',
      },
      cacheTier: 'medium',
      datasets: [FUEL_SHORTAGES],
    })
    .input(ListFuelShortagesRequest)
    .output(ListFuelShortagesResponse)
    .query(({ ctx, input }) => listFuelShortages(ctx.deps.store, input)),

  getFuelShortageDetail: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-fuel-shortage-detail',
        operationId: 'GetFuelShortageDetail',
        tags: ['supply-chain'],
        summary: 'One fuel shortage with its evidence',
        description:
          'From the curated fuel-shortage registry. unavailable is true, with no shortage, when the id is unknown or the registry is missing.',
      },
      cacheTier: 'medium',
      datasets: [FUEL_SHORTAGES],
    })
    .input(GetFuelShortageDetailRequest)
    .output(GetFuelShortageDetailResponse)
    .query(({ ctx, input }) => getFuelShortageDetail(ctx.deps.store, input)),

  listEnergyDisruptions: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/list-energy-disruptions',
        operationId: 'ListEnergyDisruptions',
        tags: ['supply-chain'],
        summary: 'List outages of pipelines and storage assets',
        description:
          'The curated energy-disruption registry (operator, regulator and press reports), most recent start first: sabotage, ' +
          'sanctions, maintenance, mechanical failures, weather, commercial disputes and war damage, with the capacity taken ' +
          'offline. Filters: assetId (a pipeline or storage registry id), assetType (pipeline, storage), ongoingOnly=true.',
      },
      cacheTier: 'medium',
      datasets: [ENERGY_DISRUPTIONS],
    })
    .input(ListEnergyDisruptionsRequest)
    .output(ListEnergyDisruptionsResponse)
    .query(({ ctx, input }) => listEnergyDisruptions(ctx.deps.store, input)),

  getCountryCostShock: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/supply-chain/v1/get-country-cost-shock',
        operationId: 'GetCountryCostShock',
        tags: ['supply-chain'],
        summary: 'Fuel supply shock of a chokepoint closure for one country',
        description:
          'For HS 27 and the four chokepoints with an energy model (Hormuz, Bab el-Mandeb, Suez, Malacca): crude lost in a full ' +
          'closure (JODI crude imports x the Gulf share of the country’s crude imports from UN Comtrade, else 40% x the ' +
          'chokepoint’s exposure x its current flow ratio), the mean shortfall of gasoline, diesel, jet fuel and LPG against JODI ' +
          'demand, how many days IEA emergency stocks cover the loss, and the war-risk premium of the chokepoint’s current tier. ' +
          'unavailableReason says why there is no estimate. PRO plans and above.',
      },
      cacheTier: 'slow',
      requiredTier: 1,
      datasets: [OIL_BALANCES, COMTRADE_FLOWS, ...LANE_DATASETS],
    })
    .input(GetCountryCostShockRequest)
    .output(GetCountryCostShockResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = getCountryCostShock(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),
};
