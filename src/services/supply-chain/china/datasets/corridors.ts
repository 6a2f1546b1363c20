import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { isValidCoordinate } from '../../../../platform/geo.js';

export const CHINA_CORRIDORS = 'supply-chain.china-corridors';

export const CORRIDOR_IDS = [
  'china-yangtze-river-delta',
  'china-greater-bay-area',
  'china-bohai-rim',
  'china-western-land-sea-corridor',
] as const;
export type CorridorId = (typeof CORRIDOR_IDS)[number];
export const FAMILIES = ['port', 'aviation', 'hazard', 'power_energy', 'strategic_industry', 'trade'] as const;
export type Family = (typeof FAMILIES)[number];

const RegistryDoc = z.object({
  schemaVersion: z.literal(1),
  reviewedAt: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  corridors: z
    .array(
      z.object({
        id: z.enum(CORRIDOR_IDS),
        name: z.string().min(1),
        description: z.string().min(1),
        boundary: z.array(z.tuple([z.number(), z.number()])).min(3),
        nodes: z
          .array(
            z.object({
              id: z.string().min(1),
              name: z.string().min(1),
              type: z.enum(['port', 'airport', 'crossing', 'industrial']),
              lat: z.number(),
              lon: z.number(),
              sourceOwner: z.string().min(1),
              selector: z.object({ family: z.enum(FAMILIES), id: z.string().min(1) }).optional(),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});

/** One corridor as the curated registry defines it. */
export interface CorridorDef {
  id: CorridorId;
  name: string;
  description: string;
  boundary: { lat: number; lon: number }[];
  nodes: {
    id: string;
    name: string;
    type: 'port' | 'airport' | 'crossing' | 'industrial';
    lat: number;
    lon: number;
    sourceOwner: string;
    sourceSelector?: { family: Family; id: string };
  }[];
}

export function parseCorridorRegistry(bytes: Buffer): { records: CorridorDef[]; info: { reviewedAt: string } } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`China corridor registry is not JSON: ${(err as Error).message}`);
  }
  const doc = RegistryDoc.safeParse(json);
  if (!doc.success)
    throw new Error(`China corridor registry has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const seen = new Set<string>();
  const records = doc.data.corridors.map((c) => {
    if (seen.has(c.id)) throw new Error(`China corridor registry lists ${c.id} twice`);
    seen.add(c.id);
    for (const p of [...c.boundary.map(([lat, lon]) => ({ lat, lon })), ...c.nodes]) {
      if (!isValidCoordinate(p.lat, p.lon)) throw new Error(`China corridor ${c.id} has an invalid position`);
    }
    return {
      id: c.id,
      name: c.name,
      description: c.description,
      boundary: c.boundary.map(([lat, lon]) => ({ lat, lon })),
      nodes: c.nodes.map(({ selector, ...n }) => ({ ...n, ...(selector ? { sourceSelector: selector } : {}) })),
    };
  });
  return { records, info: { reviewedAt: doc.data.reviewedAt } };
}

export const chinaCorridorsDataset: Dataset<CorridorDef, { reviewedAt: string }> = {
  name: CHINA_CORRIDORS,
  source: 'Curated registry of China logistics corridors (outline, ports, airports, crossings, industrial hubs)',
  kind: 'reference',
  maxStaleMinutes: 60 * 24 * 30,
  sources: {
    registry: {
      reference: true,
      sample: 'supply-chain/china-corridors.json',
    },
  },
  parse: (payloads) => parseCorridorRegistry(payloads.registry!),
};
