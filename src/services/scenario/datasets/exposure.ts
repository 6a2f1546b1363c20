import { z } from 'zod';
import type { Dataset } from '../../../platform/snapshots/dataset.js';
import type { TradeExposure } from '../rules.js';

export const TRADE_EXPOSURE = 'scenario.exposure';

export interface TradeExposureInfo {
  generatedAt: number;
}

const Doc = z.object({
  schema: z.literal('hs2-chokepoint-exposure/v1'),
  generatedAt: z.string(),
  rows: z.array(
    z.object({
      reporter: z.string(),
      hs2: z.string().regex(/^\d{2}$/),
      tradeValueUsd: z.number().min(0),
      vulnerabilityIndex: z.number().min(0).max(100),
      exposures: z.array(z.object({ chokepointId: z.string(), score: z.number().min(0).max(100) })),
    }),
  ),
});

/**
 * The exposure export (per reporter and HS2 chapter: how much of its trade crosses each chokepoint,
 * 0-100, derived from UN Comtrade bilateral HS4 flows) -> one row per reporter and chapter.
 * Rows with a malformed reporter are dropped; a repeated (reporter, chapter) keeps the first.
 */
export function parseTradeExposure(bytes: Buffer): { records: TradeExposure[]; info: TradeExposureInfo } {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new Error(`trade exposure export is not JSON: ${(err as Error).message}`);
  }
  const doc = Doc.safeParse(json);
  if (!doc.success)
    throw new Error(`trade exposure export has an unexpected shape: ${doc.error.issues[0]?.message ?? 'unknown'}`);
  const generatedAt = Date.parse(doc.data.generatedAt);
  if (!Number.isFinite(generatedAt)) throw new Error('trade exposure export has no valid generatedAt');
  const seen = new Set<string>();
  const records: TradeExposure[] = [];
  for (const r of doc.data.rows) {
    const iso2 = r.reporter.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(iso2) || seen.has(`${iso2}:${r.hs2}`)) continue;
    seen.add(`${iso2}:${r.hs2}`);
    records.push({
      iso2,
      hs2: r.hs2,
      tradeValueUsd: r.tradeValueUsd,
      vulnerabilityIndex: r.vulnerabilityIndex,
      exposures: r.exposures,
    });
  }
  return { records, info: { generatedAt } };
}

export const tradeExposureDataset: Dataset<TradeExposure, TradeExposureInfo> = {
  name: TRADE_EXPOSURE,
  source:
    'Derived here from UN Comtrade bilateral HS4 trade and the chokepoint sea routes, aggregated to HS2 ' +
    '(the model is not computed yet; serves its bundled sample, a replayed exposure table)',
  kind: 'derived',
  maxStaleMinutes: 60 * 24 * 4,
  sources: {
    exposure: {
      sample: 'scenario/hs2-chokepoint-exposure.json',
    },
  },
  parse(payloads) {
    return parseTradeExposure(payloads.exposure!);
  },
};
