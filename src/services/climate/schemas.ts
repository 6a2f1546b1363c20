import { z } from 'zod';
import { int32Param, stringParam } from '../../platform/query-params.js';
import { GeoCoordinates, PaginationResponse } from '../../platform/schemas/core.js';

const i64 = (description: string) => z.number().int().meta({ format: 'int64', description });
const dbl = (description: string) => z.number().meta({ format: 'double', description });

/** One PM2.5 monitor's latest reading; the same shape serves health list-air-quality-alerts. */
export const airQualityFields = {
  city: z.string().meta({ description: 'City or locality of the monitor.' }),
  countryCode: z.string().meta({ description: 'ISO 3166-1 alpha-2 code.' }),
  lat: dbl('Latitude of the monitor.'),
  lng: dbl('Longitude of the monitor.'),
  pm25: dbl('PM2.5 concentration, µg/m³ (one decimal).'),
  aqi: z
    .number()
    .int()
    .min(0)
    .max(500)
    .meta({ format: 'int32', description: 'US EPA air quality index from the PM2.5 value (2024 breakpoints), 0-500.' }),
  riskLevel: z
    .string()
    .meta({ description: '`good` (AQI ≤ 50), `moderate` (≤ 100), `unhealthy` (≤ 300) or `hazardous`.' }),
  pollutant: z.string().meta({ description: 'Pollutant the index is computed from: `pm25`.' }),
  measuredAt: i64('Time of the reading, Unix epoch milliseconds.'),
  source: z.string().meta({ description: 'Network the reading came from: `OpenAQ`.' }),
};

export const AirQualityStation = z
  .object(airQualityFields)
  .meta({ id: 'climate_v1_AirQualityStation', description: 'A PM2.5 monitor and its latest reading.' });
export type AirQualityStation = z.infer<typeof AirQualityStation>;

export const ListAirQualityDataRequest = z.object({});
export const ListAirQualityDataResponse = z
  .object({
    stations: z
      .array(AirQualityStation)
      .meta({ description: 'Monitors with a reading in the last two hours of the feed, worst AQI first.' }),
    fetchedAt: i64('When the readings were collected, Unix epoch milliseconds; 0 without data.'),
  })
  .meta({
    id: 'climate_v1_ListAirQualityDataResponse',
    description: 'Current fine-particle pollution at monitoring stations.',
  });
export type ListAirQualityDataResponse = z.infer<typeof ListAirQualityDataResponse>;

export const Co2DataPoint = z
  .object({
    month: z.string().meta({ description: 'Month, `YYYY-MM`.' }),
    ppm: dbl('Monthly mean CO₂ at Mauna Loa, ppm.'),
    anomaly: dbl('Difference from the same month a year earlier, ppm (0 when that month is not in the table).'),
  })
  .meta({ id: 'climate_v1_Co2DataPoint', description: 'One month of the CO₂ record.' });

export const Co2Monitoring = z
  .object({
    currentPpm: dbl('Latest daily mean CO₂ at Mauna Loa, ppm.'),
    yearAgoPpm: dbl('Daily mean on the same day a year earlier (or the nearest day recorded), ppm.'),
    annualGrowthRate: dbl('Difference between the last two global annual means, ppm per year (2 decimals).'),
    preIndustrialBaseline: dbl('Pre-industrial CO₂ level for comparison: 280 ppm.'),
    monthlyAverage: dbl('Mean of the daily values of the latest daily value’s month, ppm.'),
    trend12m: z.array(Co2DataPoint).meta({ description: 'The last 12 monthly means, oldest first.' }),
    methanePpb: dbl('Latest global monthly mean methane, ppb.'),
    nitrousOxidePpb: dbl('Latest global monthly mean nitrous oxide, ppb.'),
    measuredAt: z.string().meta({
      format: 'int64',
      description:
        'Day of the latest daily value, Unix epoch milliseconds as a decimal string (the published encoding).',
    }),
    station: z.string().meta({ description: 'Where the CO₂ values are measured: `Mauna Loa, Hawaii`.' }),
  })
  .meta({ id: 'climate_v1_Co2Monitoring', description: 'Greenhouse gas levels from NOAA GML.' });
export type Co2Monitoring = z.infer<typeof Co2Monitoring>;

export const GetCo2MonitoringRequest = z.object({});
export const GetCo2MonitoringResponse = z
  .object({
    monitoring: Co2Monitoring.optional().meta({
      description: 'Absent when no greenhouse-gas snapshot exists (then served no-store).',
    }),
  })
  .meta({ id: 'climate_v1_GetCo2MonitoringResponse', description: 'Greenhouse gas monitoring.' });

export const ClimateNewsItem = z
  .object({
    id: z.string().meta({ description: 'Stable id: hash of the article address and its publication time.' }),
    title: z.string().meta({ description: 'Headline.' }),
    url: z.string().meta({ description: 'Article address.' }),
    sourceName: z.string().meta({ description: 'Outlet, e.g. `Carbon Brief`.' }),
    publishedAt: i64('Publication time, Unix epoch milliseconds.'),
    summary: z.string().meta({ description: 'The feed’s summary as plain text, at most 300 characters.' }),
  })
  .meta({ id: 'climate_v1_ClimateNewsItem', description: 'A climate news article.' });
export type ClimateNewsItem = z.infer<typeof ClimateNewsItem>;

export const ListClimateNewsRequest = z.object({});
export const ListClimateNewsResponse = z
  .object({
    items: z.array(ClimateNewsItem).meta({ description: 'Newest first, one per address, at most 100.' }),
    fetchedAt: i64('When the feeds were read, Unix epoch milliseconds; 0 without data.'),
    dataAvailable: z.boolean().meta({ description: 'False when no news snapshot exists (served no-store).' }),
  })
  .meta({ id: 'climate_v1_ListClimateNewsResponse', description: 'Recent climate news.' });

export const ClimateDisaster = z
  .object({
    id: z.string().meta({ description: '`reliefweb-<id>` or `eonet-<id>`.' }),
    type: z.string().meta({ description: '`flood`, `tropical_cyclone`, `drought`, `heat_wave` or `wildfire`.' }),
    name: z.string().meta({ description: 'Name as the source gives it.' }),
    country: z.string().meta({ description: 'Country name; empty for satellite-tracked events without one.' }),
    countryCode: z.string().meta({ description: 'ISO 3166-1 alpha-2 code, or empty.' }),
    lat: dbl('Latitude (the country’s for ReliefWeb disasters, the latest position for tracked events).'),
    lng: dbl('Longitude.'),
    severity: z.string().meta({
      description: '`high` (ReliefWeb alert, or a cyclone of category 3 and above), `medium` (ongoing), `low` (past).',
    }),
    startedAt: i64('Start of the event, Unix epoch milliseconds.'),
    status: z
      .string()
      .meta({ description: 'ReliefWeb status (`alert`, `ongoing`, `past`), or `open`/`closed` for tracked events.' }),
    affectedPopulation: z.number().int().min(0).max(2147483647).meta({
      format: 'int32',
      description: 'People affected when the source states it; 0 otherwise (neither source does).',
    }),
    source: z.string().meta({ description: '`ReliefWeb` or `NASA EONET`.' }),
    sourceUrl: z.string().meta({ description: 'Page of the disaster at the source.' }),
  })
  .meta({ id: 'climate_v1_ClimateDisaster', description: 'A climate-related disaster.' });
export type ClimateDisaster = z.infer<typeof ClimateDisaster>;

export const DISASTERS_DEFAULT_PAGE_SIZE = 50;
export const DISASTERS_MAX_PAGE_SIZE = 100;

export const ListClimateDisastersRequest = z.object({
  page_size: int32Param({
    min: 0,
    description: `Disasters per page. Omitted or 0 means ${DISASTERS_DEFAULT_PAGE_SIZE}; at most ${DISASTERS_MAX_PAGE_SIZE}.`,
  }),
  cursor: stringParam('Opaque cursor from a previous page’s pagination.nextCursor.', 512),
});
export type ListClimateDisastersRequest = z.infer<typeof ListClimateDisastersRequest>;

export const ListClimateDisastersResponse = z
  .object({
    disasters: z.array(ClimateDisaster).meta({ description: 'Newest start first.' }),
    pagination: PaginationResponse,
  })
  .meta({ id: 'climate_v1_ListClimateDisastersResponse', description: 'Climate-related disasters.' });

export const ANOMALY_SEVERITIES = [
  'ANOMALY_SEVERITY_UNSPECIFIED',
  'ANOMALY_SEVERITY_NORMAL',
  'ANOMALY_SEVERITY_MODERATE',
  'ANOMALY_SEVERITY_EXTREME',
] as const;

export const ClimateAnomaly = z
  .object({
    zone: z.string().meta({ description: 'Climate zone, e.g. `Horn of Africa`.' }),
    location: GeoCoordinates.meta({ description: 'Point the zone is sampled at.' }),
    tempDelta: dbl('Mean temperature of the week minus the 1991-2020 normal for the month, °C (1 decimal).'),
    precipDelta: dbl('Mean daily precipitation of the week minus the normal, mm/day (1 decimal).'),
    severity: z
      .enum(ANOMALY_SEVERITIES)
      .meta({ description: 'EXTREME at |ΔT| ≥ 5 °C or |ΔP| ≥ 12 mm/day, MODERATE at 3 °C or 6 mm/day, else NORMAL.' }),
    type: z
      .enum([
        'ANOMALY_TYPE_UNSPECIFIED',
        'ANOMALY_TYPE_WARM',
        'ANOMALY_TYPE_COLD',
        'ANOMALY_TYPE_WET',
        'ANOMALY_TYPE_DRY',
        'ANOMALY_TYPE_MIXED',
      ])
      .meta({
        description:
          'WARM/COLD when temperature leads, MIXED for warm and dry together, WET/DRY when precipitation leads.',
      }),
    period: z.string().meta({ description: 'The week compared: `<first day> to <last day>`.' }),
  })
  .meta({
    id: 'climate_v1_ClimateAnomaly',
    description: 'How far a zone’s last week departs from its climate normal.',
  });
export type ClimateAnomaly = z.infer<typeof ClimateAnomaly>;

export const ANOMALIES_DEFAULT_PAGE_SIZE = 50;
export const ANOMALIES_MAX_PAGE_SIZE = 100;

export const ListClimateAnomaliesRequest = z.object({
  page_size: int32Param({
    min: 0,
    description: `Zones per page. Omitted or 0 means ${ANOMALIES_DEFAULT_PAGE_SIZE}; at most ${ANOMALIES_MAX_PAGE_SIZE}.`,
  }),
  cursor: stringParam('Opaque cursor from a previous page’s pagination.nextCursor.', 512),
  min_severity: z.enum(ANOMALY_SEVERITIES).optional().meta({
    description:
      'Only zones at this severity or above (NORMAL < MODERATE < EXTREME). Omitted or UNSPECIFIED means every zone.',
  }),
});
export type ListClimateAnomaliesRequest = z.infer<typeof ListClimateAnomaliesRequest>;

export const ListClimateAnomaliesResponse = z
  .object({
    anomalies: z
      .array(ClimateAnomaly)
      .meta({ description: 'Most severe first, then the largest temperature departure.' }),
    pagination: PaginationResponse,
  })
  .meta({ id: 'climate_v1_ListClimateAnomaliesResponse', description: 'Weekly climate anomalies by zone.' });

export const IceTrendPoint = z
  .object({
    month: z.string().meta({ description: 'Month, `YYYY-MM`.' }),
    extentMkm2: dbl('Mean daily Arctic sea ice extent of the month, million km².'),
    anomalyMkm2: dbl('Mean difference from the 1981-2010 daily median, million km².'),
  })
  .meta({ id: 'climate_v1_IceTrendPoint', description: 'One month of Arctic sea ice.' });

export const OceanIceData = z
  .object({
    arcticExtentMkm2: dbl(
      'Latest daily Arctic sea ice extent, million km² (NSIDC Sea Ice Index); 0 when that section is missing.',
    ),
    arcticExtentAnomalyMkm2: dbl('Latest extent minus the 1981-2010 median for the day of year.'),
    arcticTrend: z.string().meta({
      description: '`below_average` or `above_average` beyond ±0.5 million km², else `average`; empty when missing.',
    }),
    seaLevelMmAbove1993: dbl('Global mean sea level rise since 1993, mm (NASA).'),
    seaLevelAnnualRiseMm: dbl('Current rate of rise, mm per year (NASA).'),
    ohc0700mZj: dbl('Ocean heat content of the upper 700 m, latest year, zettajoules (NCEI).'),
    sstAnomalyC: dbl('Latest monthly global ocean surface temperature anomaly against 1991-2020, °C (NOAAGlobalTemp).'),
    measuredAt: i64('Time of the newest indicator, Unix epoch milliseconds.'),
    iceTrend12m: z.array(IceTrendPoint).meta({ description: 'The last 12 months of Arctic extent, oldest first.' }),
  })
  .meta({ id: 'climate_v1_OceanIceData', description: 'Ocean and sea ice indicators.' });
export type OceanIceData = z.infer<typeof OceanIceData>;

export const GetOceanIceDataRequest = z.object({});
export const GetOceanIceDataResponse = z
  .object({
    data: OceanIceData.optional().meta({
      description: 'Absent when no ocean and ice snapshot exists (then served no-store).',
    }),
  })
  .meta({ id: 'climate_v1_GetOceanIceDataResponse', description: 'Ocean and sea ice indicators.' });
