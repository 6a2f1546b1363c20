import { z } from 'zod';

/** Evidence fields shared by the curated asset registries (pipelines, storage). */
export const AssetEvidence = z.object({
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
  lastEvidenceUpdate: z.string().default(''),
  classifierVersion: z.string().default('v1'),
  classifierConfidence: z.number().min(0).max(1).default(0),
});

export const Revision = z.object({
  date: z.string(),
  fieldChanged: z.string(),
  previousValue: z.string().default(''),
  newValue: z.string().default(''),
  trigger: z.string(),
  sourcesUsed: z.array(z.string()).default([]),
  classifierVersion: z.string().default('v1'),
});

export const SourceRef = z.object({
  authority: z.string().min(1),
  title: z.string().default(''),
  url: z.string().default(''),
  date: z.string().default(''),
  sourceType: z.string().default('press'),
});

/** Registry header every curated registry document carries. */
export interface RegistryInfo {
  updatedAt: string;
  classifierVersion: string;
  /** Who the entries were curated from, as the registry states it. */
  source: string;
  /** Keys (or positions) of entries that did not validate and were left out. */
  skipped: string[];
}

export function readJson(bytes: Buffer, what: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`${what} is not JSON: ${(err as Error).message}`);
  }
}

/** `vN` -> N, for picking the newer classifier; anything else counts as 0. */
export const classifierRank = (v: string) => Number(/^v(\d+)$/.exec(v)?.[1] ?? 0);
