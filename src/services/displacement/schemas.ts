import { z } from 'zod';
import { doubleParam, int32Param } from '../../platform/query-params.js';
import { GeoCoordinates } from '../../platform/schemas/core.js';
import { DEFAULT_EXPOSURE_RADIUS_KM, DEFAULT_FLOW_LIMIT, FIRST_YEAR, MAX_EXPOSURE_RADIUS_KM } from './rules.js';

const count = (description?: string) =>
  z
    .number()
    .int()
    .min(0)
    .meta({ format: 'int64', ...(description ? { description } : {}) });

export const GlobalDisplacementTotals = z
  .object({
    refugees: count('Refugees and other people in need of international protection.'),
    asylumSeekers: count(),
    idps: count('Internally displaced people.'),
    stateless: count(),
    total: count('Sum of the four groups.'),
  })
  .meta({ id: 'displacement_v1_GlobalDisplacementTotals', description: 'Worldwide totals for the data year.' });

export const CountryDisplacement = z
  .object({
    code: z.string().min(1).meta({ description: 'ISO 3166-1 alpha-2 code.' }),
    name: z.string(),
    refugees: count('Refugees originating from this country.'),
    asylumSeekers: count('Asylum seekers originating from this country.'),
    idps: count('People displaced inside this country.'),
    stateless: count('Stateless people living in this country.'),
    totalDisplaced: count('refugees + asylumSeekers + idps.'),
    hostRefugees: count('Refugees this country hosts.'),
    hostAsylumSeekers: count('Asylum seekers this country hosts.'),
    hostTotal: count('hostRefugees + hostAsylumSeekers.'),
    location: GeoCoordinates.optional().meta({ description: 'Approximate centroid of the country.' }),
  })
  .meta({ id: 'displacement_v1_CountryDisplacement', description: 'Displacement from and into one country.' });

export type CountryDisplacement = z.infer<typeof CountryDisplacement>;

export const DisplacementFlow = z
  .object({
    originCode: z.string().min(1).meta({ description: 'ISO 3166-1 alpha-2 code of the country of origin.' }),
    originName: z.string(),
    asylumCode: z.string().min(1).meta({ description: 'ISO 3166-1 alpha-2 code of the country of asylum.' }),
    asylumName: z.string(),
    refugees: count('Refugees from the origin living in the asylum country.'),
    originLocation: GeoCoordinates.optional(),
    asylumLocation: GeoCoordinates.optional(),
  })
  .meta({ id: 'displacement_v1_DisplacementFlow', description: 'Refugees from one country hosted by another.' });

export type DisplacementFlow = z.infer<typeof DisplacementFlow>;

export const DisplacementSummary = z
  .object({
    year: z.number().int().meta({
      format: 'int32',
      description:
        'Year the figures describe (UNHCR publishes with a lag, so it can precede the calendar year); 0 when no data.',
    }),
    globalTotals: GlobalDisplacementTotals,
    countries: z
      .array(CountryDisplacement)
      .meta({ description: 'Countries by the larger of displaced and hosted people, largest first.' }),
    topFlows: z.array(DisplacementFlow).meta({ description: 'Origin-asylum pairs by refugees, largest first.' }),
  })
  .meta({ id: 'displacement_v1_DisplacementSummary', description: 'Forced displacement figures for one year.' });

export type DisplacementSummary = z.infer<typeof DisplacementSummary>;

export const GetDisplacementSummaryRequest = z.object({
  year: int32Param({
    min: 0,
    description: `Data year: 0 or omitted for the latest; otherwise ${FIRST_YEAR} to the current year. Only the snapshot's own year has data.`,
  }),
  country_limit: int32Param({ min: 0, description: 'Most countries to return; 0 or omitted returns all.' }),
  flow_limit: int32Param({
    min: 0,
    description: `Most flows to return; 0 or omitted means ${DEFAULT_FLOW_LIMIT}. A value above the number of flows returns them all.`,
  }),
});

export type GetDisplacementSummaryRequest = z.infer<typeof GetDisplacementSummaryRequest>;

export const GetDisplacementSummaryResponse = z
  .object({
    summary: DisplacementSummary,
    fetchedAt: z.number().int().meta({
      format: 'int64',
      description: 'When the snapshot was fetched, Unix epoch milliseconds; 0 when no data is available.',
    }),
    dataAvailable: z.boolean().meta({
      description: 'False when there is no snapshot or it does not hold the requested year; the summary is then empty.',
    }),
  })
  .meta({
    id: 'displacement_v1_GetDisplacementSummaryResponse',
    description: 'Refugee, asylum-seeker, IDP and stateless figures by country, with the largest flows.',
  });

export type GetDisplacementSummaryResponse = z.infer<typeof GetDisplacementSummaryResponse>;

// get-population-exposure

export const CountryPopulationEntry = z
  .object({
    code: z.string().meta({ description: 'ISO 3166-1 alpha-3 code.' }),
    name: z.string(),
    population: count('Total population, latest World Bank year.'),
    densityPerKm2: z.number().int().meta({ format: 'int32', description: 'People per km² of land, rounded.' }),
  })
  .meta({
    id: 'displacement_v1_CountryPopulationEntry',
    description: 'Population and density of one covered country.',
  });

export const ExposureResult = z
  .object({
    exposedPopulation: count('People estimated within the radius at the nearest country’s average density.'),
    exposureRadiusKm: z.number().meta({ format: 'double', description: 'Radius used, km.' }),
    nearestCountry: z
      .string()
      .meta({ description: 'ISO alpha-3 code of the covered country with the nearest centroid.' }),
    densityPerKm2: z.number().int().meta({ format: 'int32', description: 'That country’s people per km².' }),
  })
  .meta({ id: 'displacement_v1_ExposureResult', description: 'A rough count of people around a point.' });

export const GetPopulationExposureRequest = z.object({
  mode: z
    .string()
    .max(32)
    .meta({
      description:
        '"exposure" estimates people around lat/lon; anything else (or omitted) lists the covered countries.',
    })
    .optional(),
  lat: doubleParam({ min: -90, max: 90, description: 'Latitude of the point, decimal degrees; omitted means 0.' }),
  lon: doubleParam({ min: -180, max: 180, description: 'Longitude of the point, decimal degrees; omitted means 0.' }),
  radius: doubleParam({
    min: 0,
    max: MAX_EXPOSURE_RADIUS_KM,
    description: `Radius in km: omitted or 0 means ${DEFAULT_EXPOSURE_RADIUS_KM}; at most ${MAX_EXPOSURE_RADIUS_KM}.`,
  }),
});
export type GetPopulationExposureRequest = z.infer<typeof GetPopulationExposureRequest>;

export const GetPopulationExposureResponse = z
  .object({
    success: z
      .boolean()
      .meta({ description: 'False when the population snapshot is missing (nothing else is then filled in).' }),
    countries: z
      .array(CountryPopulationEntry)
      .meta({ description: 'Covered countries in countries mode; empty in exposure mode.' }),
    exposure: ExposureResult.optional().meta({ description: 'Present in exposure mode only.' }),
  })
  .meta({
    id: 'displacement_v1_GetPopulationExposureResponse',
    description: 'Population of conflict-affected countries, or people near a point.',
  });
export type GetPopulationExposureResponse = z.infer<typeof GetPopulationExposureResponse>;
