import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';

export const SPR_POLICIES = 'economic.spr-policies';

/** How a country holds emergency oil stocks. */
export const SPR_REGIMES = ['government_spr', 'agency', 'industry_obligation', 'mixed', 'none'] as const;

const Policy = z.object({
  regime: z.enum(SPR_REGIMES),
  capacityMb: z.number().min(0),
  operator: z.string(),
  ieaMember: z.boolean(),
  stockholdingModel: z.string(),
  note: z.string(),
  source: z.string(),
  asOf: z.string(),
});

export type SprPolicy = z.infer<typeof Policy> & { iso2: string };

const Registry = z.object({
  source: z.string().min(1),
  sourceUrl: z.string().url(),
  updatedAt: z.string(),
  policies: z.record(z.string().regex(/^[A-Z]{2}$/), Policy),
});

export interface SprRegistryInfo {
  source: string;
  updatedAt: string;
}

/** The curated registry, keyed by ISO alpha-2; any entry that does not validate refuses the file. */
export function parseSprPolicies(bytes: Buffer): { records: SprPolicy[]; info: SprRegistryInfo } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`SPR registry is not JSON: ${(err as Error).message}`);
  }
  const parsed = Registry.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`SPR registry: ${issue.path.join('.')}: ${issue.message}`);
  }
  const records = Object.entries(parsed.data.policies).map(([iso2, p]) => ({ iso2, ...p }));
  return {
    records: records.sort((a, b) => (a.iso2 < b.iso2 ? -1 : 1)),
    info: { source: parsed.data.source, updatedAt: parsed.data.updatedAt },
  };
}

export const sprPoliciesDataset: Dataset<SprPolicy, SprRegistryInfo> = {
  name: SPR_POLICIES,
  source: 'Curated registry of national strategic petroleum reserve and emergency-stock policies',
  kind: 'reference',
  maxStaleMinutes: 60 * 24 * 7 * 8,
  sources: {
    registry: {
      reference: true,
      sample: 'economic/spr-policies.json',
    },
  },
  parse: (payloads) => parseSprPolicies(payloads.registry!),
};
