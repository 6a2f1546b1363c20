import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { INTERNET_OUTAGES } from './datasets/internet-outages.js';
import { SERVICE_STATUSES } from './datasets/service-statuses.js';
import { listInternetOutages, listServiceStatuses, type Answer } from './queries.js';
import { ListInternetOutagesRequest, ListInternetOutagesResponse, ListServiceStatusesRequest, ListServiceStatusesResponse } from './schemas.js';

/** Neither contract has a degradation field, so a fallback answer is flagged through the context. */
function settle<T>(ctx: Parameters<typeof markDegraded>[0], answer: Answer<T>): T {
  if (answer.degraded) markDegraded(ctx);
  return answer.body;
}

export const infrastructureRouter = router({
  listServiceStatuses: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/infrastructure/v1/list-service-statuses',
        operationId: 'ListServiceStatuses',
        tags: ['infrastructure'],
        summary: 'List cloud and developer service statuses',
        description:
          'Current state of widely used cloud, AI and developer platforms, read from their public status pages and ' +
          'normalised to one set of values. Worst state first. An empty list served with Cache-Control: no-store means ' +
          'no status snapshot is available yet, not that every service is healthy.',
      },
      cacheTier: 'slow',
      datasets: [SERVICE_STATUSES],
    })
    .input(ListServiceStatusesRequest)
    .output(ListServiceStatusesResponse)
    .query(({ ctx, input }) => settle(ctx, listServiceStatuses(ctx.deps.store, input))),

  listInternetOutages: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/infrastructure/v1/list-internet-outages',
        operationId: 'ListInternetOutages',
        tags: ['infrastructure'],
        summary: 'List internet outages',
        description:
          'Confirmed internet connectivity disruptions of the last seven days (Cloudflare Radar), one entry per affected ' +
          'country, most recent first. Filter by country and by an inclusive window on the start time; page with the ' +
          'returned cursor (default page size 100, at most 500). An empty list served with Cache-Control: no-store means ' +
          'the outage snapshot is unavailable, not that the internet is calm.',
      },
      cacheTier: 'slow',
      datasets: [INTERNET_OUTAGES],
    })
    .input(ListInternetOutagesRequest)
    .output(ListInternetOutagesResponse)
    .query(({ ctx, input }) => settle(ctx, listInternetOutages(ctx.deps.store, input))),
});
