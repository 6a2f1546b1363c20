import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { parseJsonText } from '../../../sources/formats/errors.js';

export const GIVING_CLAIMS = 'giving.claims';

/**
 * One published figure about giving, with where it comes from and how far it was checked. The
 * registry (`db/reference/giving/published-estimate-claims.json`) is a curated reference table: no
 * upstream serves it, each claim names its publisher and when it was checked, and a change is a commit.
 */
export const GivingClaim = z.object({
  id: z.string().min(1),
  subject: z.string(),
  sourceName: z.string(),
  sourceUrl: z.string(),
  referencePeriod: z.string(),
  sourcePublishedAt: z.string(),
  measurementBasis: z.string(),
  status: z.string(),
  coveredMetricPaths: z.array(z.string()),
  includedInHighlightedAggregate: z.boolean(),
  reportedValue: z.number(),
  reportedUnit: z.string(),
  valueQualifier: z.string(),
  sourceLocator: z.string(),
  accessedAt: z.string(),
  denominator: z.string(),
  derivation: z.string(),
  notes: z.string(),
});
export type GivingClaim = z.infer<typeof GivingClaim>;

const Registry = z.object({ generatedAt: z.iso.datetime({ offset: true }), claims: z.array(GivingClaim) });

export interface ClaimsInfo {
  generatedAt: number;
}

export function parseClaims(bytes: Buffer): { claims: GivingClaim[]; generatedAt: number } {
  const doc = Registry.safeParse(parseJsonText('giving claims', bytes));
  if (!doc.success)
    throw new Error(`giving claims: ${doc.error.issues[0]?.path.join('.')} ${doc.error.issues[0]?.message}`);
  return { claims: doc.data.claims, generatedAt: Date.parse(doc.data.generatedAt) };
}

export const givingClaimsDataset: Dataset<GivingClaim, ClaimsInfo> = {
  name: GIVING_CLAIMS,
  source: 'Curated registry of published giving figures (platform reports, OECD, CAF, Candid)',
  kind: 'reference',
  maxStaleMinutes: 365 * 24 * 60,
  sources: {
    claims: { reference: true, sample: 'giving/published-estimate-claims.json' },
  },
  parse(payloads) {
    const { claims, generatedAt } = parseClaims(payloads.claims!);
    return { records: claims, info: { generatedAt } };
  },
};
