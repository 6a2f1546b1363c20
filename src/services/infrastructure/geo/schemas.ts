import { z } from 'zod';
import { doubleParam } from '../../../platform/query-params.js';

export const GetIpGeoRequest = z.object({});
export type GetIpGeoRequest = z.infer<typeof GetIpGeoRequest>;

export const GetIpGeoResponse = z
  .object({
    country: z
      .string()
      .meta({ description: 'ISO 3166-1 alpha-2 code of the caller’s address, or `XX` when unknown or private.' }),
    region: z
      .string()
      .meta({ description: 'Region of the address; empty, as the bundled table resolves countries only.' }),
    city: z.string().meta({ description: 'City of the address; empty for the same reason.' }),
  })
  .meta({ id: 'infrastructure_v1_GetIpGeoResponse', description: 'Where the caller’s address is registered.' });
export type GetIpGeoResponse = z.infer<typeof GetIpGeoResponse>;

export const ReverseGeocodeRequest = z.object({
  lat: doubleParam({ min: -90, max: 90, description: 'Latitude in degrees (required).' }),
  lon: doubleParam({ min: -180, max: 180, description: 'Longitude in degrees (required).' }),
});
export type ReverseGeocodeRequest = z.infer<typeof ReverseGeocodeRequest>;

export const ReverseGeocodeResponse = z
  .object({
    country: z.string().meta({ description: 'Country name; empty when no place is near (open sea, ice).' }),
    code: z.string().meta({ description: 'ISO 3166-1 alpha-2 code, upper case; empty when no place is near.' }),
    displayName: z
      .string()
      .meta({ description: '`<nearest place>, <country>` from the gazetteer, or the live geocoder’s display name.' }),
    error: z.string().meta({ description: 'Empty on success; what went wrong with the live geocoder otherwise.' }),
  })
  .meta({ id: 'infrastructure_v1_ReverseGeocodeResponse', description: 'The country a position lies in.' });
export type ReverseGeocodeResponse = z.infer<typeof ReverseGeocodeResponse>;
