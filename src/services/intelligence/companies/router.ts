import { operation } from '../../../trpc/procedures.js';
import { SEC_COMPANY_TICKERS, SEC_SUBMISSIONS } from './datasets/company-filers.js';
import { SEC_CURRENT_FILINGS } from './datasets/current-filings.js';
import { getCompanyEnrichment, listCompanySignals } from './profiles.js';
import { listMaterialEvents, searchSecFilings } from './queries.js';
import {
  GetCompanyEnrichmentRequest,
  GetCompanyEnrichmentResponse,
  ListCompanySignalsRequest,
  ListCompanySignalsResponse,
  ListMaterialEventsRequest,
  ListMaterialEventsResponse,
  SearchSecFilingsRequest,
  SearchSecFilingsResponse,
} from './schemas.js';

export const companiesProcedures = {
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
      ratePolicy: 'search-sec-filings',
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
  getCompanyEnrichment: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/get-company-enrichment',
        operationId: 'GetCompanyEnrichment',
        tags: ['intelligence'],
        summary: 'Company profile from SEC EDGAR',
        description:
          'Identity (CIK, ticker), industry, location and website from the filer’s EDGAR submissions, with its ' +
          'latest annual, quarterly, current, registration and proxy reports. Give a ticker (exact registry key) or ' +
          'an exact registered name. Submissions are loaded for a small watch list of filers (CrowdStrike, Boeing, ' +
          'Apple); other resolved companies answer `unavailable`. Market profile, earnings surprises and headlines ' +
          'come from licensed providers that are not configured: absent or empty, and not listed in `sources`.',
      },
      cacheTier: 'slow',
      ratePolicy: 'get-company-enrichment',
      datasets: [SEC_COMPANY_TICKERS, SEC_SUBMISSIONS],
    })
    .input(GetCompanyEnrichmentRequest)
    .output(GetCompanyEnrichmentResponse)
    .query(({ ctx, input }) => getCompanyEnrichment(ctx.deps.store, input)),
  listCompanySignals: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/list-company-signals',
        operationId: 'ListCompanySignals',
        tags: ['intelligence'],
        summary: 'Material-event signals about a company',
        description:
          'Signals from the company’s 8-K filings of the last 90 days that report a non-routine item (deals, ' +
          'cybersecurity incidents, results, leadership changes, impairments ...), typed and graded Strong or ' +
          'Moderate, newest first, with counts by type and the strongest signal. Give a ticker or an exact ' +
          'registered company name; filings are loaded for a small watch list (CrowdStrike, Boeing, Apple) and ' +
          'other resolved companies answer `unavailable`. Headline signals need a news provider that is not configured.',
      },
      cacheTier: 'slow',
      ratePolicy: 'list-company-signals',
      datasets: [SEC_COMPANY_TICKERS, SEC_SUBMISSIONS],
    })
    .input(ListCompanySignalsRequest)
    .output(ListCompanySignalsResponse)
    .query(({ ctx, input }) => listCompanySignals(ctx.deps.store, input)),
};
