import { operation } from '../../../trpc/procedures.js';
import { settle } from '../answer.js';
import { SERVICE_STATUSES } from './datasets/service-statuses.js';
import { listServiceStatuses } from './queries.js';
import { ListServiceStatusesRequest, ListServiceStatusesResponse } from './schemas.js';

export const statusProcedures = {
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
};
