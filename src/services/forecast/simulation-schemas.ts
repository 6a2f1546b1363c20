import { z } from 'zod';
import { stringParam } from '../../platform/query-params.js';

const i32 = (description?: string) =>
  z
    .number()
    .int()
    .meta({ format: 'int32', ...(description ? { description } : {}) });
const i64 = (description: string) => z.number().int().meta({ format: 'int64', description });

export const GetSimulationPackageRequest = z
  .object({
    runId: stringParam('Run id you expect; the latest package is always returned, with a note when it differs.', 128),
  })
  .meta({ id: 'forecast_v1_GetSimulationPackageRequest' });

export const GetSimulationPackageResponse = z
  .object({
    found: z.boolean(),
    runId: z.string(),
    schemaVersion: z.string(),
    theaterCount: i32(),
    generatedAt: i64('Epoch ms; 0 when not found.'),
    note: z.string(),
    error: z.string(),
  })
  .meta({ id: 'forecast_v1_GetSimulationPackageResponse', description: 'The latest simulation package.' });

export type GetSimulationPackageResponse = z.infer<typeof GetSimulationPackageResponse>;

export const GetSimulationOutcomeRequest = z
  .object({ runId: stringParam('Package run id; empty for your latest finished simulation.', 128) })
  .meta({ id: 'forecast_v1_GetSimulationOutcomeRequest' });

export const GetSimulationOutcomeResponse = z
  .object({
    found: z.boolean(),
    runId: z.string(),
    schemaVersion: z.string(),
    theaterCount: i32(),
    generatedAt: i64('When the simulation finished, epoch ms; 0 when not found.'),
    note: z.string(),
    error: z.string(),
    theaterSummariesJson: z.string().meta({ description: 'JSON array of per-theater outcomes; empty when none.' }),
    processing: z.boolean().meta({ description: 'Your simulation of this run is queued or running.' }),
    eligibleTheaterCount: i32(),
    failedTheaterCount: i32(),
    allTheatersFailed: z.boolean(),
    completionStatus: z.string().meta({
      description: '`completed`, `partial`, `no_eligible_theaters` or `all_theaters_failed`; empty when not found.',
    }),
  })
  .meta({ id: 'forecast_v1_GetSimulationOutcomeResponse', description: 'The outcome of a simulation you triggered.' });

export type GetSimulationOutcomeResponse = z.infer<typeof GetSimulationOutcomeResponse>;

export const TriggerSimulationRequest = z
  .object({
    clientVersion: z
      .string()
      .max(64)
      .optional()
      .meta({ description: 'Your client version (recorded with the job only).' }),
  })
  .meta({ id: 'forecast_v1_TriggerSimulationRequest' });

export const TriggerSimulationResponse = z
  .object({
    queued: z.boolean().meta({ description: 'A new simulation job was queued.' }),
    runId: z.string(),
    pkgFingerprint: z.string().meta({ description: 'First 16 hex digits of the SHA-256 of the package key.' }),
    reason: z.string().meta({
      description: 'Empty when queued; `no_package` or `already-handled` (you already have a job for this run).',
    }),
  })
  .meta({ id: 'forecast_v1_TriggerSimulationResponse', description: 'What trigger-simulation did.' });

export type TriggerSimulationResponse = z.infer<typeof TriggerSimulationResponse>;
