import { z } from 'zod';
import { airQualityFields } from '../climate/schemas.js';

export const AirQualityAlert = z.object(airQualityFields).meta({ id: 'health_v1_AirQualityAlert', description: 'A PM2.5 monitor and its latest reading.' });

export const ListAirQualityAlertsRequest = z.object({});
export const ListAirQualityAlertsResponse = z
  .object({
    alerts: z.array(AirQualityAlert).meta({ description: 'Every monitor with a current reading (as published: not only unhealthy ones), worst AQI first.' }),
    fetchedAt: z.number().int().meta({ format: 'int64', description: 'When the readings were collected, Unix epoch milliseconds; 0 without data.' }),
  })
  .meta({ id: 'health_v1_ListAirQualityAlertsResponse', description: 'Fine-particle pollution at monitoring stations, for health alerting.' });
