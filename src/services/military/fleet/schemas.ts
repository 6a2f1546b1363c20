import { z } from 'zod';
import { boolParam } from '../../../platform/query-params.js';

const int32 = (description: string) =>
  z.number().int().min(-2147483648).max(2147483647).meta({ format: 'int32', description });
const int64 = (description: string) => z.number().int().meta({ format: 'int64', description });
const double = (description: string) => z.number().meta({ format: 'double', description });

export const GetUSNIFleetReportRequest = z.object({
  force_refresh: boolParam(
    'Accepted for compatibility; the report is refreshed by ingestion, never at request time, so this changes nothing.',
  ),
});

export const BattleForceSummary = z
  .object({
    totalShips: int32('Ships in the battle force.'),
    deployed: int32('Ships deployed.'),
    underway: int32('Ships underway, deployed or local.'),
  })
  .meta({ id: 'military_v1_BattleForceSummary', description: 'The tracker’s battle force table.' });

export const USNIVessel = z
  .object({
    name: z.string().meta({ description: 'Ship name with prefix, e.g. `USS Nimitz`.' }),
    hullNumber: z.string().meta({ description: 'Hull number, e.g. `CVN-68`.' }),
    vesselType: z.string().meta({
      description: 'Type from the hull prefix: carrier, destroyer, cruiser, amphibious assault ship, ... or other.',
    }),
    region: z.string(),
    regionLat: double('Approximate centre of the region; 0 when the region is not known.'),
    regionLon: double('Approximate centre of the region; 0 when the region is not known.'),
    deploymentStatus: z
      .string()
      .meta({ description: '`deployed`, `underway`, `in-port` or `unknown`, read from the sentence naming the ship.' }),
    homePort: z.string().meta({ description: 'Always empty: the tracker does not state home ports consistently.' }),
    strikeGroup: z
      .string()
      .meta({ description: 'Carrier strike group or amphibious ready group it sails with, or empty.' }),
    activityDescription: z.string().meta({ description: 'The sentence that mentions the ship.' }),
    articleUrl: z.string(),
    articleDate: z.string(),
  })
  .meta({ id: 'military_v1_USNIVessel', description: 'One ship named in the tracker.' });

export const USNIStrikeGroup = z
  .object({
    name: z.string().meta({ description: 'E.g. `George Washington Carrier Strike Group`.' }),
    carrier: z.string().meta({ description: 'The carrier or big-deck amphibious ship, with hull number.' }),
    airWing: z.string().meta({ description: 'E.g. `Carrier Air Wing 5`, or empty.' }),
    destroyerSquadron: z.string().meta({ description: 'E.g. `Destroyer Squadron 15`, or empty.' }),
    escorts: z.array(z.string()).meta({ description: 'Other ships of the group, with hull numbers.' }),
  })
  .meta({ id: 'military_v1_USNIStrikeGroup', description: 'A carrier strike group or amphibious ready group.' });

export const USNIFleetReport = z
  .object({
    articleUrl: z.string(),
    articleDate: z.string().meta({ description: 'Publication time, ISO 8601 UTC.' }),
    articleTitle: z.string(),
    battleForceSummary: BattleForceSummary,
    vessels: z.array(USNIVessel),
    strikeGroups: z.array(USNIStrikeGroup),
    regions: z.array(z.string()).meta({ description: 'Regions in article order.' }),
    parsingWarnings: z
      .array(z.string())
      .meta({ description: 'What the parser could not place (unknown regions, a missing table).' }),
    timestamp: int64('When the article was read, Unix epoch milliseconds.'),
  })
  .meta({ id: 'military_v1_USNIFleetReport', description: 'The latest USNI News Fleet and Marine Tracker, parsed.' });
export type USNIFleetReport = z.infer<typeof USNIFleetReport>;

export const GetUSNIFleetReportResponse = z
  .object({
    report: USNIFleetReport.optional(),
    cached: z.boolean().meta({ description: 'True when a stored report answered.' }),
    stale: z.boolean().meta({ description: 'True when the stored report is older than its refresh budget.' }),
    error: z.string().meta({ description: 'Why no current report is available; empty otherwise.' }),
  })
  .meta({ id: 'military_v1_GetUSNIFleetReportResponse', description: 'The latest fleet tracker report.' });
export type GetUSNIFleetReportResponse = z.infer<typeof GetUSNIFleetReportResponse>;
