import { operation } from '../../../trpc/procedures.js';
import { BOOTSTRAP_OPERATIONS } from './operations.js';
import { getBootstrapData } from './queries.js';
import { GetBootstrapDataRequest, GetBootstrapDataResponse } from './schemas.js';

export const bootstrapProcedures = {
  getBootstrapData: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/infrastructure/v1/get-bootstrap-data',
        operationId: 'GetBootstrapData',
        tags: ['infrastructure'],
        summary: 'Get first-paint data in one call',
        description:
          'Runs several list operations in process with your credential (each entry counts against your limits and tier) ' +
          'and returns each response body as a JSON string under its logical name: ' +
          `${Object.keys(BOOTSTRAP_OPERATIONS).join(', ')}. ` +
          'Select names with keys or a set with tier (fast or slow); nothing selects every name. Refused and unknown names ' +
          'are listed in missing. The same implementation serves GET /api/bootstrap, which returns the bodies as objects.',
      },
      cacheTier: 'no-store',
    })
    .input(GetBootstrapDataRequest)
    .output(GetBootstrapDataResponse)
    .query(({ ctx, input }) => getBootstrapData(ctx, input)),
};
