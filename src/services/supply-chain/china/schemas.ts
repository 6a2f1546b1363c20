import { z } from 'zod';

export const GetChinaCorridorControlTowersRequest = z.object({});

export const GetChinaCorridorControlTowersResponse = z
  .object({
    payloadJson: z.string().meta({
      description:
        'JSON document `{generatedAt, corridors[]}`: per corridor its id, name, description, boundary, nodes, availability and one ' +
        'condition per family (port, aviation, hazard, power_energy, strategic_industry, trade) with its source signals and a ' +
        'decision-signal provenance envelope.',
      contentMediaType: 'application/json',
    }),
    generatedAt: z
      .string()
      .meta({ description: 'Assessment time of the composition: the newest input snapshot’s time, ISO 8601.' }),
    upstreamUnavailable: z
      .boolean()
      .meta({ description: 'True when every corridor is unavailable (then nothing is cached).' }),
  })
  .meta({ id: 'supply_chain_v1_GetChinaCorridorControlTowersResponse' });

export type GetChinaCorridorControlTowersResponse = z.infer<typeof GetChinaCorridorControlTowersResponse>;
