import { z } from 'zod';
import { int32Param } from '../../platform/query-params.js';
import { GeoCoordinates } from '../../platform/schemas/core.js';

export const THERMAL_STATUSES = [
  'THERMAL_STATUS_UNSPECIFIED',
  'THERMAL_STATUS_NORMAL',
  'THERMAL_STATUS_ELEVATED',
  'THERMAL_STATUS_SPIKE',
  'THERMAL_STATUS_PERSISTENT',
] as const;
export type ThermalStatus = (typeof THERMAL_STATUSES)[number];
export const THERMAL_CONTEXTS = [
  'THERMAL_CONTEXT_UNSPECIFIED',
  'THERMAL_CONTEXT_WILDLAND',
  'THERMAL_CONTEXT_URBAN_EDGE',
  'THERMAL_CONTEXT_INDUSTRIAL',
  'THERMAL_CONTEXT_ENERGY_ADJACENT',
  'THERMAL_CONTEXT_CONFLICT_ADJACENT',
  'THERMAL_CONTEXT_LOGISTICS_ADJACENT',
  'THERMAL_CONTEXT_MIXED',
] as const;
export type ThermalContext = (typeof THERMAL_CONTEXTS)[number];
export const THERMAL_CONFIDENCES = [
  'THERMAL_CONFIDENCE_UNSPECIFIED',
  'THERMAL_CONFIDENCE_LOW',
  'THERMAL_CONFIDENCE_MEDIUM',
  'THERMAL_CONFIDENCE_HIGH',
] as const;
export type ThermalConfidence = (typeof THERMAL_CONFIDENCES)[number];
export const THERMAL_RELEVANCES = [
  'THERMAL_RELEVANCE_UNSPECIFIED',
  'THERMAL_RELEVANCE_LOW',
  'THERMAL_RELEVANCE_MEDIUM',
  'THERMAL_RELEVANCE_HIGH',
] as const;
export type ThermalRelevance = (typeof THERMAL_RELEVANCES)[number];

const num = (description: string) => z.number().meta({ format: 'double', description });
const int32 = (description: string) => z.number().int().min(0).max(2147483647).meta({ format: 'int32', description });

export const ThermalEscalationCluster = z
  .object({
    id: z.string().meta({ description: 'Stable id of the cluster: region and the 0.1° cell of its centroid.' }),
    centroid: GeoCoordinates.meta({ description: 'Mean position of the detections in the cluster.' }),
    countryCode: z.string().meta({ description: 'ISO 3166-1 alpha-2 code of the watched region’s country.' }),
    countryName: z.string().meta({ description: 'Name of that country.' }),
    regionLabel: z.string().meta({ description: 'Watched region the cluster lies in, e.g. `Ukraine`.' }),
    firstDetectedAt: z.string().meta({ description: 'First detection in the window, ISO 8601.' }),
    lastDetectedAt: z.string().meta({ description: 'Last detection in the window, ISO 8601.' }),
    observationCount: int32('Detections in the cluster during the window.'),
    uniqueSourceCount: int32('Distinct satellites that saw it.'),
    maxBrightness: num('Hottest pixel, kelvin.'),
    avgBrightness: num('Mean pixel brightness, kelvin.'),
    maxFrp: num('Largest fire radiative power of one pixel, MW.'),
    totalFrp: num('Sum of fire radiative power, MW.'),
    nightDetectionShare: num('Share of detections from night passes, 0 to 1.'),
    baselineExpectedCount: num('Mean daily detections in the same place over the six days before the window.'),
    baselineExpectedFrp: num('Mean daily radiative power there over those days, MW.'),
    countDelta: num('Detections in the window minus the expected count.'),
    frpDelta: num('Radiative power in the window minus the expected daily power, MW.'),
    zScore: num(
      'Standard scores of the window’s count against the daily counts of the baseline days; 0 when they do not vary.',
    ),
    persistenceHours: num('Hours the place has burned without a day’s break, up to the last detection.'),
    status: z
      .enum(THERMAL_STATUSES)
      .meta({ description: 'PERSISTENT, SPIKE, ELEVATED or NORMAL by the thresholds in the operation description.' }),
    context: z.enum(THERMAL_CONTEXTS).meta({
      description: 'What surrounds the cluster, from the watched region (conflict zones, energy coasts, wildland).',
    }),
    confidence: z.enum(THERMAL_CONFIDENCES).meta({
      description:
        'HIGH with three or more detections from two or more satellites, MEDIUM with two or more detections, else LOW.',
    }),
    strategicRelevance: z.enum(THERMAL_RELEVANCES).meta({
      description:
        'HIGH for a spike or persistent burn in a conflict region, MEDIUM for other unusual activity there or near energy sites, else LOW.',
    }),
    nearbyAssets: z
      .array(z.string())
      .meta({ description: 'Named facilities within 25 km of the centroid (from a small bundled list).' }),
    narrativeFlags: z.array(z.string()).meta({
      description:
        'Short machine flags: `night_activity`, `high_intensity`, `possible_explosion`, `new_activity`, `multi_satellite`.',
    }),
  })
  .meta({
    id: 'thermal_v1_ThermalEscalationCluster',
    description: 'A group of fire detections within 20 km, compared with the place’s recent past.',
  });
export type ThermalEscalationCluster = z.infer<typeof ThermalEscalationCluster>;

export const ThermalEscalationSummary = z
  .object({
    clusterCount: int32('Clusters in this answer.'),
    elevatedCount: int32('Of them ELEVATED.'),
    spikeCount: int32('Of them SPIKE.'),
    persistentCount: int32('Of them PERSISTENT.'),
    conflictAdjacentCount: int32('Of them in conflict regions.'),
    highRelevanceCount: int32('Of them of HIGH strategic relevance.'),
  })
  .meta({ id: 'thermal_v1_ThermalEscalationSummary', description: 'Counts over the clusters returned.' });

export const THERMAL_DEFAULT_ITEMS = 12;
export const THERMAL_MAX_ITEMS = 25;

export const ListThermalEscalationsRequest = z.object({
  max_items: int32Param({
    description: `Clusters to return. Omitted, 0 or negative means ${THERMAL_DEFAULT_ITEMS}; at most ${THERMAL_MAX_ITEMS}.`,
  }),
});
export type ListThermalEscalationsRequest = z.infer<typeof ListThermalEscalationsRequest>;

export const ListThermalEscalationsResponse = z
  .object({
    fetchedAt: z
      .string()
      .meta({ description: 'When the underlying fire detections were read, ISO 8601; empty without data.' }),
    observationWindowHours: int32('Length of the window the clusters describe, hours (24).'),
    sourceVersion: z.string().meta({ description: 'Which detections and method produced the clusters.' }),
    clusters: z.array(ThermalEscalationCluster).meta({
      description:
        'Most unusual first: spikes, persistent burns, elevated, normal; then relevance and radiative power.',
    }),
    summary: ThermalEscalationSummary,
    dataAvailable: z
      .boolean()
      .meta({ description: 'False when no fire snapshot exists: the empty list then says nothing.' }),
  })
  .meta({
    id: 'thermal_v1_ListThermalEscalationsResponse',
    description: 'Fire clusters that stand out against their own recent history.',
  });
export type ListThermalEscalationsResponse = z.infer<typeof ListThermalEscalationsResponse>;
