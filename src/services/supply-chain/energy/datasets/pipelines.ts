import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { isValidCoordinate } from '../../../../platform/geo.js';
import { COMMODITY_TYPES, type PipelineEvidence, type PipelineRevisionEntry } from '../schemas.js';
import { AssetEvidence, readJson, Revision, type RegistryInfo } from './registry.js';

export const PIPELINES = 'supply-chain.pipelines';

/** A pipeline as stored: everything but the badge, which depends on when it is read. */
export interface PipelineRecord {
  id: string;
  name: string;
  operator: string;
  commodityType: (typeof COMMODITY_TYPES)[number];
  fromCountry: string;
  toCountry: string;
  transitCountries: string[];
  capacityBcmYr: number;
  capacityMbd: number;
  lengthKm: number;
  inService: number;
  startPoint: { lat: number; lon: number };
  endPoint: { lat: number; lon: number };
  waypoints: { lat: number; lon: number }[];
  evidence?: PipelineEvidence;
  revisions: PipelineRevisionEntry[];
}

const Iso2 = z.string().regex(/^[A-Z]{2}$/);
const Point = z
  .object({ lat: z.number(), lon: z.number() })
  .refine((p) => isValidCoordinate(p.lat, p.lon), 'invalid position');

const Pipeline = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  operator: z.string().default(''),
  commodityType: z.enum(COMMODITY_TYPES),
  fromCountry: Iso2,
  toCountry: Iso2,
  transitCountries: z.array(Iso2).default([]),
  capacityBcmYr: z.number().min(0).default(0),
  capacityMbd: z.number().min(0).default(0),
  lengthKm: z.number().int().min(0).default(0),
  inService: z.number().int().default(0),
  startPoint: Point,
  endPoint: Point,
  waypoints: z.array(Point).default([]),
  evidence: AssetEvidence.nullable().optional(),
  revisions: z.array(Revision).default([]),
});

const RegistryDoc = z.object({
  updatedAt: z.string(),
  classifierVersion: z.string().default('v1'),
  source: z.string().default(''),
  pipelines: z.record(z.string(), z.unknown()),
});

/**
 * Curated pipeline registry JSON (entries keyed by id) -> gas pipelines then oil, each in registry
 * order. An entry that does not validate, or whose key and id disagree, is skipped, not fatal.
 */
export function parsePipelineRegistry(bytes: Buffer): { records: PipelineRecord[]; info: RegistryInfo } {
  const doc = RegistryDoc.safeParse(readJson(bytes, 'pipeline registry'));
  if (!doc.success)
    throw new Error(`pipeline registry has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const records: PipelineRecord[] = [];
  const skipped: string[] = [];
  for (const [key, raw] of Object.entries(doc.data.pipelines)) {
    const p = Pipeline.safeParse(raw);
    if (!p.success || p.data.id !== key) {
      skipped.push(key);
      continue;
    }
    const { evidence, revisions, ...rest } = p.data;
    const { operatorStatement, ...ev } = evidence ?? ({} as never);
    records.push({
      ...rest,
      ...(evidence
        ? { evidence: { ...ev, ...(operatorStatement ? { operatorStatement } : {}) } as PipelineEvidence }
        : {}),
      revisions: [...revisions].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)),
    });
  }
  const rank = (r: PipelineRecord) => COMMODITY_TYPES.indexOf(r.commodityType);
  records.sort((a, b) => rank(a) - rank(b));
  return {
    records,
    info: {
      updatedAt: doc.data.updatedAt,
      classifierVersion: doc.data.classifierVersion,
      source: doc.data.source,
      skipped,
    },
  };
}

export const pipelinesDataset: Dataset<PipelineRecord, RegistryInfo> = {
  name: PIPELINES,
  source:
    'Curated gas and oil pipeline registry with evidence (operator and regulator disclosures, ENTSOG, Global Energy Monitor)',
  kind: 'reference',
  maxStaleMinutes: 60 * 24 * 21,
  sources: {
    registry: {
      reference: true,
      sample: 'supply-chain/pipelines.json',
    },
  },
  parse(payloads) {
    return parsePipelineRegistry(payloads.registry!);
  },
};
