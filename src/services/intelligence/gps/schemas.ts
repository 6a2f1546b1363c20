import { z } from 'zod';
import { stringParam } from '../../../platform/query-params.js';
import { INTERFERENCE_LEVELS } from './rules.js';

const int32 = (description: string) => z.number().int().min(0).max(2147483647).meta({ format: 'int32', description });

export const GpsJamHex = z
  .object({
    h3: z.string().min(1).meta({ description: 'H3 cell index (resolution 4, ~45 km across), lower-case hex.' }),
    lat: z.number().meta({ format: 'double', description: 'Latitude of the cell centre, degrees.' }),
    lon: z.number().meta({ format: 'double', description: 'Longitude of the cell centre, degrees.' }),
    level: z.enum(INTERFERENCE_LEVELS).meta({
      description: 'HIGH when over 10 % of the cell’s aircraft reported degraded GPS accuracy, MEDIUM from 2 %.',
    }),
    npAvg: z.number().meta({
      format: 'double',
      description:
        'Stand-in navigation precision per level (0.3 HIGH, 0.8 MEDIUM; lower is worse): gpsjam publishes counts, not precision values.',
    }),
    sampleCount: int32('Aircraft in the cell that reported degraded accuracy that day.'),
    aircraftCount: int32('All aircraft seen in the cell that day.'),
  })
  .meta({ id: 'intelligence_v1_GpsJamHex', description: 'One H3 cell with GPS interference.' });

export const GpsJamStats = z
  .object({
    totalHexes: int32(
      'Cells with aircraft in the day’s file (in the region, when one is asked for), interfered or not.',
    ),
    highCount: int32('Of the returned cells, those at HIGH.'),
    mediumCount: int32('Of the returned cells, those at MEDIUM.'),
  })
  .meta({ id: 'intelligence_v1_GpsJamStats', description: 'Cell counts of the day.' });

export const ListGpsInterferenceRequest = z.object({
  region: stringParam(
    'Region label (trimmed, case-insensitive), e.g. `levant`, `northern-europe`, `ukraine-russia`; omitted means every region.',
    64,
  ),
});

export type ListGpsInterferenceRequest = z.infer<typeof ListGpsInterferenceRequest>;

export const ListGpsInterferenceResponse = z
  .object({
    hexes: z
      .array(GpsJamHex)
      .meta({ description: 'Interfered cells, HIGH first, then by share of affected aircraft.' }),
    stats: GpsJamStats,
    source: z.string().meta({
      description:
        'Upstream and the day the cells describe, e.g. `gpsjam.org 2026-11-19`; empty when no data is loaded.',
    }),
    fetchedAt: z.number().int().meta({
      format: 'int64',
      description: 'When the day’s file was fetched, Unix epoch milliseconds; 0 when no data is loaded.',
    }),
  })
  .meta({
    id: 'intelligence_v1_ListGpsInterferenceResponse',
    description: 'GPS interference cells of the latest day.',
  });

export type ListGpsInterferenceResponse = z.infer<typeof ListGpsInterferenceResponse>;
