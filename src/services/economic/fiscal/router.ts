import { operation } from '../../../trpc/procedures.js';
import { NATIONAL_DEBT } from './datasets/national-debt.js';
import { GLOBAL_TENDERS } from './datasets/global-tenders.js';
import { getNationalDebt } from './queries.js';
import { listGlobalTenders } from './tender-queries.js';
import { ListGlobalTendersRequest, ListGlobalTendersResponse } from './tender-schemas.js';
import { GetNationalDebtRequest, GetNationalDebtResponse } from './schemas.js';

/** Public finances: national debt and public procurement. */
export const fiscalProcedures = {
  getNationalDebt: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/get-national-debt',
        operationId: 'GetNationalDebt',
        tags: ['economic'],
        summary: 'Get national debt clocks',
        description:
          'General government gross debt in US dollars for every country in the IMF World Economic Outlook (country ' +
          'groups left out), with the debt ratio, its yearly change and the rate at which the deficit adds to it, so a ' +
          'client can run a live clock from baselineTs. The United States uses the Treasury’s debt to the penny. PRO ' +
          'plan and above. unavailable is true when there is no data.',
      },
      cacheTier: 'daily',
      datasets: [NATIONAL_DEBT],
      requiredTier: 1,
    })
    .input(GetNationalDebtRequest)
    .output(GetNationalDebtResponse)
    .query(({ ctx }) => getNationalDebt(ctx.deps.store)),

  listGlobalTenders: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/economic/v1/list-global-tenders',
        operationId: 'ListGlobalTenders',
        tags: ['economic'],
        summary: 'List open public tenders worldwide',
        description:
          'Open public procurement opportunities from UK Contracts Finder, CanadaBuys, New Zealand GETS and World Bank ' +
          'procurement notices (SAM.gov and TED, which the published service also reads, are not included), each with a ' +
          'keyword-based automation fit. Only open notices with a future deadline that link to the source’s own site are ' +
          'kept. Every filter works: country/countries, region, source, status, currency, buyer, category, query, ' +
          'deadline and publication windows, value bounds and a minimum automation score; sort and page with sort, ' +
          'page_size and cursor. PRO plans and above.',
      },
      cacheTier: 'medium',
      datasets: [GLOBAL_TENDERS],
      requiredTier: 1,
    })
    .input(ListGlobalTendersRequest)
    .output(ListGlobalTendersResponse)
    .query(({ ctx, input }) => listGlobalTenders(ctx.deps.store, input)),
};
