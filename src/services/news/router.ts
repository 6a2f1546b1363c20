import { ServiceError } from '../../platform/errors.js';
import { markDegraded } from '../../trpc/context.js';
import { operation, router } from '../../trpc/procedures.js';
import { IdempotencyHeaders } from '../../platform/batch/idempotency-headers.js';
import { NEWS_FEEDS } from './datasets/feeds.js';
import { feedDigest } from './digest.js';
import { ListFeedDigestRequest, ListFeedDigestResponse } from './digest-schemas.js';
import { cachedSummary, summarizeArticle, validCacheKey } from './summaries.js';
import {
  GetSummarizeArticleCacheRequest,
  SummarizeArticleRequest,
  SummarizeArticleResponse,
} from './summary-schemas.js';

export const newsRouter = router({
  summarizeArticle: operation
    .meta({
      openapi: {
        method: 'POST',
        path: '/api/news/v1/summarize-article',
        operationId: 'SummarizeArticle',
        tags: ['news'],
        summary: 'Summarise headlines',
        description:
          'A short summary (or analysis, or translation) of up to 10 headlines. With a model provider configured ' +
          '(LLM_BASE_URL) the model writes it, within a daily quota of 50 per account; otherwise an extractive summary ' +
          '(sentences selected from the input) answers, labelled `provider: rules`, `fallback: true`. Results are cached ' +
          'per input for 24 h (the key is in statusDetail; read it back with summarize-article-cache). Brief and ' +
          'analysis need a Pro entitlement; translation does not, but needs the model.',
        requestHeaders: IdempotencyHeaders,
      },
      cacheTier: 'no-store',
      ratePolicy: 'summarize-article',
    })
    .input(SummarizeArticleRequest)
    .output(SummarizeArticleResponse)
    .mutation(({ ctx, input }) => summarizeArticle(ctx, input)),

  getSummarizeArticleCache: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/news/v1/summarize-article-cache',
        operationId: 'GetSummarizeArticleCache',
        tags: ['news'],
        summary: 'Read a cached summary',
        description:
          'The summary summarize-article stored under `cache_key` in the last 24 hours (status CACHED), or an empty ' +
          'UNSPECIFIED answer when there is none. Only current-version keys (`summary:v9:`) can hit.',
      },
      cacheTier: 'slow',
      ratePolicy: 'summarize-article-cache',
    })
    .input(GetSummarizeArticleCacheRequest)
    .output(SummarizeArticleResponse)
    .query(async ({ ctx, input }) => {
      const key = input.cache_key?.trim();
      if (key && !validCacheKey(key))
        throw ServiceError.validation([
          { field: 'cache_key', description: 'must match summary:v<digits>:<3-120 of a-z 0-9 : _ ->' },
        ]);
      const { response, hit } = await cachedSummary(ctx.deps, key);
      if (!hit) markDegraded(ctx);
      return response;
    }),

  listFeedDigest: operation
    .meta({
      openapi: {
        method: 'GET',
        path: '/api/news/v1/list-feed-digest',
        operationId: 'ListFeedDigest',
        tags: ['news'],
        summary: 'News digest from RSS and Atom feeds',
        description:
          'The latest items of the configured feeds (NEWS_FEEDS; otherwise a built-in list of public outlet and agency ' +
          'feeds), grouped into stories by title similarity, classified by a keyword classifier (the model picks the ' +
          'threat category when one is configured), scored for importance and filed under the feed category of the ' +
          "story's lead feed (the published keys: politics, us, europe, middleeast, tech, finance, markets, " +
          'centralbanks, energy, positive, science, ...). Filters: `variant` (which feed categories) and `lang` ' +
          '(feed language).',
      },
      cacheTier: 'slow',
      datasets: [NEWS_FEEDS],
    })
    .input(ListFeedDigestRequest)
    .output(ListFeedDigestResponse)
    .query(async ({ ctx, input }) => {
      const digest = feedDigest(
        ctx.deps.store,
        ctx.deps.llm,
        input.variant ?? 'full',
        input.lang?.toLowerCase() ?? 'en',
      );
      if (!digest) {
        markDegraded(ctx);
        return { categories: {}, feedStatuses: {}, generatedAt: '' };
      }
      return digest;
    }),
});
