import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import {
  computeEnergyShock,
  ENERGY_PROFILE_DATASETS,
  ENERGY_SHOCK_DATASETS,
  getCountryEnergyProfile,
} from './queries.js';
import {
  ComputeEnergyShockScenarioRequest,
  ComputeEnergyShockScenarioResponse,
  GetCountryEnergyProfileRequest,
  GetCountryEnergyProfileResponse,
} from './schemas.js';

/** Country energy profiles and chokepoint shock scenarios, from the bundled energy and trade datasets. */
export const energyProcedures = {
  getCountryEnergyProfile: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/get-country-energy-profile',
        operationId: 'GetCountryEnergyProfile',
        tags: ['intelligence'],
        summary: 'Energy profile of a country',
        description:
          'One country’s energy position from the bundled snapshots: primary energy mix (Our World in Data), JODI-Oil product ' +
          'demand and imports, JODI-Gas demand and LNG/pipeline imports, IEA oil stocks in days of net imports, the newest ' +
          'Ember month of the electricity mix, the curated strategic-reserve registry, European gas storage (GIE AGSI+) and ' +
          'ENTSO-E day-ahead electricity prices. Each block has its own `…Available` flag; a country a source does not ' +
          'cover answers zeros there. Not cached while no energy snapshot is loaded. Filter: country_code (omitted: the ' +
          'largest crude importer in the JODI snapshot).',
      },
      cacheTier: 'slow',
      datasets: [...ENERGY_PROFILE_DATASETS],
    })
    .input(GetCountryEnergyProfileRequest)
    .output(GetCountryEnergyProfileResponse)
    .query(({ ctx, input }) => {
      // The contract has no availability flag of its own: with no energy snapshot at all, the zeros are not cached.
      if (ENERGY_PROFILE_DATASETS.every((name) => !ctx.deps.store.read(name))) markDegraded(ctx);
      return getCountryEnergyProfile(ctx.deps.store, input);
    }),

  computeEnergyShockScenario: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/compute-energy-shock',
        operationId: 'ComputeEnergyShockScenario',
        tags: ['intelligence'],
        summary: 'Oil and gas shortfall of a chokepoint disruption for a country',
        description:
          'A disruption of disruption_pct (10-100, default 100) at one of four chokepoints: crude lost = JODI crude imports x ' +
          'the Gulf share of the country’s crude imports x the chokepoint’s exposure (Hormuz and Bab el-Mandeb 1.0, Malacca ' +
          '0.7, Suez 0.6) x the live flow ratio; per-product shortfalls by refinery yield against JODI demand; days IEA ' +
          'stocks bridge it. The Gulf share is measured from the bundled UN Comtrade crude flows (trade and supply-chain ' +
          'datasets) where they have the country; elsewhere it is a 40% proxy, and `comtradeCoverage:false` and ' +
          '`limitations` say so. fuel_mode gas or both adds the LNG loss (JODI-Gas) and European storage buffer. ' +
          '`degraded` (not cached) when the chokepoint has no live flow estimate. Filters: country_code (omitted: the ' +
          'largest JODI crude importer), chokepoint_id (default hormuz_strait), disruption_pct, fuel_mode (default oil).',
      },
      cacheTier: 'fast',
      datasets: [...ENERGY_SHOCK_DATASETS],
    })
    .input(ComputeEnergyShockScenarioRequest)
    .output(ComputeEnergyShockScenarioResponse)
    .query(({ ctx, input }) => computeEnergyShock(ctx.deps.store, input)),
};
