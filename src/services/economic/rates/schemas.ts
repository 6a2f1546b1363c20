import { z } from 'zod';

export const BisPolicyRate = z
  .object({
    countryCode: z.string().meta({ description: 'Two-letter code of the economy (ISO 3166-1 alpha-2; `XM` is the euro area).' }),
    countryName: z.string(),
    rate: z.number().meta({ format: 'double', description: 'Latest policy rate, percent.' }),
    previousRate: z.number().meta({ format: 'double', description: 'The observation before the latest, percent; equal to rate when there is none.' }),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).meta({ description: 'Date the latest rate stands for, YYYY-MM-DD (the last day of the month for monthly observations).' }),
    centralBank: z.string(),
  })
  .meta({ id: 'economic_v1_BisPolicyRate', description: 'A central bank policy rate as compiled by the BIS.' });

export type BisPolicyRate = z.infer<typeof BisPolicyRate>;

export const GetBisPolicyRatesRequest = z.object({});

export const GetBisPolicyRatesResponse = z
  .object({ rates: z.array(BisPolicyRate) })
  .meta({ id: 'economic_v1_GetBisPolicyRatesResponse', description: 'Policy rates of major economies; empty when the snapshot is missing.' });

export type GetBisPolicyRatesResponse = z.infer<typeof GetBisPolicyRatesResponse>;
