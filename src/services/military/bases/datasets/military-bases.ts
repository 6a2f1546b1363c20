import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { isValidCoordinate } from '../../../../platform/geo.js';
import { BASE_KINDS, BASE_TYPES, type BaseRecord } from '../rules.js';

export const MILITARY_BASES = 'military.bases';

export interface MilitaryBasesInfo {
  /** Build version of the base set. */
  version: string;
}

const Doc = z.object({
  version: z.string().min(1),
  bases: z.array(z.unknown()),
});
const Base = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  lat: z.number(),
  lon: z.number(),
  kind: z.enum(BASE_KINDS),
  country_iso2: z.string().regex(/^[A-Z]{2}$/),
  type: z.enum(BASE_TYPES).default('other'),
  tier: z.number().int().min(1).max(3).default(2),
  cat_airforce: z.boolean().default(false),
  cat_naval: z.boolean().default(false),
  cat_nuclear: z.boolean().default(false),
  cat_space: z.boolean().default(false),
  cat_training: z.boolean().default(false),
  branch: z.string().default(''),
  status: z.string().default('active'),
});

/** The built base set (MIRTA, curated and OpenStreetMap entries merged) -> bases; unreadable entries are skipped. */
export function parseMilitaryBases(bytes: Buffer): { records: BaseRecord[]; info: MilitaryBasesInfo } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`military bases file is not JSON: ${(err as Error).message}`);
  }
  const doc = Doc.safeParse(json);
  if (!doc.success) throw new Error('military bases file has no `version` and `bases` list');
  const seen = new Set<string>();
  const records: BaseRecord[] = [];
  for (const raw of doc.data.bases) {
    const r = Base.safeParse(raw);
    if (!r.success || !isValidCoordinate(r.data.lat, r.data.lon) || seen.has(r.data.id)) continue;
    const b = r.data;
    seen.add(b.id);
    records.push({
      id: b.id,
      name: b.name,
      latitude: b.lat,
      longitude: b.lon,
      kind: b.kind,
      countryIso2: b.country_iso2,
      type: b.type,
      tier: b.tier,
      catAirforce: b.cat_airforce,
      catNaval: b.cat_naval,
      catNuclear: b.cat_nuclear,
      catSpace: b.cat_space,
      catTraining: b.cat_training,
      branch: b.branch,
      status: b.status,
    });
  }
  return { records, info: { version: doc.data.version } };
}

export const militaryBasesDataset: Dataset<BaseRecord, MilitaryBasesInfo> = {
  name: MILITARY_BASES,
  source:
    'Military installations: US DoD MIRTA sites, a curated list of foreign and allied bases, OpenStreetMap military features',
  // Rebuilt monthly.
  kind: 'reference',
  maxStaleMinutes: 60 * 24 * 45,
  sources: {
    bases: {
      reference: true,
      sample: 'military/bases.json',
    },
  },
  parse(payloads) {
    return parseMilitaryBases(payloads.bases!);
  },
};
