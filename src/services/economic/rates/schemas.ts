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

export const BisExchangeRate = z
  .object({
    countryCode: z.string().meta({ description: 'Two-letter code of the economy (`XM` is the euro area).' }),
    countryName: z.string(),
    realEer: z.number().meta({ format: 'double', description: 'Real effective exchange rate index, broad basket (2020 = 100), 2 decimals.' }),
    nominalEer: z.number().meta({ format: 'double', description: 'Nominal effective exchange rate index of the same month, 2 decimals; 0 when BIS has none for it.' }),
    realChange: z.number().meta({ format: 'double', description: 'Percent change of the real index from the month before, one decimal; 0 with one month only.' }),
    date: z.string().meta({ description: 'Month of the latest real index, YYYY-MM.' }),
  })
  .meta({ id: 'economic_v1_BisExchangeRate', description: 'Effective exchange rates of an economy as compiled by the BIS.' });

export type BisExchangeRate = z.infer<typeof BisExchangeRate>;

export const GetBisExchangeRatesRequest = z.object({});

export const GetBisExchangeRatesResponse = z
  .object({ rates: z.array(BisExchangeRate) })
  .meta({ id: 'economic_v1_GetBisExchangeRatesResponse' });

export type GetBisExchangeRatesResponse = z.infer<typeof GetBisExchangeRatesResponse>;

export const BisCreditToGdp = z
  .object({
    countryCode: z.string().meta({ description: 'Two-letter code of the economy (`XM` is the euro area).' }),
    countryName: z.string(),
    creditGdpRatio: z.number().meta({ format: 'double', description: 'Total credit to the non-financial sector, percent of GDP, one decimal.' }),
    previousRatio: z.number().meta({ format: 'double', description: 'The quarter before; equal to creditGdpRatio when there is none.' }),
    date: z.string().meta({ description: 'Quarter of the latest ratio, YYYY-Qn.' }),
  })
  .meta({ id: 'economic_v1_BisCreditToGdp', description: 'Credit-to-GDP ratio of an economy as compiled by the BIS.' });

export type BisCreditToGdp = z.infer<typeof BisCreditToGdp>;

export const GetBisCreditRequest = z.object({});

export const GetBisCreditResponse = z
  .object({ entries: z.array(BisCreditToGdp) })
  .meta({ id: 'economic_v1_GetBisCreditResponse' });

export type GetBisCreditResponse = z.infer<typeof GetBisCreditResponse>;
