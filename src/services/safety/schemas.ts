import { z } from 'zod';
import { int32Param, stringParam } from '../../platform/query-params.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from './rules.js';

const ms = (description: string) => z.number().int().meta({ format: 'int64', description });

export const TorontoReportedOccurrence = z
  .object({
    id: z.string().meta({ description: '`tps-mci:<OBJECTID>`.' }),
    objectId: z.number().int().meta({ format: 'int64' }),
    eventUniqueId: z.string().meta({ description: 'TPS event number (one event can have several offences).' }),
    reportDate: z.string().meta({ description: 'Date reported, YYYY-MM-DD (Toronto).' }),
    occurrenceDate: z.string().meta({ description: 'Date it happened, YYYY-MM-DD (Toronto).' }),
    division: z.string(),
    locationType: z.string(),
    premisesType: z.string(),
    offence: z.string(),
    csiCategory: z.string().meta({
      description: 'Major crime indicator category: Assault, Break and Enter, Robbery, Auto Theft or Theft Over.',
    }),
    neighbourhood: z.string().meta({ description: 'One of the 158 City of Toronto neighbourhoods, with its number.' }),
    longitude: z.number().meta({ format: 'double' }),
    latitude: z.number().meta({ format: 'double' }),
    approximate: z
      .boolean()
      .meta({ description: 'Always true: TPS moves every point to the nearest intersection for privacy.' }),
  })
  .meta({ id: 'safety_v1_TorontoReportedOccurrence', description: 'One reported major crime.' });

export const TorontoAnnualAggregate = z
  .object({
    id: z.string().meta({ description: '`tps-calls:<OBJECTID>`.' }),
    objectId: z.number().int().meta({ format: 'int64' }),
    eventYear: z.number().int().meta({ format: 'int32' }),
    divisionOriginal: z.string().meta({ description: 'Division as recorded at the time.' }),
    divisionFinal: z.string().meta({ description: 'Division under current boundaries.' }),
    neighbourhood: z.string(),
    eventCount: z.number().meta({ format: 'double', description: 'Calls for service attended.' }),
    incidentPoint: z.boolean().meta({ description: 'Always false: an annual count, not a located incident.' }),
  })
  .meta({
    id: 'safety_v1_TorontoAnnualAggregate',
    description: 'Calls attended in one year, division and neighbourhood.',
  });

export const GetTorontoSafetyRequest = z.object({
  dataset: stringParam(
    'reported_occurrence (default: major crimes of the last 90 days) or annual_aggregate (calls attended per year).',
    64,
  ),
  limit: int32Param({
    description: `Rows to return: omitted, 0 or negative means ${DEFAULT_LIMIT}; at most ${MAX_LIMIT}.`,
  }),
  division: stringParam('Police division, e.g. D14 or 14 (annual rows match the original or current division).', 16),
  neighbourhood: stringParam('Text within the neighbourhood name or number, case-insensitive.', 128),
  offence: stringParam(
    'Text within the offence, case-insensitive (reported occurrences only: annual rows have no offence, so any value gives none).',
    128,
  ),
  year: int32Param({
    min: 0,
    max: 9999,
    description: 'Report year (occurrences) or event year (annual rows); 0 or omitted means any.',
  }),
});
export type GetTorontoSafetyRequest = z.infer<typeof GetTorontoSafetyRequest>;

export const GetTorontoSafetyResponse = z
  .object({
    semantic: z.string().meta({ description: 'The dataset answered: reported_occurrence or annual_aggregate.' }),
    source: z.string().meta({ description: 'tps-mci or tps-calls-attended.' }),
    sourceLabel: z.string(),
    attribution: z.string(),
    disclaimer: z.string(),
    sourceUrl: z.string(),
    fetchedAt: ms('When the snapshot was fetched, Unix epoch ms; 0 without one.'),
    sourceEditedAt: ms('When TPS last edited the layer: 0, query answers do not carry it.'),
    newestContentAt: ms('Newest report date (or start of the newest year), Unix epoch ms.'),
    newestContentYear: z.number().int().meta({ format: 'int32' }),
    degraded: z
      .boolean()
      .meta({ description: 'Always false when a snapshot is served: its age is in Last-Modified and health.' }),
    unavailable: z.boolean().meta({ description: 'True when there is no snapshot.' }),
    matched: z.number().int().meta({ format: 'int32', description: 'Rows matching the filters before limit.' }),
    truncated: z.boolean().meta({ description: 'True when limit cut the matches.' }),
    occurrences: z.array(TorontoReportedOccurrence),
    aggregates: z.array(TorontoAnnualAggregate),
  })
  .meta({
    id: 'safety_v1_GetTorontoSafetyResponse',
    description: 'Toronto police open data: major crimes or calls attended.',
  });
export type GetTorontoSafetyResponse = z.infer<typeof GetTorontoSafetyResponse>;
