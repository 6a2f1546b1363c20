import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { isValidCoordinate } from '../../../../platform/geo.js';
import { FACILITY_TYPES, type StorageEvidence, type StorageFacilityRevisionEntry } from '../schemas.js';
import { compareIds } from '../../../../platform/ordering.js';

export const STORAGE_FACILITIES = 'supply-chain.storage-facilities';

const UNIT_FOR_TYPE: Record<(typeof FACILITY_TYPES)[number], string> = {
  ugs: 'TWh',
  spr: 'Mb',
  lng_export: 'Mtpa',
  lng_import: 'Mtpa',
  crude_tank_farm: 'Mb',
};

/** A facility as stored: everything but the badge, which depends on when it is read. */
export interface FacilityRecord {
  id: string;
  name: string;
  operator: string;
  facilityType: (typeof FACILITY_TYPES)[number];
  country: string;
  location: { lat: number; lon: number };
  capacityTwh: number;
  capacityMb: number;
  capacityMtpa: number;
  workingCapacityUnit: string;
  inService: number;
  evidence?: StorageEvidence;
  revisions: StorageFacilityRevisionEntry[];
}

export interface StorageRegistryInfo {
  updatedAt: string;
  classifierVersion: string;
}

const Evidence = z.object({
  physicalState: z.string().default('unknown'),
  physicalStateSource: z.string().default('operator'),
  operatorStatement: z
    .object({ text: z.string(), url: z.string().default(''), date: z.string().default('') })
    .nullable()
    .optional(),
  commercialState: z.string().default('unknown'),
  sanctionRefs: z
    .array(
      z.object({
        authority: z.string(),
        listId: z.string(),
        date: z.string().default(''),
        url: z.string().default(''),
      }),
    )
    .default([]),
  fillDisclosed: z.boolean().default(false),
  fillSource: z.string().default(''),
  lastEvidenceUpdate: z.string().default(''),
  classifierVersion: z.string().default('v1'),
  classifierConfidence: z.number().min(0).max(1).default(0),
});

const Facility = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  operator: z.string().default(''),
  facilityType: z.enum(FACILITY_TYPES),
  country: z.string().regex(/^[A-Z]{2}$/),
  location: z.object({ lat: z.number(), lon: z.number() }),
  capacityTwh: z.number().min(0).default(0),
  capacityMb: z.number().min(0).default(0),
  capacityMtpa: z.number().min(0).default(0),
  workingCapacityUnit: z.string().optional(),
  inService: z.number().int().default(0),
  evidence: Evidence.nullable().optional(),
  revisions: z
    .array(
      z.object({
        date: z.string(),
        fieldChanged: z.string(),
        previousValue: z.string().default(''),
        newValue: z.string().default(''),
        trigger: z.string(),
        sourcesUsed: z.array(z.string()).default([]),
        classifierVersion: z.string().default('v1'),
      }),
    )
    .default([]),
});

const RegistryDoc = z.object({
  updatedAt: z.string(),
  classifierVersion: z.string().default('v1'),
  facilities: z.record(z.string(), z.unknown()),
});

/**
 * Curated registry JSON (facilities keyed by id) -> facilities sorted by id. An entry that does not
 * validate is skipped rather than failing the whole registry; one whose key and id disagree as well.
 */
export function parseStorageRegistry(bytes: Buffer): {
  records: FacilityRecord[];
  info: StorageRegistryInfo & { skipped: string[] };
} {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`storage registry is not JSON: ${(err as Error).message}`);
  }
  const doc = RegistryDoc.safeParse(json);
  if (!doc.success)
    throw new Error(`storage registry has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const records: FacilityRecord[] = [];
  const skipped: string[] = [];
  for (const [key, raw] of Object.entries(doc.data.facilities)) {
    const f = Facility.safeParse(raw);
    if (!f.success || f.data.id !== key || !isValidCoordinate(f.data.location.lat, f.data.location.lon)) {
      skipped.push(key);
      continue;
    }
    const { evidence, revisions, workingCapacityUnit, ...rest } = f.data;
    const { operatorStatement, ...ev } = evidence ?? ({} as never);
    records.push({
      ...rest,
      workingCapacityUnit: workingCapacityUnit ?? UNIT_FOR_TYPE[f.data.facilityType],
      ...(evidence
        ? { evidence: { ...ev, ...(operatorStatement ? { operatorStatement } : {}) } as StorageEvidence }
        : {}),
      revisions: [...revisions].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)),
    });
  }
  records.sort((a, b) => compareIds(a.id, b.id));
  return { records, info: { updatedAt: doc.data.updatedAt, classifierVersion: doc.data.classifierVersion, skipped } };
}

export const storageFacilitiesDataset: Dataset<FacilityRecord, StorageRegistryInfo> = {
  name: STORAGE_FACILITIES,
  source: 'Curated oil and gas storage facility registry with evidence',
  kind: 'reference',
  maxStaleMinutes: 60 * 24 * 21,
  sources: {
    registry: {
      reference: true,
      sample: 'supply-chain/storage-facilities.json',
    },
  },
  parse(payloads) {
    return parseStorageRegistry(payloads.registry!);
  },
};
