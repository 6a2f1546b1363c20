import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { CRISIS_POLICY_CATEGORIES, CRISIS_POLICY_SECTORS } from '../rules.js';

export const CRISIS_POLICIES = 'economic.energy-crisis-policies';

const Policy = z.object({
  country: z.string().min(1),
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  category: z.enum(CRISIS_POLICY_CATEGORIES),
  sector: z.enum(CRISIS_POLICY_SECTORS),
  measure: z.string().min(1),
  dateAnnounced: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  status: z.string().min(1),
});

export type CrisisPolicy = z.infer<typeof Policy>;

const Registry = z.object({
  source: z.string().min(1),
  sourceUrl: z.string().url(),
  context: z.string(),
  updatedAt: z.string(),
  policies: z.array(Policy).min(1),
});

export interface CrisisPoliciesInfo {
  source: string;
  sourceUrl: string;
  context: string;
  updatedAt: string;
}

/** The curated registry, checked entry by entry: an unknown category or sector refuses the file. */
export function parseCrisisPolicies(bytes: Buffer): { records: CrisisPolicy[]; info: CrisisPoliciesInfo } {
  const parsed = Registry.safeParse(JSON.parse(bytes.toString('utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`energy crisis policies: ${issue.path.join('.')}: ${issue.message}`);
  }
  const { policies, ...info } = parsed.data;
  return { records: policies, info };
}

export const crisisPoliciesDataset: Dataset<CrisisPolicy, CrisisPoliciesInfo> = {
  name: CRISIS_POLICIES,
  source: 'Curated registry of government responses to the 2026 energy crisis (from the IEA policy response tracker)',
  kind: 'reference',
  maxStaleMinutes: 576_000,
  sources: {
    registry: {
      reference: true,
      sample: 'economic/energy-crisis-policies.json',
    },
  },
  parse: (payloads) => parseCrisisPolicies(payloads.registry!),
};
