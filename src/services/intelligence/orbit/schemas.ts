import { z } from 'zod';
import { stringParam } from '../../../platform/query-params.js';

export const Satellite = z
  .object({
    id: z.string().min(1).meta({ description: 'NORAD catalogue number.' }),
    name: z.string().meta({ description: 'Object name as CelesTrak publishes it.' }),
    country: z.string().meta({ description: 'Operator, ISO 3166-1 alpha-2 (`EU` for the Copernicus Sentinels).' }),
    type: z.string().meta({ description: 'Sensor type: `sar`, `optical` or `military`.' }),
    alt: z
      .number()
      .meta({ format: 'double', description: 'Mean altitude above the equator, km, from the mean motion.' }),
    velocity: z.number().meta({ format: 'double', description: 'Mean orbital speed, km/s, from the mean motion.' }),
    inclination: z.number().meta({ format: 'double', description: 'Orbital inclination, degrees.' }),
    line1: z.string().meta({ description: 'First line of the two-line element set.' }),
    line2: z.string().meta({ description: 'Second line of the two-line element set.' }),
  })
  .meta({ id: 'intelligence_v1_Satellite', description: 'A tracked reconnaissance or earth-observation satellite.' });

export type Satellite = z.infer<typeof Satellite>;

export const ListSatellitesRequest = z.object({
  country: stringParam(
    'Operator country, ISO 3166-1 alpha-2 or `EU` (trimmed, case-insensitive); omitted means all.',
    8,
  ),
});

export type ListSatellitesRequest = z.infer<typeof ListSatellitesRequest>;

export const ListSatellitesResponse = z
  .object({ satellites: z.array(Satellite) })
  .meta({ id: 'intelligence_v1_ListSatellitesResponse', description: 'Tracked satellites, by name.' });

export type ListSatellitesResponse = z.infer<typeof ListSatellitesResponse>;
