import { operation, router } from '../../../trpc/procedures.js';
import { SEC_CURRENT_FILINGS } from './datasets/current-filings.js';
import { listMaterialEvents, searchSecFilings } from './queries.js';
import { ListMaterialEventsRequest, ListMaterialEventsResponse, SearchSecFilingsRequest, SearchSecFilingsResponse } from './schemas.js';

export const companiesRouter = router({
  searchSecFilings: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/search-sec-filings',
        operationId: 'SearchSecFilings',
        tags: ['intelligence'],
        summary: 'Search recent SEC filings',
        description:
          'Full-text search (SQLite FTS5, bm25 ranking) over the filings in the loaded SEC EDGAR latest-8-K feed: ' +
          'filer names, form types and reported item titles. It is a local index of recent filings, not EDGAR’s ' +
          'full-text search of every document, and `total` counts matches in that index. Filter by form types and ' +
          'an inclusive filing-date range; malformed filters are rejected rather than ignored. `unavailable` ' +
          '(caching disabled) means no filings are loaded.',
      },
      cacheTier: 'medium',
      datasets: [SEC_CURRENT_FILINGS],
    })
    .input(SearchSecFilingsRequest)
    .output(SearchSecFilingsResponse)
    .query(({ ctx, input }) => searchSecFilings(ctx.deps.store, input)),
  listMaterialEvents: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/list-material-events',
        operationId: 'ListMaterialEvents',
        tags: ['intelligence'],
        summary: 'List recent material 8-K events',
        description:
          'Current reports (8-K, 8-K/A) from SEC EDGAR’s latest-filings feed that report at least one material ' +
          'item (agreements, bankruptcy, cybersecurity incidents, acquisitions, results, impairments, delisting, ' +
          'restatements, control and leadership changes), from the week before the feed’s time, newest first. ' +
          'Filter by one item code; `unavailable` (caching disabled) means the feed is not loaded.',
      },
      cacheTier: 'medium',
      datasets: [SEC_CURRENT_FILINGS],
    })
    .input(ListMaterialEventsRequest)
    .output(ListMaterialEventsResponse)
    .query(({ ctx, input }) => listMaterialEvents(ctx.deps.store, input)),
});
