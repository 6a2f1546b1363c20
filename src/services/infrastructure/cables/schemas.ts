import { z } from 'zod';

export const CableHealthEvidence = z
  .object({
    source: z.string().meta({ description: 'Where the evidence comes from: `NGA` (navigational warnings).' }),
    summary: z.string().meta({ description: 'The warning text, shortened.' }),
    ts: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'When the warning was issued, Unix epoch milliseconds.' }),
  })
  .meta({ id: 'infrastructure_v1_CableHealthEvidence', description: 'A warning behind a cable’s status.' });

export const CableHealthRecord = z
  .object({
    status: z
      .enum([
        'CABLE_HEALTH_STATUS_UNSPECIFIED',
        'CABLE_HEALTH_STATUS_OK',
        'CABLE_HEALTH_STATUS_DEGRADED',
        'CABLE_HEALTH_STATUS_FAULT',
      ])
      .meta({
        description:
          'FAULT: a strong, recent fault report; DEGRADED: a fault, repair ship or advisory of some weight; OK: only weak or fading signals.',
      }),
    score: z.number().meta({
      format: 'double',
      description: 'Strongest signal: severity × confidence × recency, 0 to 1 (2 decimals).',
    }),
    confidence: z.number().meta({
      format: 'double',
      description:
        'Confidence of that signal (0.9 when the warning names the cable, less the farther its positions lie from a landing).',
    }),
    lastUpdated: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'Newest warning about the cable, Unix epoch milliseconds.' }),
    evidence: z.array(CableHealthEvidence).meta({ description: 'Up to three warnings, newest first.' }),
  })
  .meta({ id: 'infrastructure_v1_CableHealthRecord', description: 'Health of one submarine cable.' });
export type CableHealthRecord = z.infer<typeof CableHealthRecord>;

export const GetCableHealthRequest = z.object({});
export const GetCableHealthResponse = z
  .object({
    generatedAt: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'When the statuses were computed, Unix epoch milliseconds.' }),
    cables: z
      .record(z.string(), CableHealthRecord)
      .meta({ description: 'Per cable id (`seamewe-5`, `aae-1` ...), only cables with a live signal.' }),
  })
  .meta({ id: 'infrastructure_v1_GetCableHealthResponse', description: 'Submarine cables with current warnings.' });
export type GetCableHealthResponse = z.infer<typeof GetCableHealthResponse>;
