import { z } from 'zod';
import { int32Param, listParam } from '../../../platform/query-params.js';

const int64 = (description: string) => z.number().int().meta({ format: 'int64', description });

export const ListAviationNewsRequest = z.object({
  entities: listParam(
    'Up to 10 names (airlines, airports, aircraft, manufacturers); an item is kept when its title or text mentions any, case-insensitively.',
    { maxItemLength: 100 },
  ),
  window_hours: int32Param({
    min: 0,
    max: 168,
    description: 'Hours back from the newest stored item, 1 to 168; omitted or 0 means 24.',
  }),
  max_items: int32Param({ min: 0, max: 50, description: 'Items to return, 1 to 50; omitted or 0 means 20.' }),
});
export type ListAviationNewsRequest = z.infer<typeof ListAviationNewsRequest>;

export const AviationNewsItem = z
  .object({
    id: z.string().meta({ description: 'Stable id derived from the article link.' }),
    title: z.string(),
    url: z.string(),
    sourceName: z.string().meta({ description: 'The publication, e.g. `FlightGlobal`.' }),
    publishedAt: int64('Publication time, Unix epoch milliseconds.'),
    snippet: z.string().meta({ description: 'The description as plain text, at most about 200 characters.' }),
    matchedEntities: z.array(z.string()).meta({ description: 'Requested entities the item mentions.' }),
    imageUrl: z.string().meta({ description: 'Image the feed attaches, or empty.' }),
  })
  .meta({ id: 'aviation_v1_AviationNewsItem', description: 'One aviation news article.' });

export const ListAviationNewsResponse = z
  .object({
    items: z.array(AviationNewsItem).meta({ description: 'Newest first.' }),
    source: z.string().meta({ description: '`rss`, or `unavailable` when no feed has been read.' }),
    updatedAt: int64('When the feeds were read, Unix epoch milliseconds; 0 without data.'),
  })
  .meta({ id: 'aviation_v1_ListAviationNewsResponse', description: 'Recent aviation news.' });
export type ListAviationNewsResponse = z.infer<typeof ListAviationNewsResponse>;
