import { z } from 'zod';
import { stringParam } from '../../platform/query-params.js';
import { FORECAST_DOMAINS } from './rules.js';

const dbl = (description?: string) => z.number().meta({ format: 'double', ...(description ? { description } : {}) });
const i32 = (description?: string) =>
  z
    .number()
    .int()
    .meta({ format: 'int32', ...(description ? { description } : {}) });
const i64 = (description: string) => z.number().int().meta({ format: 'int64', description });

export const ForecastSignal = z
  .object({ type: z.string(), value: z.string(), weight: dbl() })
  .meta({ id: 'forecast_v1_ForecastSignal', description: 'One input that moved the forecast.' });
export const CascadeEffect = z
  .object({ domain: z.string(), effect: z.string(), probability: dbl() })
  .meta({ id: 'forecast_v1_CascadeEffect', description: 'A knock-on effect in another domain.' });
export const CalibrationInfo = z
  .object({ marketTitle: z.string(), marketPrice: dbl(), drift: dbl(), source: z.string() })
  .meta({ id: 'forecast_v1_CalibrationInfo', description: 'The prediction market matched to the forecast.' });
export const Perspectives = z
  .object({ strategic: z.string(), regional: z.string(), contrarian: z.string() })
  .meta({ id: 'forecast_v1_Perspectives', description: 'Narratives from three viewpoints.' });
export const Projections = z
  .object({ h24: dbl(), d7: dbl(), d30: dbl() })
  .meta({ id: 'forecast_v1_Projections', description: 'Projected probability at 24 h, 7 and 30 days.' });
export const ForecastCaseEvidence = z
  .object({ type: z.string(), summary: z.string(), weight: dbl() })
  .meta({ id: 'forecast_v1_ForecastCaseEvidence' });
export const ForecastActor = z
  .object({
    id: z.string(),
    name: z.string(),
    category: z.string(),
    role: z.string(),
    objectives: z.array(z.string()),
    constraints: z.array(z.string()),
    likelyActions: z.array(z.string()),
    influenceScore: dbl(),
  })
  .meta({ id: 'forecast_v1_ForecastActor' });
export const ForecastWorldState = z
  .object({
    summary: z.string(),
    activePressures: z.array(z.string()),
    stabilizers: z.array(z.string()),
    keyUnknowns: z.array(z.string()),
  })
  .meta({ id: 'forecast_v1_ForecastWorldState' });
export const ForecastBranchRound = z
  .object({
    round: i32(),
    focus: z.string(),
    developments: z.array(z.string()),
    actorMoves: z.array(z.string()),
    probabilityShift: dbl(),
  })
  .meta({ id: 'forecast_v1_ForecastBranchRound' });
export const ForecastBranch = z
  .object({
    kind: z.string(),
    title: z.string(),
    summary: z.string(),
    outcome: z.string(),
    projectedProbability: dbl(),
    rounds: z.array(ForecastBranchRound),
  })
  .meta({ id: 'forecast_v1_ForecastBranch' });
export const ForecastCase = z
  .object({
    supportingEvidence: z.array(ForecastCaseEvidence),
    counterEvidence: z.array(ForecastCaseEvidence),
    triggers: z.array(z.string()),
    actorLenses: z.array(z.string()),
    baseCase: z.string(),
    escalatoryCase: z.string(),
    contrarianCase: z.string(),
    changeSummary: z.string(),
    changeItems: z.array(z.string()),
    actors: z.array(ForecastActor),
    worldState: ForecastWorldState.optional(),
    branches: z.array(ForecastBranch),
  })
  .meta({ id: 'forecast_v1_ForecastCase', description: 'The evidence and cases behind a forecast.' });
export const ResolutionSpec = z
  .object({
    kind: z.string().meta({ description: '`hard` (settled by a metric) or `judged`.' }),
    metricKey: z.string().optional(),
    operator: z.string().optional(),
    threshold: dbl().optional(),
    baselineValue: dbl().optional(),
    window: z.string().optional(),
    deadline: i64('When the forecast resolves, epoch ms.'),
    sourceFeed: z.string().optional(),
    question: z.string().optional(),
  })
  .meta({ id: 'forecast_v1_ResolutionSpec', description: 'How and when the forecast is resolved.' });

export const Forecast = z
  .object({
    id: z.string(),
    domain: z
      .string()
      .meta({ description: 'One of conflict, market, supply_chain, political, military, cyber, infrastructure.' }),
    region: z.string(),
    title: z.string(),
    scenario: z.string().meta({
      description:
        'Narrative of the forecast as the document carries it (pipelines without a model write rule-based text).',
    }),
    feedSummary: z.string(),
    probability: dbl('0-1.'),
    confidence: dbl('0-1.'),
    timeHorizon: z.string(),
    signals: z.array(ForecastSignal),
    cascades: z.array(CascadeEffect),
    trend: z.string().meta({ description: '`rising`, `falling` or `stable` against the previous run.' }),
    priorProbability: dbl(),
    calibration: CalibrationInfo.optional(),
    createdAt: i64('Epoch ms.'),
    updatedAt: i64('Epoch ms.'),
    perspectives: Perspectives.optional(),
    projections: Projections.optional(),
    caseFile: ForecastCase.optional(),
    simulationAdjustment: dbl(),
    simPathConfidence: dbl(),
    demotedBySimulation: z.boolean(),
    resolution: ResolutionSpec.optional(),
  })
  .meta({ id: 'forecast_v1_Forecast', description: 'One forecast card.' });

export type Forecast = z.infer<typeof Forecast>;

export const GetForecastsRequest = z
  .object({
    domain: z.enum(FORECAST_DOMAINS).optional().meta({ description: 'Only forecasts of this domain.' }),
    region: stringParam('Only forecasts whose region contains this text (case-insensitive).', 128),
  })
  .meta({ id: 'forecast_v1_GetForecastsRequest' });

export const GetForecastsResponse = z
  .object({
    forecasts: z.array(Forecast),
    generatedAt: i64('When the forecast document was generated, epoch ms; 0 when none is loaded.'),
    degraded: z.boolean().meta({ description: 'No forecast document is loaded.' }),
    stale: z.boolean().meta({ description: 'The document is more than 6 hours old.' }),
    error: z
      .string()
      .meta({ description: '`forecast_backend_unavailable` when no document is loaded; empty otherwise.' }),
  })
  .meta({ id: 'forecast_v1_GetForecastsResponse', description: 'The current forecast cards.' });

export type GetForecastsResponse = z.infer<typeof GetForecastsResponse>;
