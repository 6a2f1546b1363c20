import { z } from 'zod';
import { boolParam, doubleParam, int32Param, stringParam } from '../../platform/query-params.js';
import { GeoCoordinates, PaginationResponse } from '../../platform/schemas/core.js';

const int64 = (description: string) => z.number().int().meta({ format: 'int64', description });

export const NavigationalWarning = z
  .object({
    id: z.string().meta({ description: '`<navArea>-<year>-<number>`.' }),
    title: z.string().meta({ description: '`NAVAREA <area> <number>/<year>`.' }),
    text: z.string().meta({ description: 'The broadcast text as published.' }),
    area: z.string().meta({ description: 'NAVAREA, with the subregion when given (e.g. `IX 62`).' }),
    location: GeoCoordinates.optional().meta({
      description: 'The first position the text gives; absent when it gives none.',
    }),
    issuedAt: int64('Issue time, Unix epoch milliseconds; 0 when unreadable.'),
    expiresAt: int64(
      'The self-cancellation time the text announces (`CANCEL THIS MSG ...`); 0 when it announces none.',
    ),
    authority: z.string(),
  })
  .meta({ id: 'maritime_v1_NavigationalWarning', description: 'One active navigational warning.' });
export type NavigationalWarning = z.infer<typeof NavigationalWarning>;

export const ListNavigationalWarningsRequest = z.object({
  page_size: int32Param({ min: 0, max: 500, description: 'Warnings per page, up to 500; omitted or 0 means 100.' }),
  cursor: stringParam('Opaque cursor from a previous page’s pagination.nextCursor.', 512),
  area: stringParam('Case-insensitive text found in the warning’s area or text, e.g. `IV`, `hormuz`.', 100),
});
export type ListNavigationalWarningsRequest = z.infer<typeof ListNavigationalWarningsRequest>;

export const ListNavigationalWarningsResponse = z
  .object({
    warnings: z.array(NavigationalWarning).meta({ description: 'Active warnings, newest first.' }),
    pagination: PaginationResponse,
  })
  .meta({ id: 'maritime_v1_ListNavigationalWarningsResponse', description: 'Active navigational warnings.' });
export type ListNavigationalWarningsResponse = z.infer<typeof ListNavigationalWarningsResponse>;

const int32 = (description: string) =>
  z.number().int().min(-2147483648).max(2147483647).meta({ format: 'int32', description });
const double = (description: string) => z.number().meta({ format: 'double', description });

export const GetVesselSnapshotRequest = z.object({
  ne_lat: doubleParam({
    min: -90,
    max: 90,
    description: 'North-east corner latitude. All four corners omitted (or all 0): the whole snapshot.',
  }),
  ne_lon: doubleParam({ min: -180, max: 180, description: 'North-east corner longitude.' }),
  sw_lat: doubleParam({
    min: -90,
    max: 90,
    description: 'South-west corner latitude; each side of the box at most 10 degrees.',
  }),
  sw_lon: doubleParam({ min: -180, max: 180, description: 'South-west corner longitude.' }),
  include_candidates: boolParam('Add reports of vessels that look military.'),
  include_tankers: boolParam('Add reports of tankers (AIS ship types 80-89).'),
});
export type GetVesselSnapshotRequest = z.infer<typeof GetVesselSnapshotRequest>;

export const AisDensityZone = z
  .object({
    id: z.string(),
    name: z.string(),
    location: GeoCoordinates,
    intensity: double('Relative traffic, 0.2 to 1 (log scale).'),
    deltaPct: double('Change against the previous count, percent.'),
    shipsPerDay: int32('Estimated vessels per day.'),
    note: z.string(),
  })
  .meta({ id: 'maritime_v1_AisDensityZone', description: 'A busy grid cell.' });

export const AisDisruption = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum([
      'AIS_DISRUPTION_TYPE_UNSPECIFIED',
      'AIS_DISRUPTION_TYPE_GAP_SPIKE',
      'AIS_DISRUPTION_TYPE_CHOKEPOINT_CONGESTION',
    ]),
    location: GeoCoordinates,
    severity: z.enum([
      'AIS_DISRUPTION_SEVERITY_UNSPECIFIED',
      'AIS_DISRUPTION_SEVERITY_LOW',
      'AIS_DISRUPTION_SEVERITY_ELEVATED',
      'AIS_DISRUPTION_SEVERITY_HIGH',
    ]),
    changePct: double('Change against normal, percent.'),
    windowHours: int32('Window the disruption was measured over.'),
    darkShips: int32('Vessels that went silent and reappeared.'),
    vesselCount: int32('Vessels involved.'),
    region: z.string(),
    description: z.string(),
  })
  .meta({ id: 'maritime_v1_AisDisruption', description: 'Congestion at a chokepoint or a cluster of AIS gaps.' });

export const SnapshotCandidateReport = z
  .object({
    mmsi: z.string(),
    name: z.string(),
    lat: double('Latitude.'),
    lon: double('Longitude.'),
    shipType: int32('AIS ship type.'),
    heading: int32('Degrees.'),
    speed: double('Knots.'),
    course: int32('Degrees.'),
    timestamp: z.number().int().meta({ format: 'int64', description: 'Time of the report, Unix epoch milliseconds.' }),
  })
  .meta({ id: 'maritime_v1_SnapshotCandidateReport', description: 'One vessel position report.' });

export const VesselSnapshot = z
  .object({
    snapshotAt: z.number().int().meta({
      format: 'int64',
      description: 'When the aggregate was taken, Unix epoch milliseconds (for a replay: its recorded time).',
    }),
    densityZones: z.array(AisDensityZone),
    disruptions: z.array(AisDisruption),
    sequence: int32('Aggregate sequence number.'),
    status: z
      .object({
        connected: z.boolean().meta({
          description: 'True only for a live relay answer whose AIS stream is connected; false for a replay.',
        }),
        vessels: int32('Vessels tracked.'),
        messages: int32('Messages received.'),
      })
      .meta({ id: 'maritime_v1_AisSnapshotStatus', description: 'State of the AIS feed behind the aggregate.' }),
    candidateReports: z.array(SnapshotCandidateReport).meta({ description: 'Only with include_candidates.' }),
    tankerReports: z.array(SnapshotCandidateReport).meta({ description: 'Only with include_tankers.' }),
  })
  .meta({ id: 'maritime_v1_VesselSnapshot', description: 'Aggregated AIS picture.' });
export type VesselSnapshot = z.infer<typeof VesselSnapshot>;

export const GetVesselSnapshotResponse = z
  .object({
    snapshot: VesselSnapshot.optional(),
    fetchedAt: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'When the aggregate was obtained, Unix epoch milliseconds; 0 when none.' }),
    dataAvailable: z
      .boolean()
      .meta({ description: 'False when neither the relay nor a stored aggregate could answer.' }),
  })
  .meta({ id: 'maritime_v1_GetVesselSnapshotResponse', description: 'AIS vessel picture.' });
export type GetVesselSnapshotResponse = z.infer<typeof GetVesselSnapshotResponse>;
