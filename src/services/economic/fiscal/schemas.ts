import { z } from 'zod';

const double = (description: string) => z.number().meta({ format: 'double', description });

export const NationalDebtEntry = z
  .object({
    iso3: z.string().meta({ description: 'ISO 3166-1 alpha-3.' }),
    debtUsd: double('General government gross debt, US dollars.'),
    gdpUsd: double('GDP at current prices, US dollars.'),
    debtToGdp: double('Gross debt, percent of GDP.'),
    annualGrowth: double('Change of the debt ratio from the year before, percent; 0 without one.'),
    perSecondRate: double('Debt added per second by the deficit, US dollars; 0 for a surplus.'),
    perDayRate: double('Debt added per day by the deficit, US dollars; 0 for a surplus.'),
    baselineTs: z.string().meta({
      format: 'int64',
      description: '1 January of the WEO vintage year, Unix epoch milliseconds: the moment the clock starts from.',
    }),
    source: z.string(),
  })
  .meta({ id: 'economic_v1_NationalDebtEntry' });

export const GetNationalDebtRequest = z.object({});

export const GetNationalDebtResponse = z
  .object({
    entries: z.array(NationalDebtEntry).meta({ description: 'Largest debt first.' }),
    seededAt: z.string().meta({ description: 'When the inputs were fetched (ISO 8601); empty when unavailable.' }),
    unavailable: z.boolean(),
  })
  .meta({ id: 'economic_v1_GetNationalDebtResponse', description: 'National debt clocks.' });

export type GetNationalDebtResponse = z.infer<typeof GetNationalDebtResponse>;
