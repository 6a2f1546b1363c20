import { z } from 'zod';
import { stringParam } from '../../platform/query-params.js';

export const ScenarioTemplate = z
  .object({
    id: z.string().meta({ description: 'Template id, as run-scenario takes it in `scenarioId`.' }),
    name: z.string().meta({ description: 'What the scenario describes.' }),
    affectedChokepointIds: z
      .array(z.string())
      .meta({ description: 'Chokepoints disrupted (ids of the chokepoint registry); empty for a tariff shock.' }),
    disruptionPct: z
      .number()
      .int()
      .meta({ format: 'int32', description: 'Share of traffic through those chokepoints lost, 0-100.' }),
    durationDays: z.number().int().meta({ format: 'int32', description: 'How long the disruption lasts, days.' }),
    affectedHs2: z.array(z.string()).meta({ description: 'HS2 chapters hit; empty means every chapter.' }),
    costShockMultiplier: z
      .number()
      .meta({ format: 'double', description: 'Multiplier applied to the cost of the affected trade.' }),
  })
  .meta({ id: 'scenario_v1_ScenarioTemplate', description: 'One scenario the worker can run.' });

export const ListScenarioTemplatesRequest = z.object({}).meta({ id: 'scenario_v1_ListScenarioTemplatesRequest' });

export const ListScenarioTemplatesResponse = z
  .object({
    templates: z
      .array(ScenarioTemplate)
      .meta({ description: 'Every template, in catalogue order; empty when the catalogue is not loaded.' }),
  })
  .meta({ id: 'scenario_v1_ListScenarioTemplatesResponse', description: 'The scenario template catalogue.' });

export type ListScenarioTemplatesResponse = z.infer<typeof ListScenarioTemplatesResponse>;

export const RunScenarioRequest = z
  .object({
    scenarioId: z.string().min(1).max(128).meta({ description: 'Id of a template from list-scenario-templates.' }),
    iso2: z
      .string()
      .regex(/^([A-Z]{2})?$/)
      .optional()
      .meta({
        description:
          'Limit the impact to one reporting country (ISO 3166-1 alpha-2); empty for the six default reporters (US, CN, RU, IR, IN, TW).',
      }),
  })
  .meta({ id: 'scenario_v1_RunScenarioRequest', description: 'A scenario to compute in the background.' });

export type RunScenarioRequest = z.infer<typeof RunScenarioRequest>;

export const RunScenarioResponse = z
  .object({
    jobId: z
      .string()
      .meta({ description: 'Id of the queued job (`scenario:<ms>:<8 chars>`), readable only with your credential.' }),
    status: z.string().meta({ description: 'Always `pending` here; read the progress from get-scenario-status.' }),
    statusUrl: z
      .string()
      .meta({ description: 'Path of get-scenario-status for this job (also in the `Location` header).' }),
  })
  .meta({ id: 'scenario_v1_RunScenarioResponse', description: 'The queued scenario job.' });

export type RunScenarioResponse = z.infer<typeof RunScenarioResponse>;

export const GetScenarioStatusRequest = z
  .object({
    jobId: stringParam(
      'Job id returned by run-scenario (`scenario:<13-digit ms>:<8 chars>`); omitted: the job this credential queued last.',
      64,
    ),
  })
  .meta({ id: 'scenario_v1_GetScenarioStatusRequest' });

export const ScenarioImpactCountry = z
  .object({
    iso2: z.string().meta({ description: 'Reporting country, ISO 3166-1 alpha-2.' }),
    totalImpact: z.number().meta({
      format: 'double',
      description:
        'Sum over its exposed trade of exposure score x disruption share x cost multiplier (tariff scenarios: vulnerability index x multiplier).',
    }),
    impactPct: z
      .number()
      .int()
      .meta({ format: 'int32', description: 'totalImpact as a percentage of the most affected country, 0-100.' }),
  })
  .meta({ id: 'scenario_v1_ScenarioImpactCountry', description: 'How hard the scenario hits one country.' });

export const ScenarioResultTemplate = z
  .object({
    name: z.string().meta({ description: 'Disrupted chokepoint ids joined by `+`, or `tariff_shock`.' }),
    disruptionPct: z.number().int().meta({ format: 'int32' }),
    durationDays: z.number().int().meta({ format: 'int32' }),
    costShockMultiplier: z.number().meta({ format: 'double' }),
  })
  .meta({
    id: 'scenario_v1_ScenarioResultTemplate',
    description: 'The template parameters the result was computed with.',
  });

export const ScenarioResult = z
  .object({
    affectedChokepointIds: z
      .array(z.string())
      .meta({ description: 'Disrupted chokepoints that the current chokepoint registry lists.' }),
    topImpactCountries: z
      .array(ScenarioImpactCountry)
      .meta({ description: 'Up to 20 countries, most affected first.' }),
    template: ScenarioResultTemplate,
  })
  .meta({
    id: 'scenario_v1_ScenarioResult',
    description: 'Outcome of a scenario, computed from the trade exposure snapshot.',
  });

export type ScenarioResult = z.infer<typeof ScenarioResult>;

export const GetScenarioStatusResponse = z
  .object({
    status: z.string().meta({
      description:
        '`pending` (queued), `processing`, `done` (with `result`), `failed` (with `error`), or `not_found` for an id this credential never queued.',
    }),
    result: ScenarioResult.optional(),
    error: z.string().meta({ description: 'Why the job failed or was not found; empty otherwise.' }),
  })
  .meta({ id: 'scenario_v1_GetScenarioStatusResponse', description: 'Where a scenario job stands.' });

export type GetScenarioStatusResponse = z.infer<typeof GetScenarioStatusResponse>;
