import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { DEFENSE_PATENTS } from './datasets/defense-patents.js';
import { ARMS_SUPPLIERS, INDUSTRIAL_BASE } from './datasets/industrial-base.js';
import { getDefenseIndustrialBase, listDefensePatents } from './queries.js';
import {
  GetDefenseIndustrialBaseRequest,
  GetDefenseIndustrialBaseResponse,
  ListDefensePatentsRequest,
  ListDefensePatentsResponse,
} from './schemas.js';

export const industryProcedures = {
  listDefensePatents: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/military/v1/list-defense-patents',
        operationId: 'ListDefensePatents',
        tags: ['military'],
        summary: 'Recent patent applications of defense and strategic-technology firms',
        description:
          'Newest US patent applications from the USPTO Open Data Portal in five watched technology areas (CPC ' +
          'H04B radio and satellite links, H01L semiconductors, F42B ammunition, G06N AI, C12N genetic engineering) ' +
          'filed by defense primes, chip makers and DARPA. Filter by CPC prefix and applicant name part; 20 by ' +
          'default, up to 100. `total` counts the filtered filings.',
      },
      cacheTier: 'daily',
      datasets: [DEFENSE_PATENTS],
    })
    .input(ListDefensePatentsRequest)
    .output(ListDefensePatentsResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = listDefensePatents(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),

  getDefenseIndustrialBase: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/military/v1/get-defense-industrial-base',
        operationId: 'GetDefenseIndustrialBase',
        tags: ['military'],
        summary: 'Military spending, arms trade and supplier dependence of a country',
        description:
          'Military expenditure (share of GDP and US dollars), armed forces personnel and arms exports and imports ' +
          'from the World Bank’s indicators (each with its latest and previous observation), plus the shares of ' +
          'the country’s arms imports by supplier over a five-year window from SIPRI’s trend-indicator values, ' +
          'with a supplier concentration index. `available: false` when neither source covers the country.',
      },
      cacheTier: 'daily',
      datasets: [INDUSTRIAL_BASE, ARMS_SUPPLIERS],
    })
    .input(GetDefenseIndustrialBaseRequest)
    .output(GetDefenseIndustrialBaseResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = getDefenseIndustrialBase(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),
};
