import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { isValidCoordinate } from '../../../../platform/geo.js';
import type { HazardAlert } from '../rules.js';

export const HAZARDS = 'supply-chain.hazards';

export interface HazardRecord extends HazardAlert {
  id: string;
  eventType: string;
  country: string;
}

const GdacsDoc = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      geometry: z.object({ type: z.string(), coordinates: z.unknown() }).nullable(),
      properties: z.object({
        eventtype: z.string(),
        eventid: z.union([z.number(), z.string()]),
        episodeid: z.union([z.number(), z.string()]).optional(),
        name: z.string().default(''),
        alertlevel: z.string(),
        iscurrent: z.union([z.string(), z.boolean()]).optional(),
        country: z.string().nullable().optional(),
      }),
    }),
  ),
});

/** GDACS event-list GeoJSON -> alerts with a point position; polygons and unlocated events are skipped. */
export function parseGdacs(bytes: Buffer): { records: HazardRecord[] } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`GDACS feed is not JSON: ${(err as Error).message}`);
  }
  const doc = GdacsDoc.safeParse(json);
  if (!doc.success) throw new Error(`GDACS feed has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const records: HazardRecord[] = [];
  for (const f of doc.data.features) {
    if (f.geometry?.type !== 'Point' || !Array.isArray(f.geometry.coordinates)) continue;
    const [lon, lat] = f.geometry.coordinates as unknown[];
    if (!isValidCoordinate(lat, lon)) continue;
    const p = f.properties;
    records.push({
      id: `${p.eventtype}${p.eventid}`,
      eventType: p.eventtype,
      name: p.name,
      level: p.alertlevel.toUpperCase(),
      active: p.iscurrent === true || p.iscurrent === 'true',
      lat,
      lon: lon as number,
      country: p.country ?? '',
    });
  }
  return { records };
}

export const hazardsDataset: Dataset<HazardRecord> = {
  name: HAZARDS,
  source: 'GDACS (Global Disaster Alert and Coordination System) event list',
  kind: 'live',
  maxStaleMinutes: 120,
  // Orange and red alerts come and go; none at all is a normal state.
  allowEmpty: true,
  minRetainedRatio: 0,
  sources: {
    events: {
      url: 'https://www.gdacs.org/gdacsapi/api/events/geteventlist/MAP?alertlevel=orange;red',
      sample: 'supply-chain/gdacs-events.geojson',
    },
  },
  parse(payloads) {
    return parseGdacs(payloads.events!);
  },
};
