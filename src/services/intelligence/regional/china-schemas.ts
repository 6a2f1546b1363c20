import { z } from 'zod';

export const GetChinaDecisionSignalsRequest = z
  .object({})
  .meta({ id: 'intelligence_v1_GetChinaDecisionSignalsRequest' });
export type GetChinaDecisionSignalsRequest = z.infer<typeof GetChinaDecisionSignalsRequest>;

export const GetChinaDecisionSignalsResponse = z
  .object({
    payloadJson: z.string().meta({
      contentMediaType: 'application/json',
      description:
        'The decision-signal snapshot as a JSON string (schemaVersion 1): generatedAt, six groups in fixed order (macro, policy-enforcement, ' +
        'cross-strait-activity, corporate-disclosures, corridor-conditions, activity-nowcast), each with state, reason, at most four items with ' +
        'provenance (decision-signal-provenance/v1), and the access tiers. At most 65,536 bytes.',
    }),
    generatedAt: z.string().meta({ description: 'ISO 8601: when the newest input was fetched.' }),
    upstreamUnavailable: z.boolean().meta({ description: 'True only when all six groups are unavailable.' }),
  })
  .meta({ id: 'intelligence_v1_GetChinaDecisionSignalsResponse' });
export type GetChinaDecisionSignalsResponse = z.infer<typeof GetChinaDecisionSignalsResponse>;
