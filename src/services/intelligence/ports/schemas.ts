import { z } from 'zod';
import { stringParam } from '../../../platform/query-params.js';

export const PortActivityEntry = z
  .object({
    portId: z.string().meta({ description: 'PortWatch port id.' }),
    portName: z.string(),
    lat: z.number().meta({ format: 'double' }),
    lon: z.number().meta({ format: 'double' }),
    tankerCalls30d: z
      .number()
      .int()
      .min(0)
      .meta({ format: 'int32', description: 'Tanker port calls over the last 30 days of data.' }),
    trendDeltaPct: z.number().meta({
      format: 'double',
      description: 'Change against the 30 days before, percent; 0 when those had no calls.',
    }),
    importTankerDwt: z
      .number()
      .meta({ format: 'double', description: 'Deadweight tonnage of tanker imports over the last 30 days.' }),
    exportTankerDwt: z
      .number()
      .meta({ format: 'double', description: 'Deadweight tonnage of tanker exports over the last 30 days.' }),
    anomalySignal: z.boolean().meta({ description: 'Always false: no anomaly model is applied.' }),
  })
  .meta({ id: 'intelligence_v1_PortActivityEntry', description: 'Tanker activity of one port.' });

export const GetCountryPortActivityRequest = z.object({
  country_code: stringParam(
    'ISO 3166-1 alpha-2 country code (trimmed, case-insensitive); omitted means every followed country.',
    8,
  ),
});

export type GetCountryPortActivityRequest = z.infer<typeof GetCountryPortActivityRequest>;

export const CountryPortActivityResponse = z
  .object({
    ports: z.array(PortActivityEntry).meta({ description: 'Busiest first, at most 25.' }),
    fetchedAt: z.string().meta({ description: 'When the port data was fetched, ISO 8601; empty when unavailable.' }),
    available: z.boolean().meta({ description: 'False when the country is not followed or no port data is loaded.' }),
  })
  .meta({ id: 'intelligence_v1_CountryPortActivityResponse', description: 'Tanker activity of a country’s ports.' });

export type CountryPortActivityResponse = z.infer<typeof CountryPortActivityResponse>;
