import { z } from 'zod';
import type { Dataset } from '../../../../platform/snapshots/dataset.js';
import { BASELINE_TYPES } from '../schemas.js';

export const TEMPORAL_BASELINES = 'infrastructure.temporal-baselines';

/** Counts older than this no longer describe the present (the published service kept 90 days). */
export const RETENTION_MS = 90 * 86_400_000;
/** At most this many counts are kept, newest first, so one snapshot stays small. */
export const MAX_SAMPLES = 50_000;

/** One recorded count. */
export interface BaselineSample {
  type: string;
  region: string;
  count: number;
  recordedAt: number;
}

const Sample = z.object({
  type: z.enum(BASELINE_TYPES),
  region: z.string().min(1).max(64),
  count: z.number().finite().min(0),
  recordedAt: z.string().refine((s) => Number.isFinite(Date.parse(s)), 'recordedAt must be an ISO 8601 time'),
});

const Document = z.object({
  format: z.literal('mds-temporal-baseline'),
  version: z.literal(1),
  samples: z.array(z.unknown()),
});

/**
 * Reads a baseline document (this service's own JSON export format: `{format, version, samples}`).
 * A document of another shape is refused; single samples that fail validation are skipped and
 * counted. Samples past the retention are dropped, the newest MAX_SAMPLES kept.
 */
export function parseBaselineDocument(
  input: Buffer | string,
  now: number,
): { samples: BaselineSample[]; rejected: number } {
  let json: unknown;
  try {
    json = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch (err) {
    throw new Error(`temporal baseline document is not JSON: ${(err as Error).message}`);
  }
  const doc = Document.safeParse(json);
  if (!doc.success)
    throw new Error('temporal baseline document must be {"format":"mds-temporal-baseline","version":1,"samples":[…]}');
  const samples: BaselineSample[] = [];
  let rejected = 0;
  for (const raw of doc.data.samples) {
    const s = Sample.safeParse(raw);
    if (!s.success) {
      rejected++;
      continue;
    }
    const recordedAt = Date.parse(s.data.recordedAt);
    if (now - recordedAt > RETENTION_MS) continue;
    samples.push({ type: s.data.type, region: s.data.region, count: s.data.count, recordedAt });
  }
  samples.sort((a, b) => a.recordedAt - b.recordedAt);
  return { samples: samples.slice(-MAX_SAMPLES), rejected };
}

export function baselineDocument(samples: readonly BaselineSample[]): Buffer {
  return Buffer.from(
    JSON.stringify({
      format: 'mds-temporal-baseline',
      version: 1,
      samples: samples.map((s) => ({ ...s, recordedAt: new Date(s.recordedAt).toISOString() })),
    }),
  );
}

/**
 * Recorded activity counts. There is no upstream: the bundled document seeds it and
 * record-baseline-snapshot publishes each new version through this parser, so recorded counts pass
 * the same validation as a loaded file. The live refresh leaves it alone (kind `recorded`).
 */
export const temporalBaselinesDataset: Dataset<BaselineSample> = {
  name: TEMPORAL_BASELINES,
  source: 'Counts recorded through record-baseline-snapshot',
  kind: 'recorded',
  maxStaleMinutes: 90 * 24 * 60,
  sources: {
    // No upstream address: the runner refuses a live fetch of a recorded dataset.
    baseline: { sample: 'infrastructure/temporal-baseline-samples.json' },
  },
  allowEmpty: true,
  parse(payloads, now) {
    const { samples, rejected } = parseBaselineDocument(payloads.baseline!, now);
    return { records: samples, info: { rejected } };
  },
};
