import { z } from 'zod';

export const PositiveGeoEvent = z
  .object({
    latitude: z.number().meta({ format: 'double' }),
    longitude: z.number().meta({ format: 'double' }),
    name: z.string().meta({ description: 'Place name as GDELT geocoded it (at most 200 characters).' }),
    category: z.string().meta({
      description:
        'science-health, nature-wildlife, climate-wins, innovation-tech, humanity-kindness or culture-community.',
    }),
    count: z.number().int().meta({ format: 'int32', description: 'Distinct articles about the place.' }),
    timestamp: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'Newest article’s GDELT slot, Unix epoch milliseconds.' }),
  })
  .meta({ id: 'positive_events_v1_PositiveGeoEvent', description: 'A place with several upbeat news stories.' });

export const ListPositiveGeoEventsRequest = z.object({});

export const ListPositiveGeoEventsResponse = z
  .object({
    events: z.array(PositiveGeoEvent).meta({ description: 'Most articles first.' }),
    fetchedAt: z.number().int().meta({
      format: 'int64',
      description: 'When the GDELT files were read, Unix epoch milliseconds; 0 without a snapshot.',
    }),
    stale: z.boolean().meta({ description: 'True when that was more than 25 hours ago.' }),
  })
  .meta({
    id: 'positive_events_v1_ListPositiveGeoEventsResponse',
    description: 'Places in the news for good reasons over the last two hours.',
  });
export type ListPositiveGeoEventsResponse = z.infer<typeof ListPositiveGeoEventsResponse>;
