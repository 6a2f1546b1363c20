import { z } from 'zod';
import { STORY_PHASES, THREAT_LEVELS } from './digest-rules.js';
import { DIGEST_VARIANTS, LANGUAGE_TAG } from './feeds.js';

export const ListFeedDigestRequest = z
  .object({
    variant: z
      .enum(DIGEST_VARIANTS)
      .meta({ description: 'Which feeds: `full` (default), `tech`, `finance`, `commodity` or `happy`.' })
      .optional(),
    lang: z
      .string()
      .max(16)
      .regex(LANGUAGE_TAG, 'must be a language tag such as en or pt-br')
      .meta({
        description:
          'Language of the feeds to read (default `en`): a tag such as `en` or `pt-br`, case-insensitive; a language no feed has gives an empty digest.',
      })
      .optional(),
  })
  .meta({ id: 'news_v1_ListFeedDigestRequest' });

export const ThreatClassification = z
  .object({
    level: z.enum(THREAT_LEVELS),
    category: z.string(),
    confidence: z.number().meta({ format: 'double' }),
    source: z
      .string()
      .meta({ description: '`keyword` (keyword classifier) or `llm` (the configured model chose the category).' }),
  })
  .meta({ id: 'news_v1_ThreatClassification' });

export const StoryMeta = z
  .object({
    firstSeen: z.number().int().meta({ format: 'int64', description: 'Earliest mention, epoch ms.' }),
    mentionCount: z.number().int().meta({ format: 'int32' }),
    sourceCount: z.number().int().meta({ format: 'int32' }),
    phase: z.enum(STORY_PHASES).meta({
      description:
        'BREAKING (one mention), DEVELOPING (up to five within two hours) or SUSTAINED; FADING is not computed here (it needs mention history).',
    }),
  })
  .meta({ id: 'news_v1_StoryMeta' });

export const NewsItem = z
  .object({
    source: z.string(),
    title: z.string(),
    link: z.string(),
    publishedAt: z.number().int().meta({ format: 'int64' }),
    isAlert: z.boolean().meta({ description: 'High or critical threat level.' }),
    threat: ThreatClassification,
    locationName: z.string(),
    importanceScore: z.number().int().meta({ format: 'int32' }),
    corroborationCount: z.number().int().meta({ format: 'int32', description: 'Distinct feeds carrying the story.' }),
    storyMeta: StoryMeta,
    snippet: z.string(),
    tickers: z.array(z.string()),
    credibilityScore: z.number().int().meta({ format: 'int32' }),
  })
  .meta({ id: 'news_v1_NewsItem', description: 'One story: its most recent mention from the most trusted feed.' });

export const CategoryBucket = z.object({ items: z.array(NewsItem) }).meta({ id: 'news_v1_CategoryBucket' });

export const ListFeedDigestResponse = z
  .object({
    categories: z
      .record(z.string(), CategoryBucket)
      .meta({ description: 'Stories per feed category, most important first, at most 20 each.' }),
    feedStatuses: z.record(z.string(), z.string()).meta({
      description: 'Feeds that were empty, timed out, or had undated items; feeds that were fine are absent.',
    }),
    generatedAt: z
      .string()
      .meta({ description: 'When the feeds were captured, ISO 8601; empty when none are loaded.' }),
  })
  .meta({ id: 'news_v1_ListFeedDigestResponse', description: 'News from the configured feeds, grouped into stories.' });

export type ListFeedDigestResponse = z.infer<typeof ListFeedDigestResponse>;
export type NewsItem = z.infer<typeof NewsItem>;
