import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { ASSET_TYPES, DISRUPTION_EVENT_TYPES, type EnergyDisruptionEntry } from '../schemas.js';
import { readJson, SourceRef, type RegistryInfo } from './registry.js';

export const ENERGY_DISRUPTIONS = 'supply-chain.energy-disruptions';

const Event = z.object({
  id: z.string().min(1),
  assetId: z.string().min(1),
  assetType: z.enum(ASSET_TYPES),
  eventType: z.enum(DISRUPTION_EVENT_TYPES),
  startAt: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
  endAt: z.string().default(''),
  capacityOfflineBcmYr: z.number().min(0).default(0),
  capacityOfflineMbd: z.number().min(0).default(0),
  causeChain: z.array(z.string()).default([]),
  shortDescription: z.string().default(''),
  sources: z.array(SourceRef).default([]),
  classifierVersion: z.string().default('v1'),
  classifierConfidence: z.number().min(0).max(1).default(0),
  lastEvidenceUpdate: z.string().default(''),
  countries: z.array(z.string().regex(/^[A-Z]{2}$/)).default([]),
});

const RegistryDoc = z.object({
  updatedAt: z.string(),
  classifierVersion: z.string().default('v1'),
  source: z.string().default(''),
  events: z.array(z.unknown()),
});

/** Curated energy-disruption registry JSON -> events, most recent start first (ties by id). */
export function parseEnergyDisruptions(bytes: Buffer): { records: EnergyDisruptionEntry[]; info: RegistryInfo } {
  const doc = RegistryDoc.safeParse(readJson(bytes, 'energy-disruption registry'));
  if (!doc.success)
    throw new Error(`energy-disruption registry has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const records: EnergyDisruptionEntry[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  doc.data.events.forEach((raw, i) => {
    const e = Event.safeParse(raw);
    if (!e.success || seen.has(e.data.id)) {
      skipped.push(e.success ? e.data.id : `#${i}`);
      return;
    }
    seen.add(e.data.id);
    records.push(e.data);
  });
  records.sort((a, b) =>
    a.startAt < b.startAt ? 1 : a.startAt > b.startAt ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
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

export const energyDisruptionsDataset: Dataset<EnergyDisruptionEntry, RegistryInfo> = {
  name: ENERGY_DISRUPTIONS,
  source: 'Curated registry of pipeline and storage outages with sources (operator, regulator and press reports)',
  kind: 'reference',
  maxStaleMinutes: 60 * 24 * 21,
  sources: {
    registry: {
      reference: true,
      sample: 'supply-chain/energy-disruptions.json',
    },
  },
  parse(payloads) {
    return parseEnergyDisruptions(payloads.registry!);
  },
};
