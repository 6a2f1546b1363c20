import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import type { LedgerEntry } from '../rules.js';
import { isoMs, readJson } from './documents.js';

export const RESOLUTIONS = 'forecast.resolutions';

export interface ResolutionsInfo {
  generatedAt: number;
}

const Doc = z.object({
  schema: z.literal('forecast-ledger/v1'),
  generatedAt: z.string(),
  entries: z.array(
    z.object({
      forecastId: z.string().min(1),
      domain: z.string(),
      generationOrigin: z.string().default('detector'),
      probability: z.number(),
      marketProbability: z.number().nullable().optional(),
      published: z.boolean().default(true),
      publishedAt: z.string(),
      deadline: z.string(),
      status: z.enum(['pending', 'pending_judge', 'resolved', 'void']),
      outcome: z.enum(['yes', 'no']).nullable().optional(),
      resolvedAt: z.string().nullable().optional(),
    }),
  ),
});

/** The resolutions ledger (`forecast-ledger/v1`): one entry per published forecast with its resolution state. */
export function parseResolutions(bytes: Buffer): { records: LedgerEntry[]; info: ResolutionsInfo } {
  const doc = Doc.safeParse(readJson(bytes, 'forecast ledger'));
  if (!doc.success)
    throw new Error(`forecast ledger has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const records = doc.data.entries.map((e): LedgerEntry => {
    if (e.status === 'resolved' && !e.outcome)
      throw new Error(`forecast ledger entry ${e.forecastId} is resolved without an outcome`);
    return {
      forecastId: e.forecastId,
      domain: e.domain,
      generationOrigin: e.generationOrigin,
      probability: e.probability,
      marketProbability: e.marketProbability ?? null,
      published: e.published,
      publishedAt: isoMs(e.publishedAt, `ledger ${e.forecastId} publishedAt`),
      deadline: isoMs(e.deadline, `ledger ${e.forecastId} deadline`),
      status: e.status,
      outcome: e.status === 'resolved' ? (e.outcome ?? null) : null,
      resolvedAt: e.resolvedAt ? isoMs(e.resolvedAt, `ledger ${e.forecastId} resolvedAt`) : null,
    };
  });
  return { records, info: { generatedAt: isoMs(doc.data.generatedAt, 'forecast ledger generatedAt') } };
}

export const resolutionsDataset: Dataset<LedgerEntry, ResolutionsInfo> = {
  name: RESOLUTIONS,
  source:
    'Derived here from the forecast snapshots and their resolution rules, a 180-day ledger ' +
    '(not computed yet; serves its bundled sample, a replayed resolutions ledger)',
  // Daily in the published pipeline; 36 hours without a new ledger is stale.
  kind: 'derived',
  maxStaleMinutes: 36 * 60,
  sources: { ledger: { sample: 'forecast/forecast-resolutions.json' } },
  parse(payloads) {
    return parseResolutions(payloads.ledger!);
  },
};
