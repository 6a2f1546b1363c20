import { z } from 'zod';
import { boolParam, int32Param, stringParam } from '../../../platform/query-params.js';

const int32 = (description: string) => z.number().int().min(0).max(2147483647).meta({ format: 'int32', description });
const Freshness = z.enum(['DATA_FRESHNESS_UNSPECIFIED', 'DATA_FRESHNESS_FRESH', 'DATA_FRESHNESS_STALE']);
const Trend = z.enum([
  'TREND_DIRECTION_UNSPECIFIED',
  'TREND_DIRECTION_RISING',
  'TREND_DIRECTION_STABLE',
  'TREND_DIRECTION_FALLING',
]);

export const PizzintLocation = z
  .object({
    placeId: z.string(),
    name: z.string(),
    address: z.string(),
    currentPopularity: int32('Busyness at the reading, 0-100.'),
    percentageOfUsual: int32('Busyness against the usual for that hour, percent.'),
    isSpike: z.boolean(),
    spikeMagnitude: z
      .number()
      .meta({ format: 'double', description: 'How far above usual (1.4 = 40 % above); 0 without a spike.' }),
    dataSource: z.string(),
    recordedAt: z.string().meta({ description: 'When the reading was taken, ISO 8601.' }),
    dataFreshness: Freshness,
    isClosedNow: z.boolean(),
    lat: z.number().meta({ format: 'double' }),
    lng: z.number().meta({ format: 'double' }),
  })
  .meta({ id: 'intelligence_v1_PizzintLocation', description: 'One monitored place.' });

export const PizzintStatus = z
  .object({
    defconLevel: z
      .number()
      .int()
      .min(1)
      .max(5)
      .meta({ format: 'int32', description: '1 (maximum activity) to 5 (normal).' }),
    defconLabel: z.string(),
    aggregateActivity: z.number().meta({ format: 'double', description: 'Mean busyness of open places, 0-100.' }),
    activeSpikes: int32('Places busier than usual.'),
    locationsMonitored: int32('Places in the capture.'),
    locationsOpen: int32('Places open at the reading.'),
    updatedAt: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'Time of the latest reading, Unix epoch milliseconds.' }),
    dataFreshness: Freshness.meta({
      description: 'FRESH only when a place reading is fresh and the capture is under two hours old.',
    }),
    locations: z.array(PizzintLocation),
  })
  .meta({ id: 'intelligence_v1_PizzintStatus', description: 'Activity around the Pentagon’s pizza places.' });

export const GdeltTensionPair = z
  .object({
    id: z.string().meta({ description: 'Pair key, e.g. `usa_russia`.' }),
    countries: z
      .array(z.string())
      .meta({ description: 'The pair’s parts as the source names them (`usa`, `russia`), not ISO codes.' }),
    label: z.string(),
    score: z.number().min(0).max(100).meta({ format: 'double', description: 'Latest tension score, 0-100.' }),
    trend: Trend,
    changePercent: z
      .number()
      .meta({ format: 'double', description: 'Change against the previous point, percent (0 when that was 0).' }),
    region: z.string(),
  })
  .meta({ id: 'intelligence_v1_GdeltTensionPair', description: 'GDELT-based tension between two countries.' });

export const GetPizzintStatusRequest = z.object({
  include_gdelt: boolParam('Also return the GDELT country-pair tension scores.'),
});

export type GetPizzintStatusRequest = z.infer<typeof GetPizzintStatusRequest>;

export const GetPizzintStatusResponse = z
  .object({
    pizzint: PizzintStatus.optional().meta({ description: 'Absent when no capture is loaded.' }),
    tensionPairs: z.array(GdeltTensionPair).meta({ description: 'Only with include_gdelt=true.' }),
  })
  .meta({
    id: 'intelligence_v1_GetPizzintStatusResponse',
    description: 'Pizza-index status and optional tension pairs.',
  });

export type GetPizzintStatusResponse = z.infer<typeof GetPizzintStatusResponse>;

export const GdeltArticle = z
  .object({
    title: z.string(),
    url: z.string(),
    source: z.string().meta({ description: 'Publishing domain.' }),
    date: z.string().meta({ description: 'When GDELT saw the article, compact UTC `YYYYMMDDTHHMMSSZ`.' }),
    image: z.string().meta({ description: 'Social sharing image; empty when none.' }),
    language: z.string(),
    tone: z
      .number()
      .meta({ format: 'double', description: 'Always 0: GDELT’s article lists carry no per-article tone.' }),
  })
  .meta({ id: 'intelligence_v1_GdeltArticle', description: 'One news article GDELT indexed.' });

export const SearchGdeltDocumentsRequest = z.object({
  query: z.string().min(1).max(500).meta({
    description:
      'A topic name (military, cyber, nuclear, sanctions, intelligence, maritime) or words every returned title must contain.',
  }),
  max_records: int32Param({
    min: 0,
    max: 250,
    description: 'Most articles; omitted or 0 means 10, at most 20 are returned.',
  }),
  timespan: stringParam(
    'Only articles seen within this span before the capture: `<n>min`, `<n>h`, `<n>d` or `<n>w` (at most the 24 hours captured).',
    16,
  ),
  tone_filter: stringParam('Accepted and ignored: article lists carry no tone.', 32),
  sort: stringParam('`DateDesc` (default) or `DateAsc`.', 16),
});

export type SearchGdeltDocumentsRequest = z.infer<typeof SearchGdeltDocumentsRequest>;

export const SearchGdeltDocumentsResponse = z
  .object({
    articles: z.array(GdeltArticle),
    query: z.string().meta({ description: 'The query as given.' }),
    error: z.string().meta({ description: 'Why there are no articles when the data is missing; empty otherwise.' }),
  })
  .meta({ id: 'intelligence_v1_SearchGdeltDocumentsResponse', description: 'News articles on a watched topic.' });

export type SearchGdeltDocumentsResponse = z.infer<typeof SearchGdeltDocumentsResponse>;

export const GdeltTimelinePoint = z
  .object({ date: z.string().meta({ description: 'ISO 8601 UTC.' }), value: z.number().meta({ format: 'double' }) })
  .meta({ id: 'intelligence_v1_GdeltTimelinePoint', description: 'One point of a daily series.' });

export const GetGdeltTopicTimelineRequest = z.object({
  topic: stringParam(
    'military (default), cyber, nuclear, sanctions, intelligence or maritime; trimmed, case-insensitive.',
    32,
  ),
});

export type GetGdeltTopicTimelineRequest = z.infer<typeof GetGdeltTopicTimelineRequest>;

export const GetGdeltTopicTimelineResponse = z
  .object({
    topic: z.string(),
    tone: z.array(GdeltTimelinePoint).meta({ description: 'Daily average tone of matching coverage, oldest first.' }),
    vol: z
      .array(GdeltTimelinePoint)
      .meta({ description: 'Daily share of all coverage that matches (volume intensity, percent), oldest first.' }),
    fetchedAt: z.string().meta({ description: 'When the series were fetched, ISO 8601; empty when unavailable.' }),
    error: z.string().meta({ description: '`unavailable` when no GDELT data is loaded; empty otherwise.' }),
  })
  .meta({
    id: 'intelligence_v1_GetGdeltTopicTimelineResponse',
    description: 'Fourteen-day tone and volume series of one topic.',
  });

export type GetGdeltTopicTimelineResponse = z.infer<typeof GetGdeltTopicTimelineResponse>;

export const SocialVelocityPost = z
  .object({
    id: z.string(),
    title: z.string().meta({ description: 'Post title (at most 300 characters).' }),
    subreddit: z.string(),
    url: z.string().meta({ description: 'The Reddit discussion.' }),
    score: z.number().int().meta({ format: 'int32' }),
    upvoteRatio: z.number().meta({ format: 'double' }),
    numComments: int32('Comments when fetched.'),
    velocityScore: z.number().meta({
      format: 'double',
      description: 'ln(1 + score) × upvote ratio × e^(−age / 6 h) × 100, age counted to the fetch.',
    }),
    createdAt: z.number().int().meta({ format: 'int64', description: 'When posted, Unix epoch milliseconds.' }),
  })
  .meta({ id: 'intelligence_v1_SocialVelocityPost', description: 'A fast-rising Reddit post.' });

export const GetSocialVelocityRequest = z.object({});

export const GetSocialVelocityResponse = z
  .object({
    posts: z.array(SocialVelocityPost).meta({ description: 'Top 30 by velocity.' }),
    fetchedAt: z.number().int().meta({
      format: 'int64',
      description: 'When the listings were fetched, Unix epoch milliseconds; 0 when none are loaded.',
    }),
  })
  .meta({ id: 'intelligence_v1_GetSocialVelocityResponse', description: 'Fast-rising world-news posts on Reddit.' });

export type GetSocialVelocityResponse = z.infer<typeof GetSocialVelocityResponse>;
