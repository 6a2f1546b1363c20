import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { ARXIV_PAPERS } from './datasets/arxiv-papers.js';
import { HACKERNEWS_ITEMS } from './datasets/hackernews-items.js';
import { TECH_EVENTS } from './datasets/tech-events.js';
import { TRENDING_REPOS } from './datasets/trending-repos.js';
import { listArxivPapers, listHackernewsItems, listTechEvents, listTrendingRepos, type Answer } from './queries.js';
import {
  ListArxivPapersRequest,
  ListArxivPapersResponse,
  ListHackernewsItemsRequest,
  ListHackernewsItemsResponse,
  ListTechEventsRequest,
  ListTechEventsResponse,
  ListTrendingReposRequest,
  ListTrendingReposResponse,
} from './schemas.js';

function settle<T>(ctx: Parameters<typeof markDegraded>[0], answer: Answer<T>): T {
  if (answer.degraded) markDegraded(ctx);
  return answer.body;
}

const EMPTY_NOTE =
  'An empty list served with Cache-Control: no-store means the list is not tracked or its snapshot is unavailable.';

export const researchRouter = router({
  listArxivPapers: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/research/v1/list-arxiv-papers',
        operationId: 'ListArxivPapers',
        tags: ['research'],
        summary: 'List recent arXiv papers',
        description:
          'The 50 newest submissions of a tracked arXiv category (cs.AI by default; cs.CL and cs.CR also tracked), newest ' +
          `first, optionally narrowed by words in the title, abstract or authors. Pages of 20 by default, at most 100. ${EMPTY_NOTE}`,
      },
      cacheTier: 'static',
      datasets: [ARXIV_PAPERS],
    })
    .input(ListArxivPapersRequest)
    .output(ListArxivPapersResponse)
    .query(({ ctx, input }) => settle(ctx, listArxivPapers(ctx.deps.store, input))),

  listTrendingRepos: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/research/v1/list-trending-repos',
        operationId: 'ListTrendingRepos',
        tags: ['research'],
        summary: 'List trending GitHub repositories',
        description:
          'Repositories trending on GitHub for a language (python, javascript or typescript; python by default) over a ' +
          'day, week or month (daily by default), in OSSInsight trend order. As in the published service, `stars` is ' +
          'the stars received in the period and `starsToday` is 0 (OSSInsight gives no separate figure). Pages of 20 ' +
          `by default, at most 100. ${EMPTY_NOTE}`,
      },
      cacheTier: 'static',
      datasets: [TRENDING_REPOS],
    })
    .input(ListTrendingReposRequest)
    .output(ListTrendingReposResponse)
    .query(({ ctx, input }) => settle(ctx, listTrendingRepos(ctx.deps.store, input))),

  listHackernewsItems: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/research/v1/list-hackernews-items',
        operationId: 'ListHackernewsItems',
        tags: ['research'],
        summary: 'List Hacker News stories',
        description:
          'Stories of a Hacker News list (top by default; new, best, ask, show, job) in the site’s ranking order, up to 60 ' +
          `per list. Pages of 30 by default, at most 100. ${EMPTY_NOTE}`,
      },
      cacheTier: 'slow',
      datasets: [HACKERNEWS_ITEMS],
    })
    .input(ListHackernewsItemsRequest)
    .output(ListHackernewsItemsResponse)
    .query(({ ctx, input }) => settle(ctx, listHackernewsItems(ctx.deps.store, input))),

  // The answer depends on today's date (the look-ahead window), so it declares no datasets and is
  // never held in the snapshot-keyed response cache.
  listTechEvents: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/research/v1/list-tech-events',
        operationId: 'ListTechEvents',
        tags: ['research'],
        summary: 'List upcoming tech events',
        description:
          'Technology conferences, earnings calls and IPOs that had not ended when the list was captured and start within the ' +
          'next `days` of it (90 when ' +
          'omitted, explicit values held within 1..365), soonest first, at most `limit` (50 when omitted, explicit values ' +
          'held within 1..200; above 500 is refused). `mappable=true` keeps in-person events with coordinates. When no ' +
          'events data is available the answer carries a non-empty `error` and is not cached; an empty window is a normal answer.',
      },
      cacheTier: 'daily',
      datasets: [TECH_EVENTS],
    })
    .input(ListTechEventsRequest)
    .output(ListTechEventsResponse)
    .query(({ ctx, input }) => listTechEvents(ctx.deps.store, input)),
});
