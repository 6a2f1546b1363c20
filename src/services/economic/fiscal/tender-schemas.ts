import { z } from 'zod';
import { doubleParam, int32Param, listParam, stringParam } from '../../../platform/query-params.js';

const isoParam = (description: string) =>
  z
    .string()
    .max(40)
    .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && Number.isFinite(Date.parse(v)), {
      message: 'value must be an ISO 8601 date or date-time',
    })
    .optional()
    .meta({ description });

export const ListGlobalTendersRequest = z.object({
  country: stringParam('Only tenders of this country (ISO alpha-2, case-insensitive).', 8),
  countries: listParam(
    'Only tenders of these countries (ISO alpha-2; repeated or comma-separated); joined with `country`.',
    { maxItemLength: 8 },
  ),
  region: stringParam('Only this region: europe, north_america, oceania or global (World Bank notices).', 32),
  source: stringParam('Only this source: contracts-finder, canada-buys, gets or world-bank.', 32),
  status: stringParam('Only this status (as the source gives it, case-insensitive).', 32),
  deadline_from: isoParam('Deadline on or after (ISO 8601); tenders without a deadline are left out.'),
  deadline_to: isoParam('Deadline on or before (ISO 8601).'),
  min_value: doubleParam({
    description:
      'Estimated value at least this (in the tender’s currency); tenders without a value are left out. 0 or less: no bound.',
  }),
  max_value: doubleParam({ description: 'Estimated value at most this; 0 or less: no bound.' }),
  currency: stringParam('Only values in this currency (ISO 4217).', 8),
  category: stringParam('Substring of a category code or sector (case-insensitive).', 128),
  query: stringParam('Substring of title, description, buyer, source, codes or sectors (case-insensitive).', 256),
  page_size: int32Param({ min: 1, max: 100, description: 'Tenders per page (default 25).' }),
  cursor: stringParam('Cursor from the previous page’s nextCursor.', 512),
  sort: z.enum(['newest', 'closing_soon', 'estimated_value', 'relevance']).optional().meta({
    description:
      'newest (default), closing_soon (deadline first, none last), estimated_value (largest first) or relevance (automation fit score).',
  }),
  buyer: stringParam('Substring of the buyer name (case-insensitive).', 128),
  published_from: isoParam('Published on or after (ISO 8601).'),
  published_to: isoParam('Published on or before (ISO 8601).'),
  min_automation_score: int32Param({
    description: 'Automation fit score at least this (0-100; larger values mean 100; 0 or less: no bound).',
  }),
});

export type ListGlobalTendersRequest = z.infer<typeof ListGlobalTendersRequest>;

const AutomationFit = z
  .object({
    level: z.string().meta({ description: 'high, medium, low or none.' }),
    score: z.number().int().meta({ format: 'int32', description: '90, 60, 30 or 0.' }),
    classificationVersion: z.string(),
    matchReasons: z.array(z.string()),
    evidence: z.array(z.string()),
  })
  .meta({
    id: 'economic_v1_AutomationFit',
    description: 'How well the tender suits software and automation suppliers, by keywords.',
  });

export const GlobalTender = z
  .object({
    id: z.string(),
    source: z.string(),
    sourceNoticeId: z.string(),
    officialUrl: z.string(),
    countryCode: z.string(),
    region: z.string(),
    title: z.string(),
    description: z.string(),
    buyer: z.string(),
    publishedAt: z.string(),
    updatedAt: z.string(),
    deadline: z.string(),
    status: z.string(),
    noticeType: z.string(),
    money: z
      .object({ amount: z.number().meta({ format: 'double' }).optional(), currency: z.string().optional() })
      .meta({ id: 'economic_v1_TenderMoney' }),
    categoryCodes: z.array(z.string()),
    sectors: z.array(z.string()),
    eligibilityRequirements: z.array(z.string()).meta({ description: 'Always empty: not extracted.' }),
    submissionUrls: z.array(z.string()).meta({ description: 'Always empty: not extracted.' }),
    participationMode: z.string().meta({ description: 'Always `unknown`.' }),
    automationFit: AutomationFit,
  })
  .meta({ id: 'economic_v1_GlobalTender' });

export const TenderSourceStatus = z
  .object({
    source: z.string(),
    state: z.string().meta({ description: 'ok, stale (older than 180 minutes) or failed.' }),
    recordCount: z.number().int().meta({ format: 'int32' }),
    fetchedAt: z.string(),
    error: z.string().optional(),
    lastSuccessfulAt: z.string(),
    stale: z.boolean(),
    paced: z.boolean().meta({ description: 'Always false: no source is rate-paced here.' }),
  })
  .meta({ id: 'economic_v1_TenderSourceStatus' });

export const ListGlobalTendersResponse = z
  .object({
    tenders: z.array(GlobalTender),
    nextCursor: z.string(),
    fetchedAt: z.string(),
    dataAvailable: z.boolean(),
    availability: z
      .string()
      .meta({ description: 'available, partial (a source failed), empty, stale or unavailable.' }),
    sourceStatuses: z.array(TenderSourceStatus),
    total: z.number().int().meta({ format: 'int32', description: 'Tenders matching the filters across all pages.' }),
    appliedFilters: z.array(z.string()).meta({ description: 'Wire names of the filters that were active.' }),
    countryCoverage: z
      .string()
      .meta({ description: 'not_requested, observed (every requested country has tenders in the data) or unknown.' }),
  })
  .meta({
    id: 'economic_v1_ListGlobalTendersResponse',
    description: 'Open public tenders from several national and multilateral sources.',
  });

export type ListGlobalTendersResponse = z.infer<typeof ListGlobalTendersResponse>;
