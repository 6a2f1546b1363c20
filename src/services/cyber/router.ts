import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { CYBER_THREATS } from './datasets/cyber-threats.js';
import { listCyberThreats } from './queries.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './rules.js';
import { ListCyberThreatsRequest, ListCyberThreatsResponse } from './schemas.js';

export const cyberRouter = router({
  listCyberThreats: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/cyber/v1/list-cyber-threats',
        operationId: 'ListCyberThreats',
        tags: ['cyber'],
        summary: 'List malicious infrastructure indicators',
        description:
          'Botnet command-and-control servers, malware hosts and phishing or malicious URLs from abuse.ch Feodo Tracker and ' +
          'URLhaus and from C2IntelFeeds, most severe first and then most recently seen. Filter by type, source, minimum ' +
          'severity and a seen-time window. Offset paging: pagination.nextCursor is the offset of the next page ("" at the end) ' +
          `and totalCount counts every match. Pages hold ${DEFAULT_PAGE_SIZE} threats unless page_size says otherwise ` +
          `(at most ${MAX_PAGE_SIZE}). When no snapshot exists the list is empty and the answer is not cacheable.`,
      },
      cacheTier: 'static',
      datasets: [CYBER_THREATS],
    })
    .input(ListCyberThreatsRequest)
    .output(ListCyberThreatsResponse)
    .query(({ ctx, input }) => listCyberThreats(ctx.deps.store, input, () => markDegraded(ctx))),
});
