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
    fetchedAt: z.number().int().meta({ format: 'int64', description: 'When the quotes were fetched, Unix epoch milliseconds; 0 when there are none.' }),
    upstreamUnavailable: z.boolean().meta({ description: 'No quotes, or some watched names missing from the last fetch.' }),
  })
  .meta({ id: 'supply_chain_v1_GetShippingStressResponse', description: 'Market stress in listed shipping names.' });

export type GetShippingStressResponse = z.infer<typeof GetShippingStressResponse>;
