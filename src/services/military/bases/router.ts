import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { MILITARY_BASES } from './datasets/military-bases.js';
import { listMilitaryBases } from './queries.js';
import { ListMilitaryBasesRequest, ListMilitaryBasesResponse } from './schemas.js';

export const baseProcedures = {
  listMilitaryBases: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/military/v1/list-military-bases',
        operationId: 'ListMilitaryBases',
        tags: ['military'],
        summary: 'Military installations in a map view',
        description:
          'Military bases, airfields, naval bases, ranges and other installations from a built set merging US ' +
          'Department of Defense MIRTA sites, a curated list of foreign and allied bases and OpenStreetMap ' +
          'military features. Filter by box (omitted: the whole world), operator grouping, kind and country. The ' +
          'zoom (default 3) decides which importance tiers show and how many bases one answer lists; above 200 ' +
          'bases below zoom 8 they are grouped into grid clusters.',
      },
      cacheTier: 'daily',
      datasets: [MILITARY_BASES],
    })
    .input(ListMilitaryBasesRequest)
    .output(ListMilitaryBasesResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = listMilitaryBases(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),
};
