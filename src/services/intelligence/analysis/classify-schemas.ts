import { z } from 'zod';
import { stringParam } from '../../../platform/query-params.js';

export const EventClassification = z
  .object({
    category: z.string().meta({
      description:
        'One of conflict, protest, disaster, diplomatic, economic, terrorism, cyber, health, environmental, military, crime, infrastructure, tech, general.',
    }),
    subcategory: z.string().meta({ description: 'The threat level word: critical, high, medium, low or info.' }),
    severity: z
      .enum(['SEVERITY_LEVEL_UNSPECIFIED', 'SEVERITY_LEVEL_LOW', 'SEVERITY_LEVEL_MEDIUM', 'SEVERITY_LEVEL_HIGH'])
      .meta({
        description: 'critical and high read as HIGH, medium as MEDIUM, low and info as LOW.',
      }),
    confidence: z.number().min(0).max(1).meta({
      format: 'double',
      description:
        '0.9 for a model classification (as published); for the keyword classifier 0.3 with no match, else 0.6 rising with each further matched keyword to 0.9.',
    }),
    analysis: z.string().meta({
      description:
        'Who classified: the model (named) or the keyword classifier (labelled `rules:classify-event`, with the keywords it matched).',
    }),
    entities: z.array(z.string()).meta({ description: 'Always empty.' }),
  })
  .meta({ id: 'intelligence_v1_EventClassification' });
export type EventClassification = z.infer<typeof EventClassification>;

export const ClassifyEventRequest = z
  .object({
    title: z
      .string()
      .min(1)
      .max(4000)
      .meta({ description: 'The headline to classify; the first 500 characters are read.' }),
    description: stringParam('Accepted and ignored, as published.', 4000),
    source: stringParam('Accepted and ignored, as published.'),
    country: stringParam('Accepted and ignored, as published.'),
  })
  .meta({ id: 'intelligence_v1_ClassifyEventRequest' });
export type ClassifyEventRequest = z.infer<typeof ClassifyEventRequest>;

export const ClassifyEventResponse = z
  .object({ classification: EventClassification.optional() })
  .meta({ id: 'intelligence_v1_ClassifyEventResponse', description: 'The headline’s category and threat level.' });
export type ClassifyEventResponse = z.infer<typeof ClassifyEventResponse>;
