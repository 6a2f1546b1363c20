import { z } from 'zod';

export const DeductSituationRequest = z
  .object({
    query: z
      .string()
      .max(5000)
      .meta({
        description:
          'The situation or question; trimmed, the first 500 characters are read. Empty answers `provider: skipped`.',
      })
      .optional(),
    geoContext: z
      .string()
      .max(20000)
      .meta({ description: 'Context for the model (e.g. recent news lines); the first 2000 characters are read.' })
      .optional(),
    framework: z
      .string()
      .max(10000)
      .meta({
        description:
          'Analytic framework for the model, sent in the user message as delimited text, never in its system instructions; the first 2000 characters are read.',
      })
      .optional(),
  })
  .meta({ id: 'intelligence_v1_DeductSituationRequest' });
export type DeductSituationRequest = z.infer<typeof DeductSituationRequest>;

export const DeductSituationResponse = z
  .object({
    analysis: z.string().meta({
      description:
        'The model’s deduction, or the labelled evidence digest (matching prediction markets and archived events).',
    }),
    model: z.string().meta({ description: 'The model, `rules:deduct-situation` for the digest, empty when skipped.' }),
    provider: z
      .string()
      .meta({ description: '`generic` (the configured model), `rules` (evidence digest) or `skipped` (empty query).' }),
  })
  .meta({ id: 'intelligence_v1_DeductSituationResponse' });
export type DeductSituationResponse = z.infer<typeof DeductSituationResponse>;
