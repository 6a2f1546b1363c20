import { z } from 'zod';

export const BisPolicyRate = z
  .object({
    countryCode: z
      .string()
      .meta({ description: 'Two-letter code of the economy (ISO 3166-1 alpha-2; `XM` is the euro area).' }),
    countryName: z.string(),
    rate: z.number().meta({ format: 'double', description: 'Latest policy rate, percent.' }),
    previousRate: z.number().meta({
      format: 'double',
      description: 'The observation before the latest, percent; equal to rate when there is none.',
    }),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .meta({
        description:
          'Date the latest rate stands for, YYYY-MM-DD (the last day of the month for monthly observations).',
      }),
    centralBank: z.string(),
  })
  .meta({ id: 'economic_v1_BisPolicyRate', description: 'A central bank policy rate as compiled by the BIS.' });

export type BisPolicyRate = z.infer<typeof BisPolicyRate>;

export const GetBisPolicyRatesRequest = z.object({});

export const GetBisPolicyRatesResponse = z.object({ rates: z.array(BisPolicyRate) }).meta({
  id: 'economic_v1_GetBisPolicyRatesResponse',
  description: 'Policy rates of major economies; empty when the snapshot is missing.',
});

export type GetBisPolicyRatesResponse = z.infer<typeof GetBisPolicyRatesResponse>;

export const BisExchangeRate = z
  .object({
    countryCode: z.string().meta({ description: 'Two-letter code of the economy (`XM` is the euro area).' }),
    countryName: z.string(),
    realEer: z.number().meta({
      format: 'double',
      description: 'Real effective exchange rate index, broad basket (2020 = 100), 2 decimals.',
    }),
    nominalEer: z.number().meta({
      format: 'double',
      description: 'Nominal effective exchange rate index of the same month, 2 decimals; 0 when BIS has none for it.',
    }),
    realChange: z.number().meta({
      format: 'double',
      description: 'Percent change of the real index from the month before, one decimal; 0 with one month only.',
    }),
    date: z.string().meta({ description: 'Month of the latest real index, YYYY-MM.' }),
  })
  .meta({
    id: 'economic_v1_BisExchangeRate',
    description: 'Effective exchange rates of an economy as compiled by the BIS.',
  });

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
    creditGdpRatio: z.number().meta({
      format: 'double',
      description: 'Total credit to the non-financial sector, percent of GDP, one decimal.',
    }),
    previousRatio: z
      .number()
      .meta({ format: 'double', description: 'The quarter before; equal to creditGdpRatio when there is none.' }),
    date: z.string().meta({ description: 'Quarter of the latest ratio, YYYY-Qn.' }),
  })
  .meta({ id: 'economic_v1_BisCreditToGdp', description: 'Credit-to-GDP ratio of an economy as compiled by the BIS.' });

export type BisCreditToGdp = z.infer<typeof BisCreditToGdp>;

export const GetBisCreditRequest = z.object({});

export const GetBisCreditResponse = z
  .object({ entries: z.array(BisCreditToGdp) })
  .meta({ id: 'economic_v1_GetBisCreditResponse' });

export type GetBisCreditResponse = z.infer<typeof GetBisCreditResponse>;

// ---------------------------------------------------------------------------------------------
// ECB: reference rates, yield curve, systemic stress
// ---------------------------------------------------------------------------------------------

export const EcbFxRate = z
  .object({
    pair: z.string().meta({ description: '`EUR` followed by the quote currency, e.g. `EURUSD`.' }),
    rate: z
      .number()
      .meta({ format: 'double', description: 'Units of the quote currency per euro, 6 decimals at most.' }),
    date: z.string().meta({ description: 'Day of the reference rate, YYYY-MM-DD.' }),
    change1d: z.number().meta({
      format: 'double',
      description: 'Change from the previous reference rate, in quote-currency units; 0 without one.',
    }),
  })
  .meta({ id: 'economic_v1_EcbFxRate', description: 'A euro foreign exchange reference rate.' });

export type EcbFxRate = z.infer<typeof EcbFxRate>;

export const GetEcbFxRatesRequest = z.object({});

export const GetEcbFxRatesResponse = z
  .object({
    rates: z
      .array(EcbFxRate)
      .meta({ description: 'EURUSD, EURGBP, EURJPY, EURCHF, EURCAD, EURAUD, EURCNY (those with data).' }),
    updatedAt: z
      .string()
      .meta({ description: 'Publication time of the newest rates: their day at 14:00 UTC; empty when unavailable.' }),
    seededAt: z.string().meta({
      format: 'int64',
      description: 'When the rates were fetched, Unix epoch milliseconds; "0" when unavailable.',
    }),
    unavailable: z.boolean(),
  })
  .meta({ id: 'economic_v1_GetEcbFxRatesResponse' });

export type GetEcbFxRatesResponse = z.infer<typeof GetEcbFxRatesResponse>;

export const EuYieldCurveData = z
  .object({
    date: z.string().meta({ description: 'Business day of the curve, YYYY-MM-DD.' }),
    rates: z
      .record(z.string(), z.number().meta({ format: 'double' }))
      .meta({ description: 'Spot rate in percent (3 decimals) by maturity: 1Y, 2Y, 5Y, 10Y, 20Y, 30Y.' }),
    source: z
      .string()
      .meta({ description: '`ecb-aaa`: the ECB curve of AAA-rated euro area central government bonds.' }),
    updatedAt: z.string().meta({ description: 'When the curve was fetched (ISO 8601).' }),
  })
  .meta({ id: 'economic_v1_EuYieldCurveData' });

export const GetEuYieldCurveRequest = z.object({});

export const GetEuYieldCurveResponse = z
  .object({
    data: EuYieldCurveData.optional().meta({ description: 'Absent when unavailable.' }),
    unavailable: z.boolean(),
  })
  .meta({ id: 'economic_v1_GetEuYieldCurveResponse' });

export type GetEuYieldCurveResponse = z.infer<typeof GetEuYieldCurveResponse>;

export const EuFsiObservation = z
  .object({ date: z.string(), value: z.number().meta({ format: 'double' }) })
  .meta({ id: 'economic_v1_EuFsiObservation' });

export const GetEuFsiRequest = z.object({});

export const GetEuFsiResponse = z
  .object({
    latestValue: z.number().meta({ format: 'double', description: 'Latest reading of the indicator (0 to 1).' }),
    latestDate: z.string().meta({ description: 'Its day, YYYY-MM-DD.' }),
    label: z
      .string()
      .meta({ description: 'Low (<0.2), Moderate (<0.4), Elevated (<0.6) or High; empty when unavailable.' }),
    history: z.array(EuFsiObservation).meta({ description: 'Daily readings of the last year, oldest first.' }),
    seededAt: z.string().meta({ description: 'When the readings were fetched (ISO 8601); empty when unavailable.' }),
    unavailable: z.boolean(),
    stale: z.boolean().meta({ description: 'True when the latest reading is more than 14 days old.' }),
  })
  .meta({
    id: 'economic_v1_GetEuFsiResponse',
    description: 'The ECB composite indicator of systemic stress for the euro area.',
  });

export type GetEuFsiResponse = z.infer<typeof GetEuFsiResponse>;
