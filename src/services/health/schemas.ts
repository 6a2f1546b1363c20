import { z } from 'zod';
import { airQualityFields } from '../climate/index.js';

export const AirQualityAlert = z
  .object(airQualityFields)
  .meta({ id: 'health_v1_AirQualityAlert', description: 'A PM2.5 monitor and its latest reading.' });

export const ListAirQualityAlertsRequest = z.object({});
export const ListAirQualityAlertsResponse = z
  .object({
    alerts: z.array(AirQualityAlert).meta({
      description: 'Every monitor with a current reading (as published: not only unhealthy ones), worst AQI first.',
    }),
    fetchedAt: z.number().int().meta({
      format: 'int64',
      description: 'When the readings were collected, Unix epoch milliseconds; 0 without data.',
    }),
  })
  .meta({
    id: 'health_v1_ListAirQualityAlertsResponse',
    description: 'Fine-particle pollution at monitoring stations, for health alerting.',
  });

export const DiseaseOutbreakItem = z
  .object({
    id: z.string().meta({ description: 'Stable id: source, a hash of the report address, publication time.' }),
    disease: z.string().meta({ description: 'Disease the report names, e.g. `Cholera`.' }),
    location: z.string().meta({ description: 'Country the report is about; empty when none could be identified.' }),
    countryCode: z.string().meta({ description: 'ISO 3166-1 alpha-2 code of that country, or empty.' }),
    alertLevel: z.string().meta({
      description:
        '`alert` (the report speaks of an outbreak, emergency, epidemic or pandemic), `warning` (warning, spread, cases increasing) or `watch`.',
    }),
    summary: z.string().meta({ description: 'The report’s summary as plain text, at most 300 characters.' }),
    sourceUrl: z.string().meta({ description: 'Address of the report.' }),
    publishedAt: z.number().int().meta({ format: 'int64', description: 'Publication time, Unix epoch milliseconds.' }),
    sourceName: z.string().meta({ description: '`WHO` or `Outbreak News Today`.' }),
    lat: z.number().meta({ format: 'double', description: 'Representative latitude of the country; 0 when unknown.' }),
    lng: z.number().meta({ format: 'double', description: 'Representative longitude of the country; 0 when unknown.' }),
    cases: z
      .number()
      .int()
      .min(0)
      .max(2147483647)
      .meta({ format: 'int32', description: 'First case count the summary states; 0 when it states none.' }),
  })
  .meta({ id: 'health_v1_DiseaseOutbreakItem', description: 'A reported disease outbreak.' });
export type DiseaseOutbreakItem = z.infer<typeof DiseaseOutbreakItem>;

export const ListDiseaseOutbreaksRequest = z.object({});
export const ListDiseaseOutbreaksResponse = z
  .object({
    outbreaks: z
      .array(DiseaseOutbreakItem)
      .meta({ description: 'Newest first, one per disease and country, at most 50.' }),
    fetchedAt: z
      .number()
      .int()
      .meta({ format: 'int64', description: 'When the feeds were read, Unix epoch milliseconds; 0 without data.' }),
    alertLevelMethodologyVersion: z
      .string()
      .meta({ description: 'Version of the keyword method behind alertLevel: `v1`.' }),
  })
  .meta({
    id: 'health_v1_ListDiseaseOutbreaksResponse',
    description: 'Disease outbreaks reported by health agencies and outbreak news.',
  });
