import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { IMAGERY_SCENES } from './datasets/scenes.js';
import { searchImagery } from './queries.js';
import { SearchImageryRequest, SearchImageryResponse } from './schemas.js';

export const imageryRouter = router({
  searchImagery: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/imagery/v1/search-imagery',
        operationId: 'SearchImagery',
        tags: ['imagery'],
        summary: 'Search satellite scenes',
        description:
          'Sentinel-2 optical (L2A) and Sentinel-1 radar (GRD) scenes of the last seven days over watched areas (eastern ' +
          'Ukraine, the north-western Black Sea, Israel and Gaza, the Taiwan Strait, the Strait of Hormuz, the Saudi Gulf ' +
          'coast), from the Element84 Earth Search STAC catalogue. Filter by bbox (`west,south,east,north`, footprints that ' +
          'intersect), datetime (STAC instant or interval) and source (`sentinel-1`, `sentinel-2`, or part of a collection ' +
          'id); limit (default 10, at most 50) caps the newest-first list. Preview and asset links point at the public ' +
          'archive. An empty answer with cacheHit false (no-store) means no scene snapshot exists.',
      },
      cacheTier: 'static',
      datasets: [IMAGERY_SCENES],
    })
    .input(SearchImageryRequest)
    .output(SearchImageryResponse)
    .query(({ ctx, input }) => {
      const answer = searchImagery(ctx.deps.store, input);
      // The contract has no availability flag; a missing snapshot must still not be cached.
      if (!answer.cacheHit) markDegraded(ctx);
      return answer;
    }),
});
