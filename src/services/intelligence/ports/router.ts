import { operation } from '../../../trpc/procedures.js';
import { TANKER_PORTS } from './datasets/tanker-ports.js';
import { getCountryPortActivity } from './queries.js';
import { CountryPortActivityResponse, GetCountryPortActivityRequest } from './schemas.js';

export const portsProcedures = {
  getCountryPortActivity: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/get-country-port-activity',
        operationId: 'GetCountryPortActivity',
        tags: ['intelligence'],
        summary: 'Tanker activity of a country’s ports',
        description:
          'Tanker port calls over the last 30 days of IMF PortWatch daily data, their change against the 30 days ' +
          'before, and tanker import and export deadweight, per port, busiest first (at most 25). Ports of Saudi ' +
          'Arabia, the United Arab Emirates and the Netherlands are followed; other countries answer ' +
          '`available:false` (not cached), as does a missing snapshot. Omit the country for all followed ports.',
      },
      cacheTier: 'slow',
      datasets: [TANKER_PORTS],
    })
    .input(GetCountryPortActivityRequest)
    .output(CountryPortActivityResponse)
    .query(({ ctx, input }) => getCountryPortActivity(ctx.deps.store, input)),
};
