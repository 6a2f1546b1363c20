import { z } from 'zod';

export const BriefSource = z
  .object({
    title: z.string().meta({ description: 'Headline of the archived event, at most 160 characters.' }),
    source: z.string().meta({ description: 'The feed it came from, at most 80 characters.' }),
    url: z.string(),
    publishedAt: z.string().meta({ description: 'When it occurred, ISO 8601.' }),
  })
  .meta({ id: 'intelligence_v1_BriefSource' });

export const GetCountryIntelBriefRequest = z
  .object({
    country_code: z
      .string()
      .pipe(z.string().regex(/^[A-Z]{2}$/, { message: 'string must match pattern ^[A-Z]{2}$' }))
      .meta({ description: 'ISO 3166-1 alpha-2 country code, upper case (e.g. `UA`).' }),
    framework: z
      .string()
      .max(2000)
      .meta({
        description:
          'Analytic framework for the model, sent in the user message as delimited text, never in its system instructions (at most 2000 characters); the template ignores it.',
      })
      .optional(),
  })
  .meta({ id: 'intelligence_v1_GetCountryIntelBriefRequest' });
export type GetCountryIntelBriefRequest = z.infer<typeof GetCountryIntelBriefRequest>;

export const GetCountryIntelBriefResponse = z
  .object({
    countryCode: z.string(),
    countryName: z.string().meta({ description: 'English short name; the code when unknown.' }),
    brief: z.string().meta({
      description: 'The brief in the published section format; the template version starts by saying it is one.',
    }),
    model: z
      .string()
      .meta({ description: 'The model that wrote it, or `rules:get-country-intel-brief` for the template.' }),
    generatedAt: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'When the brief was written, Unix epoch milliseconds.' }),
    sources: z.array(BriefSource).meta({ description: 'The archived events cited as [1], [2] ..., at most 6.' }),
  })
  .meta({ id: 'intelligence_v1_GetCountryIntelBriefResponse' });
export type GetCountryIntelBriefResponse = z.infer<typeof GetCountryIntelBriefResponse>;
