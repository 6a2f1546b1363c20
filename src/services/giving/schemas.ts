import { z } from 'zod';
import { int32Param } from '../../platform/query-params.js';

const int32 = (description: string) => z.number().int().meta({ format: 'int32', description });
const double = (description: string) => z.number().meta({ format: 'double', description });

export const PlatformGiving = z
  .object({
    platform: z.string().min(1),
    dailyVolumeUsd: double('Verified published volume in US dollars per day (0 when no verified USD rate exists).'),
    activeCampaignsSampled: int32('Not collected: 0.'),
    newCampaigns24h: int32('Not collected: 0.'),
    donationVelocity: double('Not collected: 0.'),
    dataFreshness: z.string().meta({ description: 'How the platform publishes its figure: annual or cumulative.' }),
    lastUpdated: z.string().meta({ description: 'Publication date of the verified figure, if stated.' }),
  })
  .meta({ id: 'giving_v1_PlatformGiving', description: 'One crowdfunding platform.' });

export const CategoryBreakdown = z
  .object({
    category: z.string(),
    share: double('Not collected: 0.'),
    change24h: double('Not collected: 0.'),
    activeCampaigns: int32('Not collected: 0.'),
    trending: z.boolean(),
  })
  .meta({
    id: 'giving_v1_CategoryBreakdown',
    description: 'A giving category (no source publishes shares across platforms).',
  });

export const CryptoGivingSummary = z
  .object({
    dailyInflowUsd: double('0: no verified figure.'),
    trackedWallets: int32('0: no wallets are tracked.'),
    transactions24h: int32('0.'),
    topReceivers: z.array(z.string()),
    pctOfTotal: double('0.'),
  })
  .meta({ id: 'giving_v1_CryptoGivingSummary', description: 'Crypto giving (not measured here).' });

export const InstitutionalGiving = z
  .object({
    oecdOdaAnnualUsdBn: double('Official development assistance of OECD DAC members, billions of US dollars.'),
    oecdDataYear: int32('Year of that figure.'),
    cafWorldGivingIndex: double('CAF World Giving Index score; 0 until verified.'),
    cafDataYear: int32('Year of that score; 0 until verified.'),
    candidGrantsTracked: int32('Grants in Candid’s directory.'),
    dataLag: z.string(),
  })
  .meta({ id: 'giving_v1_InstitutionalGiving', description: 'Institutional giving context from annual publications.' });

export const GivingProvenance = z
  .object({
    subject: z.string(),
    sourceName: z.string(),
    sourceUrl: z.string(),
    referencePeriod: z.string(),
    sourcePublishedAt: z.string(),
    measurementBasis: z.string(),
    status: z
      .string()
      .meta({ description: 'verified, partially_verified, unverified, not_collected or not_applicable.' }),
    coveredMetricPaths: z.array(z.string()),
    includedInHighlightedAggregate: z.boolean(),
    reportedValue: double('As published.'),
    reportedUnit: z.string(),
    notes: z.string(),
    valueQualifier: z.string(),
    sourceLocator: z.string(),
    accessedAt: z.string(),
    denominator: z.string(),
    derivation: z.string(),
  })
  .meta({ id: 'giving_v1_GivingProvenance', description: 'Where one figure comes from and how far it was checked.' });

export const GivingSummary = z
  .object({
    generatedAt: z.string().meta({ description: 'When the registry of figures was compiled, ISO 8601.' }),
    activityIndex: double('Not computed (needs live platform data): 0.'),
    trend: z.string().meta({ description: 'Always "stable": no trend is measured.' }),
    estimatedDailyFlowUsd: double('Sum of the platforms’ daily volumes.'),
    platforms: z.array(PlatformGiving),
    categories: z.array(CategoryBreakdown),
    crypto: CryptoGivingSummary,
    institutional: InstitutionalGiving,
    dataMode: z.string().meta({
      description: 'partial_estimate when any figure is unverified or partly verified, else published_estimate.',
    }),
    trendAvailable: z.boolean(),
    provenance: z.array(GivingProvenance),
    activityIndexAvailable: z.boolean(),
  })
  .meta({ id: 'giving_v1_GivingSummary', description: 'Giving figures as published, with their provenance.' });
export type GivingSummary = z.infer<typeof GivingSummary>;

export const GetGivingSummaryRequest = z.object({
  platform_limit: int32Param({ description: 'Most platforms to return; omitted, 0 or negative returns all.' }),
  category_limit: int32Param({ description: 'Most categories to return; omitted, 0 or negative returns all.' }),
});
export type GetGivingSummaryRequest = z.infer<typeof GetGivingSummaryRequest>;

export const GetGivingSummaryResponse = z
  .object({
    summary: GivingSummary.optional().meta({ description: 'Absent when the registry is not loaded.' }),
    fetchedAt: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'The registry’s compile time, Unix epoch ms; 0 without data.' }),
    dataAvailable: z.boolean(),
  })
  .meta({ id: 'giving_v1_GetGivingSummaryResponse', description: 'Published giving estimates.' });
export type GetGivingSummaryResponse = z.infer<typeof GetGivingSummaryResponse>;
