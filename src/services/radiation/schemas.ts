import { z } from 'zod';
import { int32Param } from '../../platform/query-params.js';
import { GeoCoordinates } from '../../platform/schemas/core.js';

export const RADIATION_SOURCES = [
  'RADIATION_SOURCE_UNSPECIFIED',
  'RADIATION_SOURCE_EPA_RADNET',
  'RADIATION_SOURCE_SAFECAST',
] as const;
export type RadiationSource = (typeof RADIATION_SOURCES)[number];
export const RADIATION_FRESHNESS = [
  'RADIATION_FRESHNESS_UNSPECIFIED',
  'RADIATION_FRESHNESS_LIVE',
  'RADIATION_FRESHNESS_RECENT',
  'RADIATION_FRESHNESS_HISTORICAL',
] as const;
export type RadiationFreshness = (typeof RADIATION_FRESHNESS)[number];
export const RADIATION_SEVERITIES = [
  'RADIATION_SEVERITY_UNSPECIFIED',
  'RADIATION_SEVERITY_NORMAL',
  'RADIATION_SEVERITY_ELEVATED',
  'RADIATION_SEVERITY_SPIKE',
] as const;
export type RadiationSeverity = (typeof RADIATION_SEVERITIES)[number];
export const RADIATION_CONFIDENCES = [
  'RADIATION_CONFIDENCE_UNSPECIFIED',
  'RADIATION_CONFIDENCE_LOW',
  'RADIATION_CONFIDENCE_MEDIUM',
  'RADIATION_CONFIDENCE_HIGH',
] as const;
export type RadiationConfidence = (typeof RADIATION_CONFIDENCES)[number];

const dbl = (description: string) => z.number().meta({ format: 'double', description });
const i32 = (description: string) => z.number().int().min(0).max(2147483647).meta({ format: 'int32', description });

export const RadiationObservation = z
  .object({
    id: z.string().min(1).meta({ description: 'Stable id: anchor site and the source of the reading shown.' }),
    source: z
      .enum(RADIATION_SOURCES)
      .meta({ description: 'Network of the reading shown: EPA RadNet fixed monitor or Safecast volunteer sensor.' }),
    locationName: z.string().meta({ description: 'Monitoring site, e.g. `Denver, CO`.' }),
    country: z.string().meta({ description: 'ISO 3166-1 alpha-2 code of the site.' }),
    location: GeoCoordinates.meta({ description: 'Position of the site.' }),
    value: dbl('Latest dose rate in nSv/h.'),
    unit: z.string().meta({ description: 'Always `nSv/h`.' }),
    observedAt: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'Time of the latest reading, Unix epoch milliseconds.' }),
    freshness: z.enum(RADIATION_FRESHNESS).meta({
      description:
        'Age of the reading when the snapshot was taken: LIVE up to 6 h, RECENT up to 14 days, else HISTORICAL.',
    }),
    baselineValue: dbl('Mean of the preceding readings (up to 168 for RadNet, 96 for Safecast), nSv/h.'),
    delta: dbl('Latest value minus the baseline, nSv/h.'),
    zScore: dbl(
      'Delta in standard deviations of the preceding readings; 0 when there are too few (48 RadNet, 24 Safecast).',
    ),
    severity: z.enum(RADIATION_SEVERITIES).meta({
      description:
        'SPIKE at delta ≥ 15 nSv/h or z ≥ 3, ELEVATED at delta ≥ 8 or z ≥ 2, else NORMAL; historical readings are NORMAL.',
    }),
    contributingSources: z
      .array(z.string())
      .meta({ description: 'Networks with a reading at this site: `EPA_RADNET`, `SAFECAST`.' }),
    confidence: z.enum(RADIATION_CONFIDENCES).meta({
      description:
        'HIGH when a second network agrees, LOW when it contradicts or the baseline is too short, else MEDIUM.',
    }),
    corroborated: z.boolean().meta({
      description:
        'Another network agrees: both normal within 15 nSv/h, or deltas in the same direction within 20 nSv/h.',
    }),
    conflictingSources: z.boolean().meta({ description: 'Another network disagrees with this reading.' }),
    convertedFromCpm: z.boolean().meta({
      description: 'The value was converted from counts per minute (÷ 350 × 1000) rather than reported as a dose rate.',
    }),
    sourceCount: i32('Networks with a reading at this site.'),
  })
  .meta({
    id: 'radiation_v1_RadiationObservation',
    description: 'The latest ambient gamma dose rate at one monitoring site, against its own recent history.',
  });
export type RadiationObservation = z.infer<typeof RadiationObservation>;

export const RADIATION_DEFAULT_ITEMS = 18;
export const RADIATION_MAX_ITEMS = 25;

export const ListRadiationObservationsRequest = z.object({
  max_items: int32Param({
    description: `Observations to return. Omitted, 0 or negative means ${RADIATION_DEFAULT_ITEMS}; at most ${RADIATION_MAX_ITEMS}.`,
  }),
});
export type ListRadiationObservationsRequest = z.infer<typeof ListRadiationObservationsRequest>;

export const ListRadiationObservationsResponse = z
  .object({
    observations: z
      .array(RadiationObservation)
      .meta({ description: 'Most severe first, then confidence, corroboration, freshness and recency.' }),
    fetchedAt: z.number().int().meta({
      format: 'int64',
      description: 'When the readings were collected, Unix epoch milliseconds; 0 without data.',
    }),
    dataAvailable: z.boolean().meta({ description: 'False when no radiation snapshot exists.' }),
    epaCount: i32('RadNet sites with a reading (whole snapshot).'),
    safecastCount: i32('Safecast sites with a reading (whole snapshot).'),
    anomalyCount: i32('Sites not NORMAL (whole snapshot).'),
    elevatedCount: i32('Sites ELEVATED (whole snapshot).'),
    spikeCount: i32('Sites SPIKE (whole snapshot).'),
    corroboratedCount: i32('Sites corroborated by a second network (whole snapshot).'),
    lowConfidenceCount: i32('Sites of LOW confidence (whole snapshot).'),
    conflictingCount: i32('Sites where the networks disagree (whole snapshot).'),
    convertedFromCpmCount: i32('Sites whose value was converted from CPM (whole snapshot).'),
  })
  .meta({
    id: 'radiation_v1_ListRadiationObservationsResponse',
    description: 'Ambient radiation at watched sites, with counters over all of them.',
  });
export type ListRadiationObservationsResponse = z.infer<typeof ListRadiationObservationsResponse>;
