import { z } from 'zod';
import { doubleParam, int32Param } from '../../../platform/query-params.js';
import { BASE_KINDS, BASE_TYPES } from './rules.js';

const int32 = (description: string) =>
  z.number().int().min(-2147483648).max(2147483647).meta({ format: 'int32', description });
const double = (description: string) => z.number().meta({ format: 'double', description });

export const ListMilitaryBasesRequest = z.object({
  ne_lat: doubleParam({
    min: -90,
    max: 90,
    description: 'North-east corner latitude; omitted corners default to the whole world.',
  }),
  ne_lon: doubleParam({
    min: -180,
    max: 180,
    description: 'North-east corner longitude; a west edge east of this crosses the antimeridian.',
  }),
  sw_lat: doubleParam({ min: -90, max: 90, description: 'South-west corner latitude.' }),
  sw_lon: doubleParam({ min: -180, max: 180, description: 'South-west corner longitude.' }),
  zoom: int32Param({
    min: 0,
    max: 22,
    description:
      'Map zoom 0-22 (omitted: 3). Below 5 only tier-1 installations show, 5-7 tiers 1-2, from 8 all; it also sets the cluster grid.',
  }),
  type: z.enum(BASE_TYPES).optional().meta({ description: 'Only bases of this operator grouping.' }),
  kind: z.enum(BASE_KINDS).optional().meta({ description: 'Only installations of this kind.' }),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { message: 'string must be an ISO 3166-1 alpha-2 code' })
    .optional()
    .meta({ description: 'Only bases in this country (ISO 3166-1 alpha-2, any case).' }),
});
export type ListMilitaryBasesRequest = z.infer<typeof ListMilitaryBasesRequest>;

export const MilitaryBaseEntry = z
  .object({
    id: z.string(),
    name: z.string(),
    latitude: double('Decimal degrees.'),
    longitude: double('Decimal degrees.'),
    kind: z.string().meta({ description: 'Installation kind, e.g. `airfield`, `naval_base`.' }),
    countryIso2: z.string().meta({ description: 'Country the installation is in, ISO 3166-1 alpha-2.' }),
    type: z
      .string()
      .meta({ description: 'Operator grouping: `us-nato`, `china`, `russia`, `uk`, `france`, ... or `other`.' }),
    tier: int32('Importance 1 (strategic) to 3 (minor); decides the zoom it appears at.'),
    catAirforce: z.boolean(),
    catNaval: z.boolean(),
    catNuclear: z.boolean(),
    catSpace: z.boolean(),
    catTraining: z.boolean(),
    branch: z.string().meta({ description: 'Service branch operating it, or empty.' }),
    status: z.string().meta({ description: '`active` or `inactive`.' }),
  })
  .meta({ id: 'military_v1_MilitaryBaseEntry', description: 'One military installation.' });

export const MilitaryBaseCluster = z
  .object({
    latitude: double('Mean latitude of the members.'),
    longitude: double('Mean longitude of the members.'),
    count: int32('Bases in the cluster.'),
    dominantType: z.string().meta({ description: 'Most common operator grouping among the members.' }),
    expansionZoom: int32('Zoom at which the cluster opens into smaller cells.'),
  })
  .meta({ id: 'military_v1_MilitaryBaseCluster', description: 'Bases grouped on a grid cell.' });

export const ListMilitaryBasesResponse = z
  .object({
    bases: z
      .array(MilitaryBaseEntry)
      .meta({ description: 'Bases in view, nearest the centre first (unclustered ones only when clustering).' }),
    clusters: z
      .array(MilitaryBaseCluster)
      .meta({ description: 'Grid clusters, only when more than 200 bases are in view below zoom 8.' }),
    totalInView: int32('Bases matching the box, filters and zoom tier, before clustering.'),
    truncated: z.boolean().meta({ description: 'True when more bases matched than this zoom lists.' }),
  })
  .meta({ id: 'military_v1_ListMilitaryBasesResponse', description: 'Military installations in a map view.' });
export type ListMilitaryBasesResponse = z.infer<typeof ListMilitaryBasesResponse>;
