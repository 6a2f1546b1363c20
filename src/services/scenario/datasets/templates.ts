import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import type { ScenarioTemplate } from '../rules.js';

export const SCENARIO_TEMPLATES = 'scenario.templates';

const Doc = z.object({
  schemaVersion: z.literal(1),
  reviewedAt: z.string(),
  templates: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]{1,128}$/),
        name: z.string().min(1),
        affectedChokepointIds: z.array(z.string().regex(/^[a-z0-9_]+$/)),
        disruptionPct: z.number().int().min(0).max(100),
        durationDays: z.number().int().min(0),
        affectedHs2: z.array(z.string().regex(/^\d{2}$/)),
        costShockMultiplier: z.number().positive(),
      }),
    )
    .min(1),
});

/** The template catalogue (a reference table) -> templates in their published order; ids are unique. */
export function parseScenarioTemplates(bytes: Buffer): { records: ScenarioTemplate[]; info: { reviewedAt: string } } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`scenario template catalogue is not JSON: ${(err as Error).message}`);
  }
  const doc = Doc.safeParse(json);
  if (!doc.success)
    throw new Error(
      `scenario template catalogue has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`,
    );
  const seen = new Set<string>();
  for (const t of doc.data.templates) {
    if (seen.has(t.id)) throw new Error(`scenario template catalogue lists ${t.id} twice`);
    seen.add(t.id);
  }
  return { records: doc.data.templates, info: { reviewedAt: doc.data.reviewedAt } };
}

export const scenarioTemplatesDataset: Dataset<ScenarioTemplate, { reviewedAt: string }> = {
  name: SCENARIO_TEMPLATES,
  source: 'Scenario template catalogue (reference table restated from the published service)',
  kind: 'reference',
  maxStaleMinutes: 60 * 24 * 90,
  sources: {
    catalogue: {
      reference: true,
      sample: 'scenario/templates.json',
    },
  },
  parse(payloads) {
    return parseScenarioTemplates(payloads.catalogue!);
  },
};
