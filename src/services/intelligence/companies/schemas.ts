import { z } from 'zod';
import { int32Param, stringParam } from '../../../platform/query-params.js';

export const SecFilingSearchResult = z
  .object({
    company: z.string().meta({ description: 'Filer name as EDGAR shows it.' }),
    cik: z.string().meta({ description: 'Central Index Key, 10 digits.' }),
    form: z.string().meta({ description: 'Form type, e.g. `8-K`.' }),
    fileDate: z.string().meta({ description: 'EDGAR filing date (Eastern time), `YYYY-MM-DD`.' }),
    items: z.array(z.string()).meta({ description: 'Reported 8-K item numbers, e.g. `2.02`.' }),
    url: z.string().meta({ description: 'The filing index page on sec.gov.' }),
    accession: z.string().meta({ description: 'Accession number, `0000000000-YY-NNNNNN`.' }),
  })
  .meta({ id: 'intelligence_v1_SecFilingSearchResult', description: 'One filing matching the search.' });

export const SearchSecFilingsRequest = z.object({
  query: z.string().min(1).max(1000).meta({
    description:
      'Words to find in the filer name, form and item descriptions (first 160 characters used); "quoted phrases", OR and NOT work.',
  }),
  forms: stringParam('Comma-separated form types to keep, e.g. `8-K,8-K/A` (case-insensitive).', 64),
  start_date: stringParam('Earliest filing date, `YYYY-MM-DD`, inclusive.', 10),
  end_date: stringParam('Latest filing date, `YYYY-MM-DD`, inclusive.', 10),
  limit: int32Param({ min: 0, description: 'Most results; omitted or 0 means 10, at most 25.' }),
});

export type SearchSecFilingsRequest = z.infer<typeof SearchSecFilingsRequest>;

export const SearchSecFilingsResponse = z
  .object({
    results: z.array(SecFilingSearchResult),
    total: z
      .number()
      .int()
      .min(0)
      .max(2147483647)
      .meta({ format: 'int32', description: 'Filings in the index matching the search, before the limit.' }),
    unavailable: z.boolean().meta({ description: 'No filings index is loaded; results are then empty.' }),
    fetchedAtMs: z.number().int().meta({
      format: 'int64',
      description: 'When the searched filings were fetched, Unix epoch milliseconds; 0 when unavailable.',
    }),
  })
  .meta({
    id: 'intelligence_v1_SearchSecFilingsResponse',
    description: 'Filings matching a full-text search, best match first.',
  });

export type SearchSecFilingsResponse = z.infer<typeof SearchSecFilingsResponse>;

export const MaterialEventItem = z
  .object({
    code: z.string().meta({ description: '8-K item number, e.g. `5.02`.' }),
    description: z.string().meta({ description: 'The item’s title as the filing lists it.' }),
  })
  .meta({ id: 'intelligence_v1_MaterialEventItem', description: 'One material item reported in an 8-K.' });

export const MaterialEvent = z
  .object({
    company: z.string(),
    cik: z.string().meta({ description: 'Central Index Key, 10 digits.' }),
    form: z.string().meta({ description: '`8-K` or `8-K/A`.' }),
    accession: z.string(),
    filedAtMs: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'When EDGAR accepted the filing, Unix epoch milliseconds.' }),
    items: z.array(MaterialEventItem).meta({ description: 'The material items reported (routine items left out).' }),
    url: z.string().meta({ description: 'The filing index page on sec.gov.' }),
  })
  .meta({ id: 'intelligence_v1_MaterialEvent', description: 'An 8-K reporting at least one material event.' });

export const ListMaterialEventsRequest = z.object({
  item_code: stringParam('Only events reporting this 8-K item, e.g. `5.02`.', 8),
  limit: int32Param({ min: 0, description: 'Most events; omitted or 0 means 25, at most 100.' }),
});

export type ListMaterialEventsRequest = z.infer<typeof ListMaterialEventsRequest>;

export const ListMaterialEventsResponse = z
  .object({
    events: z.array(MaterialEvent),
    unavailable: z.boolean().meta({ description: 'The 8-K feed has not been loaded; events are then empty.' }),
    fetchedAtMs: z.number().int().meta({
      format: 'int64',
      description: 'Time of the 8-K feed the events come from, Unix epoch milliseconds; 0 when unavailable.',
    }),
  })
  .meta({ id: 'intelligence_v1_ListMaterialEventsResponse', description: 'Recent material 8-K events, newest first.' });

export type ListMaterialEventsResponse = z.infer<typeof ListMaterialEventsResponse>;

const int32 = (description: string) => z.number().int().min(0).max(2147483647).meta({ format: 'int32', description });

export const EnrichedCompany = z
  .object({
    name: z.string().meta({ description: 'Filer name from its EDGAR submissions, else the ticker registry.' }),
    domain: z.string().meta({ description: 'Website host without `www.`; empty when EDGAR lists no website.' }),
    description: z.string().meta({ description: 'Standard industrial classification (SIC) description.' }),
    location: z.string().meta({ description: 'Business address city and state or country code, e.g. `AUSTIN, TX`.' }),
    website: z.string().meta({ description: 'Website EDGAR lists for the filer.' }),
    founded: z.number().int().meta({ format: 'int32', description: 'Deprecated; always 0.' }),
    cik: z.string().meta({ description: 'Central Index Key, 10 digits; empty when unresolved.' }),
    ticker: z.string(),
  })
  .meta({ id: 'intelligence_v1_EnrichedCompany', description: 'Company identity and profile.' });

export const SecFiling = z
  .object({
    form: z.string(),
    fileDate: z.string().meta({ description: '`YYYY-MM-DD`.' }),
    description: z
      .string()
      .meta({ description: 'Titles of the reported 8-K items joined with `; `; empty for other forms.' }),
    url: z.string().meta({ description: 'The filing index page on sec.gov.' }),
    items: z.array(z.string()).meta({ description: '8-K item numbers.' }),
  })
  .meta({ id: 'intelligence_v1_SecFiling', description: 'One periodic or current report.' });

export const CompanyMarketProfile = z
  .object({
    exchange: z.string(),
    industry: z.string(),
    marketCapMusd: z.number().meta({ format: 'double' }),
    ipoDate: z.string(),
    logoUrl: z.string(),
    country: z.string(),
    currency: z.string(),
  })
  .meta({
    id: 'intelligence_v1_CompanyMarketProfile',
    description: 'Market profile (a licensed market-data feed; not loaded here).',
  });

export const EarningsSurprise = z
  .object({
    period: z.string(),
    actualEps: z.number().meta({ format: 'double' }),
    estimateEps: z.number().meta({ format: 'double' }),
    surprise: z.number().meta({ format: 'double' }),
    surprisePercent: z.number().meta({ format: 'double' }),
    year: z.number().int().meta({ format: 'int32' }),
    quarter: z.number().int().meta({ format: 'int32' }),
  })
  .meta({
    id: 'intelligence_v1_EarningsSurprise',
    description: 'Reported against estimated earnings per share for one quarter.',
  });

export const CompanyNewsMention = z
  .object({
    title: z.string(),
    url: z.string(),
    source: z.string(),
    publishedAtMs: z.number().int().meta({ format: 'int64' }),
  })
  .meta({ id: 'intelligence_v1_CompanyNewsMention', description: 'A recent headline naming the company.' });

export const TechStackItem = z
  .object({ name: z.string(), category: z.string(), confidence: z.number().meta({ format: 'float' }) })
  .meta({ id: 'intelligence_v1_TechStackItem', description: 'Deprecated.' });

export const HNMention = z
  .object({
    title: z.string(),
    url: z.string(),
    points: int32(''),
    comments: int32(''),
    createdAtMs: z.number().int().meta({ format: 'int64' }),
  })
  .meta({ id: 'intelligence_v1_HNMention', description: 'Deprecated.' });

export const EnrichedGithub = z
  .object({ publicRepos: int32(''), followers: int32(''), avatarUrl: z.string() })
  .meta({ id: 'intelligence_v1_EnrichedGithub', description: 'Deprecated.' });

export const SignalEngagement = z
  .object({ points: int32(''), comments: int32(''), stars: int32(''), forks: int32(''), mentions: int32('') })
  .meta({ id: 'intelligence_v1_SignalEngagement', description: 'Audience engagement; not measured for filings.' });

export const GetCompanyEnrichmentRequest = z.object({
  ticker: stringParam('Exchange ticker (preferred), e.g. `CRWD`; case-insensitive.', 16),
  name: stringParam('Exact registered company name (case-insensitive), used when no ticker is given.', 200),
  domain: stringParam('Deprecated: with no ticker, answers only the domain and website.', 253),
});

export type GetCompanyEnrichmentRequest = z.infer<typeof GetCompanyEnrichmentRequest>;

export const GetCompanyEnrichmentResponse = z
  .object({
    company: EnrichedCompany,
    github: EnrichedGithub.optional().meta({ description: 'Deprecated; always absent.' }),
    techStack: z.array(TechStackItem).meta({ description: 'Deprecated; always empty.' }),
    secFilings: z
      .object({
        totalFilings: int32('Recent filings EDGAR lists for the filer, every form.'),
        recentFilings: z
          .array(SecFiling)
          .meta({ description: 'Up to 15 most recent annual, quarterly, current, registration and proxy reports.' }),
      })
      .meta({ id: 'intelligence_v1_SecFilings', description: 'The filer’s recent SEC reports.' }),
    hackerNewsMentions: z.array(HNMention).meta({ description: 'Deprecated; always empty.' }),
    enrichedAtMs: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'When the EDGAR data was fetched, Unix epoch milliseconds; 0 when none.' }),
    sources: z
      .array(z.string())
      .meta({ description: 'Sources that contributed: `sec_edgar` (market data and news are not loaded).' }),
    market: CompanyMarketProfile.optional().meta({ description: 'Absent: no market-data provider is configured.' }),
    earningsSurprises: z.array(EarningsSurprise).meta({ description: 'Empty: no market-data provider is configured.' }),
    newsMentions: z.array(CompanyNewsMention).meta({ description: 'Empty: no headline provider is configured.' }),
    unavailable: z
      .boolean()
      .meta({ description: 'The company resolved but its EDGAR data is not loaded (or the registry is missing).' }),
  })
  .meta({ id: 'intelligence_v1_GetCompanyEnrichmentResponse', description: 'A company profile from SEC EDGAR.' });

export type GetCompanyEnrichmentResponse = z.infer<typeof GetCompanyEnrichmentResponse>;

export const CompanySignal = z
  .object({
    type: z.string().meta({ description: 'Kind of event, e.g. `Executive Change`, `Cybersecurity Incident`.' }),
    title: z.string().meta({ description: '`<form>: <item titles>`.' }),
    url: z.string(),
    source: z.string().meta({ description: '`sec_edgar`.' }),
    sourceTier: int32('Authority of the source, 1 (primary filing) to 3.'),
    timestampMs: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'When EDGAR accepted the filing, Unix epoch milliseconds.' }),
    strength: z.string().meta({ description: '`Strong`, `Moderate` or `Emerging`.' }),
    engagement: SignalEngagement.optional().meta({ description: 'Absent: filings have no engagement figures.' }),
  })
  .meta({ id: 'intelligence_v1_CompanySignal', description: 'One event signal about a company.' });

export const ListCompanySignalsRequest = z.object({
  ticker: stringParam('Exchange ticker (preferred), case-insensitive.', 16),
  company: stringParam('Exact registered company name (case-insensitive), used when no ticker is given.', 200),
  domain: stringParam('Deprecated: with no ticker or company, answers an empty list for the domain.', 253),
});

export type ListCompanySignalsRequest = z.infer<typeof ListCompanySignalsRequest>;

export const ListCompanySignalsResponse = z
  .object({
    company: z.string().meta({ description: 'Resolved company name; the input when unresolved.' }),
    domain: z.string().meta({ description: 'Deprecated; echoes a domain-only request, else empty.' }),
    signals: z.array(CompanySignal).meta({ description: 'Up to 30, newest first.' }),
    summary: z
      .object({
        totalSignals: int32('Signals returned.'),
        byType: z
          .record(z.string(), z.number().int().meta({ format: 'int32' }))
          .meta({ description: 'Signals per type.' }),
        strongestSignal: CompanySignal.optional().meta({ description: 'Absent when there are no signals.' }),
        signalDiversity: int32('Distinct sources among the signals.'),
      })
      .meta({ id: 'intelligence_v1_SignalSummary', description: 'Counts over the signals.' }),
    discoveredAtMs: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'When the answer was made, Unix epoch milliseconds.' }),
    cik: z.string().meta({ description: 'Central Index Key, 10 digits; empty when unresolved.' }),
    unavailable: z
      .boolean()
      .meta({ description: 'The company resolved but its EDGAR data is not loaded (or the registry is missing).' }),
  })
  .meta({
    id: 'intelligence_v1_ListCompanySignalsResponse',
    description: 'Material-event signals about a company from its SEC filings.',
  });

export type ListCompanySignalsResponse = z.infer<typeof ListCompanySignalsResponse>;
