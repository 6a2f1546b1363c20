import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { AVIATION_NEWS } from './datasets/aviation-news.js';
import { listAviationNews } from './queries.js';
import { ListAviationNewsRequest, ListAviationNewsResponse } from './schemas.js';

export const newsProcedures = {
  listAviationNews: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/aviation/v1/list-aviation-news',
        operationId: 'ListAviationNews',
        tags: ['aviation'],
        summary: 'Recent aviation news',
        description:
          'Articles from aviation trade feeds (FlightGlobal, Simple Flying, AeroTime), newest first. `entities` ' +
          'keeps items mentioning any of up to 10 names; `window_hours` (default 24) counts back from the newest ' +
          'stored item; `max_items` defaults to 20, at most 50.',
      },
      cacheTier: 'slow',
      datasets: [AVIATION_NEWS],
    })
    .input(ListAviationNewsRequest)
    .output(ListAviationNewsResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = listAviationNews(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),
};
