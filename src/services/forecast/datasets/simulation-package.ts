import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import { RUN_ID_PATTERN, type Theater } from '../rules.js';
import { isoMs, readJson } from './documents.js';

export const SIMULATION_PACKAGE = 'forecast.simulation-package';

export interface SimulationPackageInfo {
  runId: string;
  schemaVersion: string;
  generatedAt: number;
  /** First 16 hex digits of SHA-256(pkgKey). */
  fingerprint: string;
}

const Doc = z.object({
  schema: z.literal('simulation-package/v1'),
  runId: z.string().regex(RUN_ID_PATTERN, 'runId must look like <13+ digit ms>-<slug>'),
  pkgKey: z.string().min(1),
  schemaVersion: z.string(),
  generatedAt: z.string(),
  theaters: z.array(z.object({ id: z.string().min(1), label: z.string(), forecastIds: z.array(z.string()) })),
});

/** The latest simulation package written by the forecast deep run: its run id and theaters (one row each). */
export function parseSimulationPackage(bytes: Buffer): { records: Theater[]; info: SimulationPackageInfo } {
  const doc = Doc.safeParse(readJson(bytes, 'simulation package'));
  if (!doc.success)
    throw new Error(`simulation package has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const d = doc.data;
  return {
    records: d.theaters,
    info: {
      runId: d.runId,
      schemaVersion: d.schemaVersion,
      generatedAt: isoMs(d.generatedAt, 'simulation package generatedAt'),
      fingerprint: createHash('sha256').update(d.pkgKey).digest('hex').slice(0, 16),
    },
  };
}

export const simulationPackageDataset: Dataset<Theater, SimulationPackageInfo> = {
  name: SIMULATION_PACKAGE,
  source:
    'Derived here from the forecast snapshot, its forecasts grouped by theater ' +
    '(not computed yet; serves its bundled sample, a replayed package pointer)',
  kind: 'derived',
  maxStaleMinutes: 24 * 60,
  // A package may legitimately have no theaters.
  allowEmpty: true,
  sources: { pointer: { sample: 'forecast/simulation-package.json' } },
  parse(payloads) {
    return parseSimulationPackage(payloads.pointer!);
  },
};
