import { z } from 'zod';
import { double } from '../wire.js';

export const ShippingStressCarrier = z
  .object({
    symbol: z.string(),
    name: z.string(),
    price: double('Last price, USD.'),
    changePct: double('Against the previous session’s close, percent.'),
    carrierType: z.string().meta({ description: 'etf (dry-bulk freight futures fund) or carrier.' }),
    sparkline: z.array(double()).meta({ description: 'Daily closes over about a month, oldest first.' }),
  })
  .meta({ id: 'supply_chain_v1_ShippingStressCarrier', description: 'One listed shipping name.' });

export const GetShippingStressRequest = z.object({});

export const GetShippingStressResponse = z
  .object({
    carriers: z.array(ShippingStressCarrier),
    stressScore: double('0-100: 40 minus 3 x the mean daily change in percent, clamped.'),
    stressLevel: z.string().meta({ description: 'critical from 75, elevated from 50, moderate from 25, else low.' }),
    fetchedAt: z.number().int().meta({
      format: 'int64',
      description: 'When the quotes were fetched, Unix epoch milliseconds; 0 when there are none.',
    }),
    upstreamUnavailable: z
      .boolean()
      .meta({ description: 'No quotes, or some watched names missing from the last fetch.' }),
  })
  .meta({ id: 'supply_chain_v1_GetShippingStressResponse', description: 'Market stress in listed shipping names.' });

export type GetShippingStressResponse = z.infer<typeof GetShippingStressResponse>;

export const ShippingRatePoint = z
  .object({ date: z.string(), value: double() })
  .meta({ id: 'supply_chain_v1_ShippingRatePoint', description: 'One published level.' });

export const ShippingIndex = z
  .object({
    indexId: z.string(),
    name: z.string(),
    currentValue: double(),
    previousValue: double('The previous publication’s level; 0 when unknown.'),
    changePct: double('Against the previous publication, percent.'),
    unit: z.string(),
    history: z.array(ShippingRatePoint).meta({ description: 'Published levels with their dates, oldest first.' }),
    spikeAlert: z.boolean().meta({
      description: 'The latest level is above the history’s mean plus two standard deviations (needs three points).',
    }),
    periodChangePct: double('Decision-grade change, given only with a valid publication date.').optional(),
    periodChangeBasis: z
      .enum(['PERIOD_CHANGE_BASIS_UNSPECIFIED', 'publisher_reported', 'derived_from_prior_period_level'])
      .optional(),
    priorPeriodValue: double().optional(),
    priorPeriodDate: z.string().optional(),
  })
  .meta({ id: 'supply_chain_v1_ShippingIndex', description: 'A freight-rate index.' });

export type ShippingIndex = z.infer<typeof ShippingIndex>;

export const GetShippingRatesRequest = z.object({});

export const GetShippingRatesResponse = z
  .object({
    indices: z.array(ShippingIndex).meta({ description: 'SCFI, CCFI, then the Baltic dry indices.' }),
    fetchedAt: z.string(),
    upstreamUnavailable: z.boolean(),
  })
  .meta({ id: 'supply_chain_v1_GetShippingRatesResponse', description: 'Container and dry-bulk freight indices.' });

export type GetShippingRatesResponse = z.infer<typeof GetShippingRatesResponse>;
