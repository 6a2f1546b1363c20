import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { isValidCoordinate } from '../../../../platform/geo.js';
import { THREAT_LEVELS } from '../rules.js';

export const CHOKEPOINTS = 'supply-chain.chokepoints';

const DIRECTION_NAMES: Record<string, string[]> = {
  'N/S': ['northbound', 'southbound'],
  'E/W': ['eastbound', 'westbound'],
};

const RegistryDoc = z.object({
  schemaVersion: z.literal(1),
  reviewedAt: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  chokepoints: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9_]+$/),
        name: z.string().min(1),
        lat: z.number(),
        lon: z.number(),
        threat: z.object({ level: z.enum(THREAT_LEVELS), description: z.string().default('') }),
        directions: z.enum(['N/S', 'E/W']),
        affectedRoutes: z.array(z.string()).min(1),
        keywords: z.object({ primary: z.array(z.string()).min(1), area: z.array(z.string()).default([]) }),
        flowBaselineId: z.string().nullable().default(null),
      }),
    )
    .min(1),
});

/** One canonical chokepoint as the curated registry defines it. */
export interface ChokepointDef {
  id: string;
  name: string;
  lat: number;
  lon: number;
  threatLevel: (typeof THREAT_LEVELS)[number];
  threatDescription: string;
  directions: string[];
  affectedRoutes: string[];
  primaryKeywords: string[];
  areaKeywords: string[];
  /** Id of the oil-flow baseline this chokepoint maps to; null for the unmapped ones. */
  flowBaselineId: string | null;
}

export interface ChokepointRegistryInfo {
  reviewedAt: string;
}

/** Curated registry JSON -> chokepoints in their published order. */
export function parseChokepointRegistry(bytes: Buffer): { records: ChokepointDef[]; info: ChokepointRegistryInfo } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`chokepoint registry is not JSON: ${(err as Error).message}`);
  }
  const doc = RegistryDoc.safeParse(json);
  if (!doc.success)
    throw new Error(`chokepoint registry has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const seen = new Set<string>();
  const records: ChokepointDef[] = [];
  for (const c of doc.data.chokepoints) {
    if (seen.has(c.id)) throw new Error(`chokepoint registry lists ${c.id} twice`);
    if (!isValidCoordinate(c.lat, c.lon)) throw new Error(`chokepoint ${c.id} has an invalid position`);
    seen.add(c.id);
    records.push({
      id: c.id,
      name: c.name,
      lat: c.lat,
      lon: c.lon,
      threatLevel: c.threat.level,
      threatDescription: c.threat.description,
      directions: DIRECTION_NAMES[c.directions]!,
      affectedRoutes: c.affectedRoutes,
      primaryKeywords: c.keywords.primary,
      areaKeywords: c.keywords.area,
      flowBaselineId: c.flowBaselineId,
    });
  }
  return { records, info: { reviewedAt: doc.data.reviewedAt } };
}

export const chokepointsDataset: Dataset<ChokepointDef, ChokepointRegistryInfo> = {
  name: CHOKEPOINTS,
  source: 'Curated chokepoint registry (threat classification, routes, matching keywords)',
  kind: 'reference',
  maxStaleMinutes: 60 * 24 * 30,
  sources: {
    registry: {
      reference: true,
      sample: 'supply-chain/chokepoints.json',
    },
  },
  parse(payloads) {
    return parseChokepointRegistry(payloads.registry!);
  },
};
