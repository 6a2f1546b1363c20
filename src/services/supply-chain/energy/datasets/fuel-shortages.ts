import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { FUEL_PRODUCTS, SHORTAGE_SEVERITIES, type FuelShortageEntry } from '../schemas.js';
import { readJson, SourceRef, type RegistryInfo } from './registry.js';

export const FUEL_SHORTAGES = 'supply-chain.fuel-shortages';

const Shortage = z
  .object({
    id: z.string().min(1),
    country: z.string().regex(/^[A-Z]{2}$/),
    product: z.enum(FUEL_PRODUCTS),
    severity: z.enum(SHORTAGE_SEVERITIES).default('watch'),
    firstSeen: z.string().min(1),
    lastConfirmed: z.string().default(''),
    resolvedAt: z.string().default(''),
    impactTypes: z.array(z.string()).default([]),
    causeChain: z.array(z.string()).default([]),
    shortDescription: z.string().default(''),
    evidence: z
      .object({
        evidenceSources: z.array(SourceRef).default([]),
        firstRegulatorConfirmation: z.string().default(''),
        classifierVersion: z.string().default('v1'),
        classifierConfidence: z.number().min(0).max(1).default(0),
        lastEvidenceUpdate: z.string().default(''),
      })
      .optional(),
  })
  // A confirmed shortage must rest on a regulator or operator, by a source or a recorded confirmation.
  .refine(
    (s) =>
      s.severity !== 'confirmed' ||
      (s.evidence !== undefined &&
        (s.evidence.firstRegulatorConfirmation !== '' ||
          s.evidence.evidenceSources.some((e) => e.sourceType === 'regulator' || e.sourceType === 'operator'))),
    'a confirmed shortage needs a regulator or operator source',
  );

const RegistryDoc = z.object({
  updatedAt: z.string(),
  classifierVersion: z.string().default('v1'),
  source: z.string().default(''),
  shortages: z.array(z.unknown()),
});

/** Curated fuel-shortage registry JSON -> entries in registry order; invalid or duplicate entries skipped. */
export function parseFuelShortages(bytes: Buffer): { records: FuelShortageEntry[]; info: RegistryInfo } {
  const doc = RegistryDoc.safeParse(readJson(bytes, 'fuel-shortage registry'));
  if (!doc.success)
    throw new Error(`fuel-shortage registry has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const records: FuelShortageEntry[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  doc.data.shortages.forEach((raw, i) => {
    const s = Shortage.safeParse(raw);
    if (!s.success || seen.has(s.data.id)) {
      skipped.push(s.success ? s.data.id : `#${i}`);
      return;
    }
    seen.add(s.data.id);
    records.push(s.data);
  });
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

export const fuelShortagesDataset: Dataset<FuelShortageEntry, RegistryInfo> = {
  name: FUEL_SHORTAGES,
  source: 'Curated national fuel-shortage registry with evidence (regulator, operator and press reports)',
  kind: 'reference',
  maxStaleMinutes: 60 * 24 * 3,
  sources: {
    registry: {
      reference: true,
      sample: 'supply-chain/fuel-shortages.json',
    },
  },
  parse(payloads) {
    return parseFuelShortages(payloads.registry!);
  },
};
