import { operation } from '../../../trpc/procedures.js';
import { settle } from '../answer.js';
import { getCableHealth } from './queries.js';
import { GetCableHealthRequest, GetCableHealthResponse } from './schemas.js';

export const cableProcedures = {
  getCableHealth: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/infrastructure/v1/get-cable-health',
        operationId: 'GetCableHealth',
        tags: ['infrastructure'],
        summary: 'Get submarine cable health',
        description:
          'Status of submarine cables read from the NGA navigational warnings in force: a warning about cables names one ' +
          '(by its common names) or lies within 555 km of its landings. Fault reports (fault, cut, damage, outage ...), ' +
          'advisories and repair ships each give a signal whose weight fades over its lifetime (5 days, 3 days, 12-24 ' +
          'hours); the strongest decides FAULT, DEGRADED or OK. Only cables with a live signal are listed. An empty map ' +
          'served no-store means no warning snapshot exists.',
      },
      cacheTier: 'slow',
    })
    .input(GetCableHealthRequest)
    .output(GetCableHealthResponse)
    .query(({ ctx }) => settle(ctx, getCableHealth(ctx.deps.store))),
};
