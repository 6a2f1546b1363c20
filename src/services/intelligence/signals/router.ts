import { markDegraded } from '../../../trpc/context.js';
import { operation } from '../../../trpc/procedures.js';
import { GDELT_TOPICS } from './datasets/gdelt-topics.js';
import { PIZZINT } from './datasets/pizzint.js';
import { REDDIT_HOT } from './datasets/reddit-hot.js';
import { getGdeltTopicTimeline, searchGdeltDocuments } from './gdelt.js';
import { getPizzintStatus, getSocialVelocity } from './queries.js';
import {
  GetGdeltTopicTimelineRequest,
  GetGdeltTopicTimelineResponse,
  GetPizzintStatusRequest,
  GetPizzintStatusResponse,
  GetSocialVelocityRequest,
  GetSocialVelocityResponse,
  SearchGdeltDocumentsRequest,
  SearchGdeltDocumentsResponse,
} from './schemas.js';

export const signalsProcedures = {
  getPizzintStatus: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/get-pizzint-status',
        operationId: 'GetPizzintStatus',
        tags: ['intelligence'],
        summary: 'Pentagon pizza-index status',
        description:
          'How busy the pizza places around the Pentagon are, as published by the third-party site pizzint.watch ' +
          '(itself derived from proprietary place-popularity data), with a DEFCON-style activity level. The data ' +
          'is a replayed dated capture of that site, not a live reading: `updatedAt` is its time and ' +
          '`dataFreshness` is STALE (and caching off) when it was over two hours old when captured. `include_gdelt=true` adds ' +
          'the site’s GDELT tension scores for six country pairs.',
      },
      cacheTier: 'slow',
      datasets: [PIZZINT],
    })
    .input(GetPizzintStatusRequest)
    .output(GetPizzintStatusResponse)
    .query(({ ctx, input }) => {
      const { response, degraded } = getPizzintStatus(ctx.deps.store, input);
      if (degraded) markDegraded(ctx);
      return response;
    }),
  searchGdeltDocuments: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/search-gdelt-documents',
        operationId: 'SearchGdeltDocuments',
        tags: ['intelligence'],
        summary: 'News articles on watched topics from GDELT',
        description:
          'Articles of the last 24 hours on six watched topics (military, cyber, nuclear, sanctions, intelligence, ' +
          'maritime), gathered from the GDELT DOC 2.0 API article lists. A query naming a topic returns that ' +
          'topic’s articles; other queries match articles whose title holds every word. Filter by `timespan`, ' +
          'order with `sort`; `tone_filter` is accepted but has no effect (article lists carry no tone, so `tone` ' +
          'is 0). It searches the gathered articles only, not all of GDELT.',
      },
      cacheTier: 'slow',
      datasets: [GDELT_TOPICS],
    })
    .input(SearchGdeltDocumentsRequest)
    .output(SearchGdeltDocumentsResponse)
    .query(({ ctx, input }) => searchGdeltDocuments(ctx.deps.store, input)),
  getGdeltTopicTimeline: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/get-gdelt-topic-timeline',
        operationId: 'GetGdeltTopicTimeline',
        tags: ['intelligence'],
        summary: 'Tone and volume of a watched topic over two weeks',
        description:
          'Daily average tone and volume intensity (share of all monitored coverage) of one watched topic over ' +
          'the last 14 days, from the GDELT DOC 2.0 API timelines. Topic defaults to military; an unknown topic ' +
          'is rejected. `error:"unavailable"` (not cached) when no GDELT data is loaded.',
      },
      cacheTier: 'medium',
      datasets: [GDELT_TOPICS],
    })
    .input(GetGdeltTopicTimelineRequest)
    .output(GetGdeltTopicTimelineResponse)
    .query(({ ctx, input }) => getGdeltTopicTimeline(ctx.deps.store, input)),
  getSocialVelocity: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/intelligence/v1/get-social-velocity',
        operationId: 'GetSocialVelocity',
        tags: ['intelligence'],
        summary: 'Fast-rising world-news posts on Reddit',
        description:
          'Posts from the hot listings of r/worldnews and r/geopolitics ranked by velocity: the log of the score ' +
          'times the upvote ratio, decaying with age (e-folding time six hours), at the time the listings were ' +
          'fetched. Pinned posts are left out and an article shared in both subreddits counts once. Top 30; takes ' +
          'no filters. Caching is disabled while no listing is loaded.',
      },
      cacheTier: 'fast',
      datasets: [REDDIT_HOT],
    })
    .input(GetSocialVelocityRequest)
    .output(GetSocialVelocityResponse)
    .query(({ ctx }) => {
      const { response, degraded } = getSocialVelocity(ctx.deps.store);
      if (degraded) markDegraded(ctx);
      return response;
    }),
};
