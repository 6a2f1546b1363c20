import { z } from 'zod';

const pct = (description: string) => z.number().min(0).max(100).meta({ format: 'double', description });

export const CiiComponents = z
  .object({
    newsActivity: pct('Volume and tone of recent news about the country, 0-100.'),
    ciiContribution: pct('Contribution of the instability model’s event signals, 0-100.'),
    geoConvergence: pct('Co-location of different event types, 0-100.'),
    militaryActivity: pct('Observed military activity, 0-100.'),
  })
  .meta({ id: 'intelligence_v1_CiiComponents', description: 'Inputs of the instability score.' });

export const CiiScore = z
  .object({
    region: z.string().meta({ description: 'ISO 3166-1 alpha-2 code the score is for.' }),
    staticBaseline: pct('Long-run structural instability, 0-100.'),
    dynamicScore: z
      .number()
      .min(-100)
      .max(100)
      .meta({ format: 'double', description: 'Recent change against the baseline, -100 to 100.' }),
    combinedScore: pct('Baseline and recent change combined, 0-100.'),
    trend: z.enum([
      'TREND_DIRECTION_UNSPECIFIED',
      'TREND_DIRECTION_RISING',
      'TREND_DIRECTION_STABLE',
      'TREND_DIRECTION_FALLING',
    ]),
    components: CiiComponents,
    computedAt: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'When the score was computed, Unix epoch milliseconds.' }),
    methodologyVersion: z.string(),
    eventMultiplier: z
      .number()
      .min(0)
      .max(10)
      .meta({ format: 'double', description: 'Weight applied to recent events, 0-10.' }),
    advisoryLevel: z.string().meta({ description: 'Advisory level the model saw when scoring.' }),
    advisoryProvenance: z
      .string()
      .regex(/^(live|fallback|absent)$/)
      .meta({ description: '`live`, `fallback` or `absent`: where that advisory level came from.' }),
  })
  .meta({ id: 'intelligence_v1_CiiScore', description: 'Country instability index score.' });

export type CiiScore = z.infer<typeof CiiScore>;

export const GetCountryRiskRequest = z.object({
  country_code: z
    .string()
    .pipe(z.string().regex(/^[A-Z]{2}$/, { message: 'string must match pattern ^[A-Z]{2}$' }))
    .meta({ description: 'ISO 3166-1 alpha-2 country code, upper case (e.g. `UA`).' }),
});

export type GetCountryRiskRequest = z.infer<typeof GetCountryRiskRequest>;

export const GetCountryRiskResponse = z
  .object({
    countryCode: z.string(),
    countryName: z.string().meta({ description: 'English short name; the code itself when the country is unknown.' }),
    cii: CiiScore.optional().meta({
      description: 'Instability score; absent when the country is not scored or inputs are unavailable.',
    }),
    advisoryLevel: z.string().meta({
      description: 'U.S. travel advisory: `do-not-travel`, `reconsider`, `caution`, `normal`, or empty when none.',
    }),
    sanctionsActive: z.boolean().meta({ description: 'At least one OFAC SDN entry has an address in the country.' }),
    sanctionsCount: z
      .number()
      .int()
      .min(0)
      .max(2147483647)
      .meta({ format: 'int32', description: 'OFAC SDN entries with an address in the country.' }),
    fetchedAt: z.number().int().meta({
      format: 'int64',
      description: 'When the instability data was computed, Unix epoch milliseconds; 0 when unavailable.',
    }),
    upstreamUnavailable: z.boolean().meta({
      description:
        'One of the three inputs (scores, advisories, sanctions) is missing; the other fields are then empty.',
    }),
  })
  .meta({ id: 'intelligence_v1_GetCountryRiskResponse', description: 'Risk summary for one country.' });

export type GetCountryRiskResponse = z.infer<typeof GetCountryRiskResponse>;

export const SecurityAdvisoryItem = z
  .object({
    title: z.string().meta({ description: 'Headline as the publisher wrote it.' }),
    link: z.string().meta({ description: 'Address of the advisory on the publisher’s site.' }),
    pubDate: z.string().meta({ description: 'Publication time, ISO 8601 UTC; empty when the feed gave none.' }),
    source: z.string().meta({ description: 'Publishing government service.' }),
    sourceCountry: z.string().meta({ description: 'Publisher’s country: `US`, `AU`, `UK`, `EU` or `INT`.' }),
    level: z.string().meta({
      description: '`do-not-travel`, `reconsider`, `caution`, `normal`, or `info` for notices without a level.',
    }),
    country: z
      .string()
      .meta({ description: 'ISO 3166-1 alpha-2 code of the country concerned; empty when none is named.' }),
  })
  .meta({ id: 'intelligence_v1_SecurityAdvisoryItem', description: 'One government travel or security advisory.' });

export type SecurityAdvisoryItem = z.infer<typeof SecurityAdvisoryItem>;

export const ListSecurityAdvisoriesRequest = z.object({});

export const ListSecurityAdvisoriesResponse = z
  .object({
    advisories: z.array(SecurityAdvisoryItem),
    byCountry: z
      .record(z.string(), z.string())
      .meta({ description: 'Strictest current level per ISO alpha-2 country, over advisories that carry a level.' }),
  })
  .meta({ id: 'intelligence_v1_ListSecurityAdvisoriesResponse', description: 'Government advisories, newest first.' });

export type ListSecurityAdvisoriesResponse = z.infer<typeof ListSecurityAdvisoriesResponse>;

export const GetCountryFactsRequest = z.object({
  country_code: z
    .string()
    .pipe(z.string().regex(/^[A-Z]{2}$/, { message: 'string must match pattern ^[A-Z]{2}$' }))
    .meta({ description: 'ISO 3166-1 alpha-2 country code, upper case (e.g. `FR`).' }),
});

export type GetCountryFactsRequest = z.infer<typeof GetCountryFactsRequest>;

export const GetCountryFactsResponse = z
  .object({
    headOfState: z.string().meta({ description: 'Current head of state per Wikidata; empty when unknown.' }),
    headOfStateTitle: z
      .string()
      .meta({ description: 'Office the head of state holds, per Wikidata; empty when unknown.' }),
    wikipediaSummary: z
      .string()
      .meta({ description: 'Wikipedia article summary; always empty here (Wikipedia is not loaded).' }),
    wikipediaThumbnailUrl: z
      .string()
      .meta({ description: 'Wikipedia article image; always empty here (Wikipedia is not loaded).' }),
    population: z
      .number()
      .int()
      .min(0)
      .meta({ format: 'int64', description: 'Population per RestCountries; 0 when unknown.' }),
    capital: z.string().meta({ description: 'Capital (the first listed where there are several).' }),
    languages: z.array(z.string()).meta({ description: 'Official languages by English name.' }),
    currencies: z.array(z.string()).meta({ description: 'Currencies in use by English name.' }),
    areaSqKm: z.number().min(0).meta({ format: 'double', description: 'Area in square kilometres; 0 when unknown.' }),
    countryName: z.string().meta({ description: 'Common English name; empty when the country is unknown.' }),
  })
  .meta({ id: 'intelligence_v1_GetCountryFactsResponse', description: 'Reference facts about one country.' });

export type GetCountryFactsResponse = z.infer<typeof GetCountryFactsResponse>;
