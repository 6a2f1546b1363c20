import { z } from 'zod';
import { int32Param, int64Param } from '../../../platform/query-params.js';

const domain = (description: string) =>
  z
    .string()
    .regex(/^(conflict|military|energy)?$/, { message: 'string must match pattern ^(conflict|military|energy)?$' })
    .meta({ description });
const country = (description: string) =>
  z
    .string()
    .regex(/^([A-Z]{2})?$/, { message: 'string must match pattern ^([A-Z]{2})?$' })
    .meta({ description });
const epochMs = (description: string) =>
  z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).meta({ format: 'int64', description });

const DOMAIN_DOC = '`conflict`, `military` or `energy`; empty or omitted for all three.';
const COUNTRY_DOC = 'ISO 3166-1 alpha-2 code, upper case; empty or omitted for every country.';

export const IntelHistoryRecord = z
  .object({
    id: z.string(),
    domain: z.string().meta({ description: '`conflict`, `military` or `energy`.' }),
    resource: z
      .string()
      .meta({ description: 'The feed or pipeline the record came from (e.g. `acled`, `cross-strait`).' }),
    country: z.string().meta({ description: 'ISO alpha-2 code, or empty when the event has no single country.' }),
    category: z.string().meta({ description: 'Event category as the source labels it.' }),
    title: z.string().meta({ description: 'Headline, verbatim from the source (third-party text).' }),
    summary: z.string().meta({ description: 'Short summary, verbatim from the source (third-party text).' }),
    sourceUrl: z.string(),
    occurredAt: epochMs('When the event happened or was reported, Unix epoch milliseconds.'),
    ingestedAt: epochMs('When the archive took the record in, Unix epoch milliseconds.'),
    score: z.number().meta({
      format: 'double',
      description:
        'Relevance: under full-text ranking a positive score, higher is better (bm25 on the default SQLite store, ts_rank when the archive is in PostgreSQL: compare scores within one deployment only), the cosine similarity (-1..1) under embeddings, 0 on the timeline.',
    }),
  })
  .meta({
    id: 'intelligence_v1_IntelHistoryRecord',
    description: 'One dated event or headline of the intelligence history archive.',
  });
export type IntelHistoryRecord = z.infer<typeof IntelHistoryRecord>;

const ranking = z.enum(['bm25', 'embeddings', 'none']).meta({
  description:
    'Which ranking ran: `bm25` (full-text relevance, the default; PostgreSQL ranks with its ts_rank under the same name), `embeddings` (cosine similarity, when an embeddings model is configured), `none` when the archive was unavailable.',
});

export const SearchIntelHistoryRequest = z
  .object({
    query: z.string().min(2).max(500).meta({
      description:
        'What to look for, 2 to 500 characters; any of its words may match, records matching more and rarer words rank first.',
    }),
    domain: domain(DOMAIN_DOC).optional(),
    country: country(COUNTRY_DOC).optional(),
    from: epochMs(
      'Earliest occurredAt, Unix epoch milliseconds; 0 or omitted for the start of the 180-day archive.',
    ).optional(),
    to: epochMs(
      'Latest occurredAt, Unix epoch milliseconds; 0 or omitted for no upper bound. Must not be before `from`.',
    ).optional(),
    limit: z
      .number()
      .int()
      .min(0)
      .max(64)
      .meta({ format: 'int32', description: 'Most records, 1 to 64; 0 or omitted means 20.' })
      .optional(),
  })
  .meta({ id: 'intelligence_v1_SearchIntelHistoryRequest' });
export type SearchIntelHistoryRequest = z.infer<typeof SearchIntelHistoryRequest>;

export const SearchIntelHistoryResponse = z
  .object({
    records: z.array(IntelHistoryRecord).meta({ description: 'Best match first.' }),
    query: z.string().meta({ description: 'The query as received.' }),
    partial: z.boolean().meta({
      description: 'Matches may have been cut by filtering; always false here (filters run inside the index).',
    }),
    upstreamUnavailable: z.boolean().meta({ description: 'The archive has not been loaded; records is then empty.' }),
    ranking,
  })
  .meta({ id: 'intelligence_v1_SearchIntelHistoryResponse' });
export type SearchIntelHistoryResponse = z.infer<typeof SearchIntelHistoryResponse>;

export const GetIntelTimelineRequest = z
  .object({
    domain: domain(DOMAIN_DOC).optional(),
    country: country(COUNTRY_DOC).optional(),
    from: int64Param({
      min: 0,
      description: 'Earliest occurredAt, Unix epoch milliseconds; 0 or omitted for the start of the 180-day archive.',
    }),
    to: int64Param({
      min: 0,
      description:
        'Latest occurredAt, Unix epoch milliseconds; 0 or omitted for no upper bound. Must not be before `from`.',
    }),
    limit: int32Param({ min: 0, max: 200, description: 'Most records, 1 to 200; 0 or omitted means 50.' }),
  })
  .meta({ id: 'intelligence_v1_GetIntelTimelineRequest' });
export type GetIntelTimelineRequest = z.infer<typeof GetIntelTimelineRequest>;

export const GetIntelTimelineResponse = z
  .object({
    records: z.array(IntelHistoryRecord).meta({ description: 'Newest occurredAt first; score is 0.' }),
    partial: z.boolean().meta({ description: 'Always false here: filters run inside the index.' }),
    upstreamUnavailable: z.boolean().meta({ description: 'The archive has not been loaded; records is then empty.' }),
  })
  .meta({ id: 'intelligence_v1_GetIntelTimelineResponse' });
export type GetIntelTimelineResponse = z.infer<typeof GetIntelTimelineResponse>;

export const GetSimilarEventsRequest = z
  .object({
    situation: z
      .string()
      .min(10)
      .max(1000)
      .meta({ description: 'The situation to find precedents for, 10 to 1000 characters.' }),
    domain: domain(DOMAIN_DOC).optional(),
    country: country(COUNTRY_DOC).optional(),
    limit: z
      .number()
      .int()
      .min(0)
      .max(32)
      .meta({ format: 'int32', description: 'Most records, 1 to 32; 0 or omitted means 10.' })
      .optional(),
  })
  .meta({ id: 'intelligence_v1_GetSimilarEventsRequest' });
export type GetSimilarEventsRequest = z.infer<typeof GetSimilarEventsRequest>;

export const GetSimilarEventsResponse = z
  .object({
    records: z
      .array(IntelHistoryRecord)
      .meta({ description: 'Most similar first, only those past the similarity floor.' }),
    situation: z.string().meta({ description: 'The situation as received.' }),
    partial: z.boolean().meta({ description: 'Always false here: filters run inside the index.' }),
    upstreamUnavailable: z.boolean().meta({ description: 'The archive has not been loaded; records is then empty.' }),
    ranking,
  })
  .meta({ id: 'intelligence_v1_GetSimilarEventsResponse' });
export type GetSimilarEventsResponse = z.infer<typeof GetSimilarEventsResponse>;
