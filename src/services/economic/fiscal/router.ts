import { operation } from '../../../trpc/procedures.js';
import { NATIONAL_DEBT } from './datasets/national-debt.js';
import { getNationalDebt } from './queries.js';
import { GetNationalDebtRequest, GetNationalDebtResponse } from './schemas.js';

/** Public finances: national debt. */
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
};
