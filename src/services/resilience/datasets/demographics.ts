import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { validObservations, type Observation, type ObservationField } from '../demographics-rules.js';

export const DEMOGRAPHICS = 'resilience.demographics';

export interface DemographicsStage {
  name: string;
  status: string;
  fetchedAt: string;
  recordCount: number;
  newestObservationYear: number;
}

export interface DemographicsInfo {
  fetchedAt: number;
  stages: DemographicsStage[];
}

export interface CountryDemographics {
  countryCode: string;
  observations: Partial<Record<ObservationField, Observation>>;
}

const Doc = z.object({
  schema: z.literal('demographics-capability/v1'),
  fetchedAt: z.string(),
  stages: z.array(
    z.object({
      name: z.enum(['wpp', 'education', 'ilostat']),
      status: z.enum(['fresh', 'retained', 'unavailable']),
      fetchedAt: z.string(),
      recordCount: z.number().int().min(0),
      newestObservationYear: z.number().int(),
    }),
  ),
  countries: z.record(z.string(), z.record(z.string(), z.record(z.string(), z.unknown()))),
});

/**
 * The capability export (UN WPP, World Bank education and ILOSTAT workforce stages, assembled per
 * country) -> one row per country with only the observations that pass validation.
 */
export function parseDemographics(bytes: Buffer): { records: CountryDemographics[]; info: DemographicsInfo } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`demographics export is not JSON: ${(err as Error).message}`);
  }
  const doc = Doc.safeParse(json);
  if (!doc.success)
    throw new Error(`demographics export has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const fetchedAt = Date.parse(doc.data.fetchedAt);
  if (!Number.isFinite(fetchedAt)) throw new Error('demographics export has no valid fetchedAt');
  const year = new Date(fetchedAt).getUTCFullYear();
  const records = Object.entries(doc.data.countries)
    .filter(([code]) => /^[A-Z]{2}$/.test(code))
    .map(([countryCode, groups]) => ({ countryCode, observations: validObservations(groups as never, year) }));
  return { records, info: { fetchedAt, stages: doc.data.stages } };
}

export const demographicsDataset: Dataset<CountryDemographics, DemographicsInfo> = {
  name: DEMOGRAPHICS,
  source:
    'Derived here from UN WPP population, World Bank education and ILOSTAT labour indicators ' +
    '(the model is not computed yet; serves its bundled sample, a replayed capability export)',
  kind: 'derived',
  maxStaleMinutes: 60 * 24 * 30,
  sources: {
    capability: {
      sample: 'resilience/demographics-capability.json',
    },
  },
  parse(payloads) {
    return parseDemographics(payloads.capability!);
  },
};
