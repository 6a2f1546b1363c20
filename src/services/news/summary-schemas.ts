import { z } from 'zod';
import { stringParam } from '../../platform/query-params.js';

export const SUMMARIZE_STATUSES = [
  'SUMMARIZE_STATUS_UNSPECIFIED',
  'SUMMARIZE_STATUS_SUCCESS',
  'SUMMARIZE_STATUS_CACHED',
  'SUMMARIZE_STATUS_SKIPPED',
  'SUMMARIZE_STATUS_ERROR',
] as const;

export const PROVIDERS = [
  'ollama',
  'groq',
  'openrouter',
  'openrouter-free',
  'openrouter-free-backup',
  'generic',
] as const;

export const SummarizeArticleRequest = z
  .object({
    provider: z
      .string()
      .min(1)
      .meta({
        description: `Provider the client prefers (${PROVIDERS.join(', ')}); this service always uses its one configured model provider (LLM_BASE_URL).`,
      }),
    headlines: z
      .array(z.string().max(2000))
      .max(50)
      .optional()
      .meta({ description: 'Headlines to summarise (the first 10 are used); at least one.' }),
    mode: z.string().max(16).optional().meta({ description: '`brief` (default), `analysis` or `translate`.' }),
    geoContext: z.string().max(2000).optional(),
    variant: z
      .string()
      .max(32)
      .optional()
      .meta({ description: 'Feed variant (default `full`); the target language code in translate mode.' }),
    lang: z.string().max(16).optional().meta({ description: 'Language of the summary (default `en`).' }),
    systemAppend: z.string().max(2000).optional().meta({
      description:
        'Extra guidance for the model, sent in the user message as delimited text, never in its system instructions (Pro callers only; ignored otherwise).',
    }),
    bodies: z
      .array(z.string().max(4000))
      .max(50)
      .optional()
      .meta({ description: 'Article texts paired one-to-one with the headlines (each cut to 400 characters).' }),
  })
  .meta({ id: 'news_v1_SummarizeArticleRequest' });

export type SummarizeArticleRequest = z.infer<typeof SummarizeArticleRequest>;

export const SummarizeArticleResponse = z
  .object({
    summary: z.string(),
    model: z.string().meta({
      description:
        'The model that wrote the summary, or `rules:summarize-article` for an extractive summary (sentences picked from the input, nothing written).',
    }),
    provider: z.string().meta({
      description:
        '`generic` (the configured OpenAI-compatible model), `rules` (extractive), or `cache` on a cache hit.',
    }),
    tokens: z.number().int().meta({ format: 'int32', description: 'Always 0: token counts are not tracked.' }),
    fallback: z
      .boolean()
      .meta({ description: 'The answer is not a model-written summary (extractive, skipped or error).' }),
    error: z.string(),
    errorType: z.string(),
    status: z.enum(SUMMARIZE_STATUSES),
    statusDetail: z.string().meta({ description: 'Why the summary is extractive or skipped, and its cache key.' }),
  })
  .meta({ id: 'news_v1_SummarizeArticleResponse', description: 'A summary of headlines, and who wrote it.' });

export type SummarizeArticleResponse = z.infer<typeof SummarizeArticleResponse>;

export const GetSummarizeArticleCacheRequest = z
  .object({
    cache_key: stringParam(
      'Cache key of a summary (`summary:v<digits>:...`), as summarize-article reports it in statusDetail.',
      200,
    ),
  })
  .meta({ id: 'news_v1_GetSummarizeArticleCacheRequest' });
